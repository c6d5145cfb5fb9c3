package dev.spendline.contracts.usage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class InternalUsageReaderTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00Z");

    /** Valid with the default cost basis (price_book), which needs provider and model. */
    static final String VALID =
            """
            {"sourceKey":"claude-code-collector","sourceKind":"collector","tool":"claude_code",
             "employeeEmail":"ada@example.com","inputTokens":1000,"outputTokens":200,
             "provider":"anthropic","model":"claude-sonnet-4-5"}""";

    static ObjectNode valid() {
        return (ObjectNode) Json.MAPPER.readTree(VALID);
    }

    static ObjectNode validWith(String field, String jsonLiteral) {
        ObjectNode node = valid();
        node.set(field, Json.MAPPER.readTree(jsonLiteral));
        return node;
    }

    static ObjectNode validWithout(String... fields) {
        ObjectNode node = valid();
        for (String field : fields) {
            node.remove(field);
        }
        return node;
    }

    static List<FieldError> errorsOf(JsonNode node) {
        return errorsOf(node, "");
    }

    static List<FieldError> errorsOf(JsonNode node, String base) {
        List<FieldError> errors = new ArrayList<>();
        InternalUsageRow row = InternalUsageReader.read(node, base, RECEIVED_AT, errors);
        if (errors.isEmpty()) {
            assertThat(row).isNotNull();
        } else {
            assertThat(row).isNull();
        }
        return errors;
    }

    static InternalUsageRow accepted(JsonNode node) {
        List<FieldError> errors = new ArrayList<>();
        InternalUsageRow row = InternalUsageReader.read(node, "", RECEIVED_AT, errors);
        assertThat(errors).isEmpty();
        assertThat(row).isNotNull();
        return row;
    }

    static FieldError error(String pointer, String message) {
        return new FieldError(pointer, message);
    }

    static String json(String text) {
        return Json.MAPPER.writeValueAsString(text);
    }

    @Test
    void mapsAFullValidRowWithEveryField() {
        InternalUsageRow row = accepted(
                Json.MAPPER.readTree(
                        """
                {"sourceKey":"cursor-admin-export","sourceName":"Cursor admin export","sourceKind":"billing_export",
                 "tool":"cursor","category":"coding_agent","employeeEmail":"Grace.Hopper@Example.COM",
                 "employeeName":"Grace Hopper","teamName":"Platform","provider":"openai","model":"gpt-5",
                 "inputTokens":5000,"cachedInputTokens":4000,"outputTokens":700,"costBasis":"reported",
                 "ts":"2026-11-21T09:00:00+02:00","costUsd":0.000015,"externalId":"row-2026-11-21-42"}"""));
        assertThat(row)
                .isEqualTo(new InternalUsageRow(
                        "cursor-admin-export",
                        "Cursor admin export",
                        "billing_export",
                        "cursor",
                        "coding_agent",
                        "grace.hopper@example.com",
                        "Grace Hopper",
                        "Platform",
                        "openai",
                        "gpt-5",
                        5000,
                        4000,
                        700,
                        "reported",
                        Instant.parse("2026-11-21T07:00:00Z"),
                        new BigDecimal("0.000015"),
                        "row-2026-11-21-42"));
        assertThat(row.hasIdentity()).isTrue();
    }

    @Test
    void mapsAMinimalRowWithDefaults() {
        InternalUsageRow row = accepted(valid());
        assertThat(row)
                .isEqualTo(new InternalUsageRow(
                        "claude-code-collector",
                        null,
                        "collector",
                        "claude_code",
                        "other",
                        "ada@example.com",
                        null,
                        null,
                        "anthropic",
                        "claude-sonnet-4-5",
                        1000,
                        0,
                        200,
                        "price_book",
                        RECEIVED_AT,
                        null,
                        null));
        assertThat(row.hasIdentity()).isFalse();
    }

    // ---- required ------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"sourceKey", "sourceKind", "tool", "employeeEmail", "inputTokens", "outputTokens"})
    void rejectsRowWithoutRequiredField(String field) {
        assertThat(errorsOf(validWithout(field))).containsExactly(error("/" + field, "is required"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sourceKey", "sourceKind", "tool", "employeeEmail", "inputTokens", "outputTokens"})
    void treatsNullRequiredFieldAsMissing(String field) {
        assertThat(errorsOf(validWith(field, "null"))).containsExactly(error("/" + field, "is required"));
    }

    @Test
    void rejectsNonObjectRowAtTheBasePointer() {
        assertThat(errorsOf(Json.MAPPER.readTree("[1]"), "/rows/7"))
                .containsExactly(error("/rows/7", "must be a JSON object"));
        assertThat(errorsOf(Json.MAPPER.readTree("\"row\""), "")).containsExactly(error("", "must be a JSON object"));
    }

    @Test
    void prefixesEveryPointerWithTheBase() {
        ObjectNode node = validWithout("tool");
        node.put("category", "ide");
        assertThat(errorsOf(node, "/rows/7"))
                .containsExactly(
                        error("/rows/7/tool", "is required"),
                        error(
                                "/rows/7/category",
                                "must be one of api, chat_assistant, code_completion, coding_agent, other"));
    }

    // ---- enums ---------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"slack", "Collector", "API", "billing-export"})
    void rejectsUnknownSourceKind(String kind) {
        assertThat(errorsOf(validWith("sourceKind", json(kind))))
                .containsExactly(error("/sourceKind", "must be one of api, billing_export, ci, collector, import"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"collector", "api", "billing_export", "import", "ci"})
    void acceptsEverySourceKind(String kind) {
        assertThat(accepted(validWith("sourceKind", json(kind))).sourceKind()).isEqualTo(kind);
    }

    @Test
    void rejectsSourceKindOfWrongType() {
        assertThat(errorsOf(validWith("sourceKind", "1"))).containsExactly(error("/sourceKind", "must be a string"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ide", "Coding_Agent", "chat"})
    void rejectsUnknownCategory(String category) {
        assertThat(errorsOf(validWith("category", json(category))))
                .containsExactly(
                        error("/category", "must be one of api, chat_assistant, code_completion, coding_agent, other"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"coding_agent", "code_completion", "chat_assistant", "api", "other"})
    void acceptsEveryCategory(String category) {
        assertThat(accepted(validWith("category", json(category))).category()).isEqualTo(category);
    }

    @Test
    void defaultsCategoryToOther() {
        assertThat(accepted(valid()).category()).isEqualTo("other");
    }

    @ParameterizedTest
    @ValueSource(strings = {"estimated", "Reported", "seat"})
    void rejectsUnknownCostBasis(String basis) {
        assertThat(errorsOf(validWith("costBasis", json(basis))))
                .containsExactly(error("/costBasis", "must be one of price_book, reported, subscription"));
    }

    // ---- tool ----------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"Claude Code", "claude code", "ClaudeCode", "Cursor", "-codex", "_x", "copilot!"})
    void rejectsToolThatIsNotALowerCaseSlug(String tool) {
        assertThat(errorsOf(validWith("tool", json(tool))))
                .containsExactly(error("/tool", "must be a lower-case slug such as claude_code, codex or cursor"));
    }

    @Test
    void rejectsToolSlugLongerThan64Characters() {
        assertThat(errorsOf(validWith("tool", json("a".repeat(65)))))
                .containsExactly(error("/tool", "must be a lower-case slug such as claude_code, codex or cursor"));
        assertThat(accepted(validWith("tool", json("a".repeat(64)))).tool()).hasSize(64);
    }

    @ParameterizedTest
    @ValueSource(strings = {"claude_code", "codex", "cursor", "github-copilot", "gpt4.1", "9lives"})
    void acceptsToolSlug(String tool) {
        assertThat(accepted(validWith("tool", json(tool))).tool()).isEqualTo(tool);
    }

    // ---- e-mail --------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"not-an-email", "a@b", "a b@c.d", "@example.com", "a@@b.c", "a@b.", "a@.com"})
    void rejectsInvalidEmployeeEmail(String email) {
        assertThat(errorsOf(validWith("employeeEmail", json(email))))
                .containsExactly(error("/employeeEmail", "must be an e-mail address"));
    }

    @Test
    void lowerCasesEmployeeEmail() {
        assertThat(accepted(validWith("employeeEmail", json("Ada.Lovelace@Example.COM")))
                        .employeeEmail())
                .isEqualTo("ada.lovelace@example.com");
    }

    @Test
    void rejectsEmployeeEmailOverMaxLength() {
        String email = "a".repeat(64) + "@" + "b".repeat(189) + ".com"; // 258
        assertThat(errorsOf(validWith("employeeEmail", json(email))))
                .containsExactly(error("/employeeEmail", "must be at most 256 characters"));
    }

    // ---- tokens --------------------------------------------------------------------------

    @Test
    void rejectsCachedInputTokensAboveInputTokens() {
        assertThat(errorsOf(validWith("cachedInputTokens", "1001")))
                .containsExactly(error("/cachedInputTokens", "must not exceed inputTokens, which includes them"));
    }

    @Test
    void acceptsCachedInputTokensEqualToInputTokens() {
        assertThat(accepted(validWith("cachedInputTokens", "1000")).cachedInputTokens())
                .isEqualTo(1000);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "inputTokens,       -1,         must not be negative",
        "outputTokens,      2.5,        must be a whole number",
        "cachedInputTokens, '\"5\"',    must be a number",
        "inputTokens,       1000000001, must be at most 1000000000",
        "outputTokens,      1e400,      must be at most 1000000000",
    })
    void rejectsInvalidTokenCount(String field, String literal, String message) {
        assertThat(errorsOf(validWith(field, literal))).containsExactly(error("/" + field, message));
    }

    // ---- cost basis ----------------------------------------------------------------------

    @Test
    void defaultsCostBasisToReportedWhenCostUsdIsPresent() {
        InternalUsageRow row = accepted(validWith("costUsd", "1.25"));
        assertThat(row.costBasis()).isEqualTo("reported");
        assertThat(row.costUsd()).isEqualTo(new BigDecimal("1.25"));
    }

    @Test
    void defaultsCostBasisToPriceBookWhenCostUsdIsAbsent() {
        InternalUsageRow row = accepted(valid());
        assertThat(row.costBasis()).isEqualTo("price_book");
        assertThat(row.costUsd()).isNull();
    }

    @Test
    void reportedNeedsNoProviderOrModel() {
        ObjectNode node = validWithout("provider", "model");
        node.put("costBasis", "reported");
        node.put("costUsd", new BigDecimal("0.42"));
        InternalUsageRow row = accepted(node);
        assertThat(row.provider()).isNull();
        assertThat(row.costUsd()).isEqualTo(new BigDecimal("0.42"));
    }

    @Test
    void rejectsReportedWithoutCostUsd() {
        assertThat(errorsOf(validWith("costBasis", "\"reported\"")))
                .containsExactly(error("/costUsd", "is required when costBasis is reported"));
    }

    @Test
    void rejectsPriceBookWithCostUsd() {
        ObjectNode node = validWith("costBasis", "\"price_book\"");
        node.put("costUsd", 1);
        assertThat(errorsOf(node))
                .containsExactly(
                        error("/costUsd", "must be absent when costBasis is price_book; Spendline prices the tokens"));
    }

    @Test
    void rejectsPriceBookWithoutProvider() {
        assertThat(errorsOf(validWithout("provider")))
                .containsExactly(error("/provider", "is required when costBasis is price_book"));
    }

    @Test
    void rejectsPriceBookWithoutModel() {
        ObjectNode node = validWithout("model");
        node.put("costBasis", "price_book");
        assertThat(errorsOf(node)).containsExactly(error("/model", "is required when costBasis is price_book"));
    }

    @Test
    void rejectsPriceBookWithoutProviderAndModelWithBothErrors() {
        assertThat(errorsOf(validWithout("provider", "model")))
                .containsExactly(
                        error("/provider", "is required when costBasis is price_book"),
                        error("/model", "is required when costBasis is price_book"));
    }

    @Test
    void defaultsCostBasisFromThePresenceOfCostUsdEvenWhenItIsInvalid() {
        assertThat(errorsOf(validWith("costUsd", "-1"))).containsExactly(error("/costUsd", "must not be negative"));
    }

    @Test
    void subscriptionDropsCostUsd() {
        ObjectNode node = validWithout("provider", "model");
        node.put("costBasis", "subscription");
        node.put("costUsd", new BigDecimal("20.00"));
        InternalUsageRow row = accepted(node);
        assertThat(row.costBasis()).isEqualTo("subscription");
        assertThat(row.costUsd()).isNull();
    }

    @Test
    void rejectsNegativeOrTooLargeCostUsd() {
        ObjectNode node = validWith("costBasis", "\"reported\"");
        node.put("costUsd", new BigDecimal("100000.01"));
        assertThat(errorsOf(node)).containsExactly(error("/costUsd", "must be at most 100000"));
    }

    // ---- extensions ----------------------------------------------------------------------

    @Test
    void acceptsExtensionsTsCostUsdAndExternalId() {
        ObjectNode node = validWithout("provider", "model");
        node.put("ts", "2026-11-21T09:00:00+02:00");
        node.put("costUsd", new BigDecimal("0.123456789012"));
        node.put("externalId", "row-42");
        InternalUsageRow row = accepted(node);
        assertThat(row.ts()).isEqualTo(Instant.parse("2026-11-21T07:00:00Z"));
        assertThat(row.costUsd()).isEqualTo(new BigDecimal("0.123456789012"));
        assertThat(row.externalId()).isEqualTo("row-42");
        assertThat(row.hasIdentity()).isTrue();
    }

    @Test
    void defaultsTsToReceivedAt() {
        assertThat(accepted(valid()).ts()).isEqualTo(RECEIVED_AT);
    }

    @Test
    void appliesTheSameTsRulesAsEvents() {
        assertThat(errorsOf(validWith("ts", "\"2026-11-22T10:00:00\"")))
                .containsExactly(
                        error("/ts", "must be an ISO 8601 date-time with an offset, e.g. 2026-11-22T10:15:30Z"));
        assertThat(errorsOf(validWith("ts", "\"2026-11-24T10:00:00Z\"")))
                .containsExactly(error("/ts", "must not be more than 24 hours in the future"));
        assertThat(errorsOf(validWith("ts", "\"2014-06-01T00:00:00Z\"")))
                .containsExactly(error("/ts", "must not be before 2015-01-01T00:00:00Z"));
    }

    // ---- strings and unknown fields ------------------------------------------------------

    @Test
    void rejectsUnknownField() {
        assertThat(errorsOf(validWith("department", "\"R&D\"")))
                .containsExactly(error("/department", "is not a known field"));
    }

    @Test
    void rejectsSnakeCaseTypoOfAKnownField() {
        ObjectNode node = validWithout("employeeEmail");
        node.put("employee_email", "ada@example.com");
        assertThat(errorsOf(node))
                .containsExactly(
                        error("/employeeEmail", "is required"), error("/employee_email", "is not a known field"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            sourceKey    | ''
            teamName     | '   '
            employeeName | 'Ada\nLovelace'
            sourceName   | 'x\u0000'
            externalId   | ''
            """)
    void rejectsEmptyOrControlCharacterStrings(String field, String value) {
        String text = value.replace("\\n", "\n").replace("\\u0000", "\u0000");
        String message =
                text.isBlank() ? "must not be empty; omit the field instead" : "must not contain control characters";
        assertThat(errorsOf(validWith(field, json(text)))).containsExactly(error("/" + field, message));
    }

    @ParameterizedTest(name = "{0} max {1}")
    @CsvSource({"sourceKey, 128", "sourceName, 200", "employeeName, 200", "teamName, 200", "externalId, 256"})
    void rejectsStringOverMaxLength(String field, int max) {
        assertThat(accepted(validWith(field, json("x".repeat(max))))).isNotNull();
        assertThat(errorsOf(validWith(field, json("x".repeat(max + 1)))))
                .containsExactly(error("/" + field, "must be at most " + max + " characters"));
    }

    @Test
    void reportsAllErrorsOfOneRowTogether() {
        List<FieldError> errors = errorsOf(
                Json.MAPPER.readTree(
                        """
                {"sourceKind":"slack","tool":"Claude Code","employeeEmail":"a@b","inputTokens":10,
                 "cachedInputTokens":11,"outputTokens":1,"costBasis":"subscription","tenantId":"x"}"""));
        assertThat(errors)
                .containsExactly(
                        error("/sourceKey", "is required"),
                        error("/sourceKind", "must be one of api, billing_export, ci, collector, import"),
                        error("/tool", "must be a lower-case slug such as claude_code, codex or cursor"),
                        error("/employeeEmail", "must be an e-mail address"),
                        error("/tenantId", "is not a known field"),
                        error("/cachedInputTokens", "must not exceed inputTokens, which includes them"));
    }
}
