package dev.spendline.contracts.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ProductEventReaderTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00Z");

    static final String VALID =
            """
            {"provider":"openai","model":"gpt-4o-mini","promptTokens":1000,"outputTokens":200,"costUsd":0.000315}""";

    // ---- helpers -------------------------------------------------------------------------

    static ObjectNode valid() {
        return (ObjectNode) Json.MAPPER.readTree(VALID);
    }

    /** The valid event with one field set to a raw JSON literal. */
    static ObjectNode validWith(String field, String jsonLiteral) {
        ObjectNode node = valid();
        node.set(field, Json.MAPPER.readTree(jsonLiteral));
        return node;
    }

    static JsonNode metadataEvent(String metadataJson) {
        return validWith("metadata", metadataJson);
    }

    static List<FieldError> errorsOf(JsonNode node) {
        return errorsOf(node, "");
    }

    static List<FieldError> errorsOf(JsonNode node, String base) {
        List<FieldError> errors = new ArrayList<>();
        ProductEvent event = ProductEventReader.read(node, base, RECEIVED_AT, errors);
        if (errors.isEmpty()) {
            assertThat(event).as("an event without errors is returned").isNotNull();
        } else {
            assertThat(event).as("an event with errors is not returned").isNull();
        }
        return errors;
    }

    static List<FieldError> errorsOf(String json) {
        return errorsOf(Json.MAPPER.readTree(json));
    }

    static ProductEvent accepted(JsonNode node) {
        List<FieldError> errors = new ArrayList<>();
        ProductEvent event = ProductEventReader.read(node, "", RECEIVED_AT, errors);
        assertThat(errors).isEmpty();
        assertThat(event).isNotNull();
        return event;
    }

    static FieldError error(String pointer, String message) {
        return new FieldError(pointer, message);
    }

    static String json(String text) {
        return Json.MAPPER.writeValueAsString(text);
    }

    // ---- a valid event -------------------------------------------------------------------

    @Test
    void mapsAFullValidEventWithEveryField() {
        ProductEvent event = accepted(
                Json.MAPPER.readTree(
                        """
                {
                  "provider": "anthropic", "model": "claude-sonnet-4-5",
                  "promptTokens": 1200, "outputTokens": 300, "costUsd": 0.000015,
                  "source": "billing-importer", "externalId": "req_01HZX",
                  "ts": "2026-11-22T09:59:58.250Z", "totalTokens": 1500,
                  "cacheReadTokens": 800, "cacheWriteTokens": 100, "latencyMs": 1830,
                  "status": "error", "feature": "/api/summarize", "tenantId": "acme-corp",
                  "userId": "user-17", "agentId": "support-agent", "workflowId": "ticket-triage",
                  "runId": "run-9001", "stepId": "classify", "toolName": "search_kb",
                  "retryCount": 2, "outcome": "escalated",
                  "metadata": {"region": "eu-west-1", "experiment": {"arm": "b"}}
                }"""));

        ProductEvent expected = new ProductEvent(
                "anthropic",
                "claude-sonnet-4-5",
                1200,
                300,
                new BigDecimal("0.000015"),
                "billing-importer",
                "req_01HZX",
                Instant.parse("2026-11-22T09:59:58.250Z"),
                1500L,
                800L,
                100L,
                1830L,
                "error",
                "/api/summarize",
                "acme-corp",
                "user-17",
                "support-agent",
                "ticket-triage",
                "run-9001",
                "classify",
                "search_kb",
                2L,
                "escalated",
                Json.MAPPER.readTree("{\"region\":\"eu-west-1\",\"experiment\":{\"arm\":\"b\"}}"));
        assertThat(event).isEqualTo(expected);
        assertThat(event.costUsd()).isEqualTo(new BigDecimal("0.000015")); // same scale: exact
        assertThat(event.costUsd().toPlainString()).isEqualTo("0.000015");
        assertThat(event.hasIdentity()).isTrue();
        assertThat(event.failed()).isTrue();
        assertThat(event.retries()).isEqualTo(2);
    }

    @Test
    void mapsAMinimalEventWithOptionalFieldsNull() {
        ProductEvent event = accepted(valid());
        assertThat(event.provider()).isEqualTo("openai");
        assertThat(event.model()).isEqualTo("gpt-4o-mini");
        assertThat(event.promptTokens()).isEqualTo(1000);
        assertThat(event.outputTokens()).isEqualTo(200);
        assertThat(event.costUsd()).isEqualTo(new BigDecimal("0.000315"));
        assertThat(event.source()).isNull();
        assertThat(event.externalId()).isNull();
        assertThat(event.totalTokens()).isNull();
        assertThat(event.cacheReadTokens()).isNull();
        assertThat(event.cacheWriteTokens()).isNull();
        assertThat(event.latencyMs()).isNull();
        assertThat(event.status()).isNull();
        assertThat(event.tenantId()).isNull();
        assertThat(event.retryCount()).isNull();
        assertThat(event.metadata()).isNull();
        assertThat(event.hasIdentity()).isFalse();
        assertThat(event.failed()).isFalse();
        assertThat(event.retries()).isZero();
    }

    @Test
    void keepsCostUsdExactlyAsWritten() {
        assertThat(accepted(validWith("costUsd", "0.1")).costUsd()).isEqualTo(new BigDecimal("0.1"));
        assertThat(accepted(validWith("costUsd", "0.123456789012345678")).costUsd())
                .isEqualTo(new BigDecimal("0.123456789012345678"));
        assertThat(accepted(validWith("costUsd", "0")).costUsd()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(accepted(validWith("costUsd", "100000")).costUsd()).isEqualByComparingTo("100000");
    }

    // ---- required fields -----------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"provider", "model", "promptTokens", "outputTokens", "costUsd"})
    void rejectsEventWithoutRequiredField(String field) {
        ObjectNode node = valid();
        node.remove(field);
        assertThat(errorsOf(node)).containsExactly(error("/" + field, "is required"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"provider", "model", "promptTokens", "outputTokens", "costUsd"})
    void treatsNullRequiredFieldAsMissing(String field) {
        assertThat(errorsOf(validWith(field, "null"))).containsExactly(error("/" + field, "is required"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "source",
                "externalId",
                "ts",
                "totalTokens",
                "cacheReadTokens",
                "cacheWriteTokens",
                "latencyMs",
                "status",
                "feature",
                "tenantId",
                "userId",
                "agentId",
                "workflowId",
                "runId",
                "stepId",
                "toolName",
                "retryCount",
                "outcome",
                "metadata"
            })
    void treatsNullOptionalFieldAsAbsent(String field) {
        ProductEvent event = accepted(validWith(field, "null"));
        assertThat(event).isEqualTo(accepted(valid()));
        assertThat(event.ts()).isEqualTo(RECEIVED_AT);
    }

    // ---- types ---------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            provider       | 42               | must be a string
            provider       | true             | must be a string
            model          | {"name":"gpt"}   | must be a string
            model          | ["gpt"]          | must be a string
            tenantId       | 12345            | must be a string
            feature        | false            | must be a string
            status         | 1                | must be a string
            outcome        | {}               | must be a string
            promptTokens   | "1000"           | must be a number
            outputTokens   | true             | must be a number
            costUsd        | "0.01"           | must be a number
            costUsd        | {"usd":1}        | must be a number
            totalTokens    | [1200]           | must be a number
            latencyMs      | "120ms"          | must be a number
            retryCount     | false            | must be a number
            ts             | 1795341600       | must be an ISO 8601 date-time string with an offset, e.g. 2026-11-22T10:15:30Z
            ts             | true             | must be an ISO 8601 date-time string with an offset, e.g. 2026-11-22T10:15:30Z
            """)
    void rejectsWrongType(String field, String literal, String message) {
        assertThat(errorsOf(validWith(field, literal))).containsExactly(error("/" + field, message));
    }

    // ---- numbers -------------------------------------------------------------------------

    static Stream<String> countFields() {
        return Stream.of(
                "promptTokens",
                "outputTokens",
                "totalTokens",
                "cacheReadTokens",
                "cacheWriteTokens",
                "latencyMs",
                "retryCount");
    }

    @ParameterizedTest
    @MethodSource("countFields")
    void rejectsNegativeCount(String field) {
        assertThat(errorsOf(validWith(field, "-1"))).containsExactly(error("/" + field, "must not be negative"));
    }

    @Test
    void rejectsNegativeCost() {
        assertThat(errorsOf(validWith("costUsd", "-0.01"))).containsExactly(error("/costUsd", "must not be negative"));
    }

    @Test
    void acceptsNegativeZeroAsZero() {
        assertThat(accepted(validWith("outputTokens", "-0")).outputTokens()).isZero();
        assertThat(accepted(validWith("costUsd", "-0.0")).costUsd()).isEqualByComparingTo("0");
    }

    @ParameterizedTest
    @MethodSource("countFields")
    void rejectsFractionalCount(String field) {
        assertThat(errorsOf(validWith(field, "12.5"))).containsExactly(error("/" + field, "must be a whole number"));
    }

    @Test
    void acceptsWholeNumbersWrittenWithDecimalsOrExponent() {
        assertThat(accepted(validWith("retryCount", "12.0")).retryCount()).isEqualTo(12L);
        assertThat(accepted(validWith("latencyMs", "12.000")).latencyMs()).isEqualTo(12L);
        assertThat(accepted(validWith("outputTokens", "1.2e2")).outputTokens()).isEqualTo(120L);
        assertThat(accepted(validWith("promptTokens", "1E3")).promptTokens()).isEqualTo(1000L);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "promptTokens,     1000000001, must be at most 1000000000",
        "outputTokens,     1000000001, must be at most 1000000000",
        "cacheReadTokens,  1000000001, must be at most 1000000000",
        "cacheWriteTokens, 1000000001, must be at most 1000000000",
        "totalTokens,      2000000001, must be at most 2000000000",
        "latencyMs,        86400001,   must be at most 86400000",
        "retryCount,       1001,       must be at most 1000",
        "costUsd,          100000.000001, must be at most 100000",
    })
    void rejectsValueOverItsMaximum(String field, String literal, String message) {
        assertThat(errorsOf(validWith(field, literal))).containsExactly(error("/" + field, message));
    }

    @Test
    void acceptsValuesExactlyAtEachMaximum() {
        ProductEvent event = accepted(
                Json.MAPPER.readTree(
                        """
                {"provider":"p","model":"m","promptTokens":1000000000,"outputTokens":1000000000,
                 "costUsd":100000,"totalTokens":2000000000,"cacheReadTokens":500000000,
                 "cacheWriteTokens":500000000,"latencyMs":86400000,"retryCount":1000}"""));
        assertThat(event.promptTokens()).isEqualTo(1_000_000_000L);
        assertThat(event.totalTokens()).isEqualTo(2_000_000_000L);
        assertThat(event.latencyMs()).isEqualTo(86_400_000L);
        assertThat(event.retryCount()).isEqualTo(1000L);
        assertThat(event.costUsd()).isEqualByComparingTo("100000");
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({
        "promptTokens, 1e400,                          must be at most 1000000000",
        "promptTokens, 123456789012345678901234567890, must be at most 1000000000",
        "latencyMs,    1e400,                          must be at most 86400000",
        "costUsd,      1e400,                          must be at most 100000",
        "costUsd,      123456789012345678901234567890, must be at most 100000",
        "costUsd,      -1e400,                         must not be negative",
        "retryCount,   -123456789012345678901234567890, must not be negative",
    })
    void rejectsHugeNumbersWithoutOverflow(String field, String literal, String message) {
        assertThat(errorsOf(validWith(field, literal))).containsExactly(error("/" + field, message));
    }

    @Test
    void rejectsCostWithAbsurdNumberOfDecimals() {
        List<FieldError> errors = errorsOf(validWith("costUsd", "1e-1000000000"));
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0).pointer()).isEqualTo("/costUsd");
        assertThat(errors.get(0).message()).isEqualTo("must have at most 20 decimal places");
    }

    // ---- cross-field rules ---------------------------------------------------------------

    @Test
    void rejectsSourceWithoutExternalId() {
        assertThat(errorsOf(validWith("source", "\"billing-importer\"")))
                .containsExactly(error("/externalId", "is required when source is given"));
    }

    @Test
    void rejectsExternalIdWithoutSource() {
        assertThat(errorsOf(validWith("externalId", "\"req-1\"")))
                .containsExactly(error("/source", "is required when externalId is given"));
    }

    @Test
    void acceptsSourceTogetherWithExternalId() {
        ObjectNode node = validWith("source", "\"billing-importer\"");
        node.put("externalId", "req-1");
        ProductEvent event = accepted(node);
        assertThat(event.source()).isEqualTo("billing-importer");
        assertThat(event.externalId()).isEqualTo("req-1");
        assertThat(event.hasIdentity()).isTrue();
    }

    @Test
    void rejectsCachedTokensExceedingPromptTokens() {
        ObjectNode node = validWith("cacheReadTokens", "600");
        node.put("cacheWriteTokens", 401); // 1001 > promptTokens 1000
        assertThat(errorsOf(node))
                .containsExactly(error(
                        "/cacheReadTokens",
                        "cacheReadTokens + cacheWriteTokens must not exceed promptTokens, which includes them"));
    }

    @Test
    void rejectsCacheWriteTokensAloneExceedingPromptTokens() {
        assertThat(errorsOf(validWith("cacheWriteTokens", "1001")))
                .containsExactly(error(
                        "/cacheReadTokens",
                        "cacheReadTokens + cacheWriteTokens must not exceed promptTokens, which includes them"));
    }

    @Test
    void acceptsCachedTokensEqualToPromptTokens() {
        ObjectNode node = validWith("cacheReadTokens", "600");
        node.put("cacheWriteTokens", 400);
        ProductEvent event = accepted(node);
        assertThat(event.cacheReadTokens()).isEqualTo(600L);
        assertThat(event.cacheWriteTokens()).isEqualTo(400L);
    }

    @Test
    void rejectsTotalTokensBelowPromptPlusOutput() {
        assertThat(errorsOf(validWith("totalTokens", "1199")))
                .containsExactly(error("/totalTokens", "must be at least promptTokens + outputTokens"));
    }

    @Test
    void acceptsTotalTokensAtOrAbovePromptPlusOutput() {
        assertThat(accepted(validWith("totalTokens", "1200")).totalTokens()).isEqualTo(1200L);
        assertThat(accepted(validWith("totalTokens", "1250")).totalTokens()).isEqualTo(1250L);
    }

    @Test
    void doesNotCheckCacheRuleWhenPromptTokensIsInvalid() {
        ObjectNode node = validWith("promptTokens", "\"1000\"");
        node.put("cacheReadTokens", 5);
        assertThat(errorsOf(node)).containsExactly(error("/promptTokens", "must be a number"));
    }

    // ---- status --------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"ok", "SUCCESS", "failed", "Error"})
    void rejectsStatusOtherThanSuccessOrError(String status) {
        assertThat(errorsOf(validWith("status", json(status))))
                .containsExactly(error("/status", "must be one of error, success"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"success", "error"})
    void acceptsDocumentedStatus(String status) {
        assertThat(accepted(validWith("status", json(status))).status()).isEqualTo(status);
    }

    // ---- ts ------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(
            strings = {
                "yesterday",
                "2026-11-22",
                "2026-11-22T10:00:00",
                "2026-11-22 10:00:00Z",
                "22/11/2026 10:00",
                "2026-11-22T25:00:00Z",
                "1795341600"
            })
    void rejectsTsThatIsNotIsoDateTimeWithOffset(String ts) {
        assertThat(errorsOf(validWith("ts", json(ts))))
                .containsExactly(
                        error("/ts", "must be an ISO 8601 date-time with an offset, e.g. 2026-11-22T10:15:30Z"));
    }

    @Test
    void rejectsTsMoreThan24HoursInTheFuture() {
        assertThat(errorsOf(validWith("ts", json("2026-11-23T10:00:01Z"))))
                .containsExactly(error("/ts", "must not be more than 24 hours in the future"));
    }

    @Test
    void acceptsTsExactly24HoursInTheFuture() {
        assertThat(accepted(validWith("ts", json("2026-11-23T10:00:00Z"))).ts())
                .isEqualTo(Instant.parse("2026-11-23T10:00:00Z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2014-12-31T23:59:59Z", "1970-01-01T00:00:00Z"})
    void rejectsTsBefore2015(String ts) {
        assertThat(errorsOf(validWith("ts", json(ts))))
                .containsExactly(error("/ts", "must not be before 2015-01-01T00:00:00Z"));
    }

    @Test
    void acceptsTsOnThe2015Boundary() {
        assertThat(accepted(validWith("ts", json("2015-01-01T00:00:00Z"))).ts())
                .isEqualTo(Instant.parse("2015-01-01T00:00:00Z"));
    }

    @Test
    void defaultsTsToReceivedAtWhenAbsent() {
        assertThat(accepted(valid()).ts()).isEqualTo(RECEIVED_AT);
    }

    @Test
    void convertsTsWithOffsetToTheRightInstant() {
        assertThat(accepted(validWith("ts", json("2026-11-22T11:30:00+01:00"))).ts())
                .isEqualTo(Instant.parse("2026-11-22T10:30:00Z"));
        assertThat(accepted(validWith("ts", json("2026-11-21T20:00:00-05:00"))).ts())
                .isEqualTo(Instant.parse("2026-11-22T01:00:00Z"));
        assertThat(accepted(validWith("ts", json("2026-11-22T09:15:30.123456Z")))
                        .ts())
                .isEqualTo(Instant.parse("2026-11-22T09:15:30.123456Z"));
    }

    // ---- strings -------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} = \"{1}\"")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            provider | ''
            provider | '   '
            model    | '\t'
            tenantId | ''
            feature  | '  '
            outcome  | ''
            """)
    void rejectsEmptyOrBlankString(String field, String value) {
        String text = value.replace("\\t", "\t");
        assertThat(errorsOf(validWith(field, json(text))))
                .containsExactly(error("/" + field, "must not be empty; omit the field instead"));
    }

    static Stream<Arguments> stringMaxLengths() {
        return Stream.of(
                Arguments.of("provider", 128),
                Arguments.of("model", 128),
                Arguments.of("source", 128),
                Arguments.of("externalId", 256),
                Arguments.of("feature", 256),
                Arguments.of("tenantId", 256),
                Arguments.of("userId", 256),
                Arguments.of("agentId", 256),
                Arguments.of("workflowId", 256),
                Arguments.of("runId", 256),
                Arguments.of("stepId", 256),
                Arguments.of("toolName", 256),
                Arguments.of("outcome", 128));
    }

    /** The valid event with an identity, so that source and externalId can be tested alone. */
    static ObjectNode validWithIdentity() {
        ObjectNode node = valid();
        node.put("source", "importer");
        node.put("externalId", "id-1");
        return node;
    }

    @ParameterizedTest
    @MethodSource("stringMaxLengths")
    void rejectsStringOverMaxLength(String field, int max) {
        ObjectNode node = validWithIdentity();
        node.put(field, "x".repeat(max + 1));
        assertThat(errorsOf(node)).containsExactly(error("/" + field, "must be at most " + max + " characters"));
    }

    @ParameterizedTest
    @MethodSource("stringMaxLengths")
    void acceptsStringAtMaxLength(String field, int max) {
        ObjectNode node = validWithIdentity();
        node.put(field, "x".repeat(max));
        assertThat(errorsOf(node)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\u0000b", "line\nbreak", "tab\there", "cr\r", "esc\u001b[0m", "del\u007f"})
    void rejectsStringWithControlCharacters(String value) {
        assertThat(errorsOf(validWith("feature", json(value))))
                .containsExactly(error("/feature", "must not contain control characters"));
    }

    @Test
    void rejectsStringWithC1ControlCharacters() {
        assertThat(errorsOf(validWith("feature", json("next\u0085line"))))
                .containsExactly(error("/feature", "must not contain control characters"));
    }

    @Test
    void acceptsPrintableUnicode() {
        assertThat(accepted(validWith("tenantId", json("Zürich GmbH — 東京 🚀"))).tenantId())
                .isEqualTo("Zürich GmbH — 東京 🚀");
    }

    // ---- unknown fields and shape --------------------------------------------------------

    @Test
    void rejectsUnknownFieldSuchAsATypo() {
        assertThat(errorsOf(validWith("tenant_id", "\"acme\"")))
                .containsExactly(error("/tenant_id", "is not a known field"));
    }

    @Test
    void rejectsUnknownFieldEvenWhenNull() {
        assertThat(errorsOf(validWith("prompt", "null"))).containsExactly(error("/prompt", "is not a known field"));
    }

    @Test
    void escapesUnknownFieldNameInPointer() {
        assertThat(errorsOf(validWith("a/b~c", "1"))).containsExactly(error("/a~1b~0c", "is not a known field"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "[{\"provider\":\"openai\"}]", "\"an event\"", "42", "true", "null"})
    void rejectsNonObjectEventAtTheBasePointer(String json) {
        assertThat(errorsOf(Json.MAPPER.readTree(json), "/events/3"))
                .containsExactly(error("/events/3", "must be a JSON object"));
        assertThat(errorsOf(Json.MAPPER.readTree(json), "")).containsExactly(error("", "must be a JSON object"));
    }

    @Test
    void reportsAllErrorsOfOneEventTogether() {
        List<FieldError> errors = errorsOf(
                """
                {"provider":"","model":"gpt","promptTokens":-1,"outputTokens":2,"costUsd":"1","tenant_id":"acme"}""");
        assertThat(errors)
                .containsExactly(
                        error("/provider", "must not be empty; omit the field instead"),
                        error("/promptTokens", "must not be negative"),
                        error("/costUsd", "must be a number"),
                        error("/tenant_id", "is not a known field"));
    }

    @Test
    void prefixesEveryPointerWithTheBase() {
        List<FieldError> errors = errorsOf(
                Json.MAPPER.readTree(
                        """
                        {"model":"gpt","promptTokens":10,"outputTokens":2.5,"costUsd":1,"source":"s",
                         "metadata":{"headers":{"Authorization":"x"}}}"""),
                "/events/3");
        assertThat(errors)
                .containsExactly(
                        error("/events/3/provider", "is required"),
                        error("/events/3/outputTokens", "must be a whole number"),
                        error(
                                "/events/3/metadata/headers/Authorization",
                                "looks like a credential; metadata must not hold secrets or authorization headers"),
                        error("/events/3/externalId", "is required when source is given"));
        assertThat(errors).allSatisfy(e -> assertThat(e.pointer()).startsWith("/events/3/"));
    }

    @Test
    void addsToErrorsAlreadyCollectedForEarlierItems() {
        List<FieldError> errors = new ArrayList<>();
        errors.add(error("/events/0/provider", "is required"));
        ProductEvent ok = ProductEventReader.read(valid(), "/events/1", RECEIVED_AT, errors);
        assertThat(ok)
                .as("a valid item is still read even after earlier items failed")
                .isNotNull();
        ProductEvent bad = ProductEventReader.read(validWith("status", "\"ok\""), "/events/2", RECEIVED_AT, errors);
        assertThat(bad).isNull();
        assertThat(errors)
                .containsExactly(
                        error("/events/0/provider", "is required"),
                        error("/events/2/status", "must be one of error, success"));
    }

    @Test
    void messagesNeverEchoTheRejectedValue() {
        String marker = "sk-proj-SECRETabcdefghijklmnop1234";
        ObjectNode node = valid();
        node.put("status", marker);
        node.put("provider", marker + "x".repeat(200));
        node.put("ts", marker);
        node.put("feature", marker + "\n");
        node.put(marker.substring(0, 8), "x"); // unknown field names appear in pointers only
        node.set("metadata", Json.MAPPER.readTree("{\"note\":" + json(marker) + ",\"api_key\":" + json(marker) + "}"));
        List<FieldError> errors = errorsOf(node);
        assertThat(errors)
                .containsExactly(
                        error("/provider", "must be at most 128 characters"),
                        error("/ts", "must be an ISO 8601 date-time with an offset, e.g. 2026-11-22T10:15:30Z"),
                        error("/status", "must be one of error, success"),
                        error("/feature", "must not contain control characters"),
                        error("/metadata/note", ProductEventMetadataTest.VALUE_MESSAGE),
                        error("/metadata/api_key", ProductEventMetadataTest.KEY_MESSAGE),
                        error("/sk-proj-", "is not a known field"));
        assertThat(errors).allSatisfy(e -> {
            assertThat(e.message()).doesNotContain("SECRET");
            assertThat(e.pointer()).doesNotContain("SECRET");
        });
    }

    @Test
    void theRequiredFieldsAreTheOnesAnEventWithoutThemIsRefusedFor() {
        assertThat(ProductEventReader.requiredFields())
                .containsExactly("provider", "model", "promptTokens", "outputTokens", "costUsd");
        // Each one missing alone is refused at its own pointer as required; the rest may be left out.
        for (String field : ProductEventReader.requiredFields()) {
            ObjectNode node = valid();
            node.remove(field);
            List<FieldError> errors = new ArrayList<>();
            assertThat(ProductEventReader.read(node, "", RECEIVED_AT, errors)).isNull();
            assertThat(errors).containsExactly(new FieldError("/" + field, "is required"));
        }
        assertThat(ProductEventReader.read(valid(), "", RECEIVED_AT, new ArrayList<>()))
                .as("an event with only the required fields")
                .isNotNull();
    }
}
