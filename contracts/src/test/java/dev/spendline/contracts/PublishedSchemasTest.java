package dev.spendline.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageReader;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.contracts.usage.UsageVocabulary;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.TerminalText;
import dev.spendline.contracts.validation.TextRules;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON Schemas published in docs/schemas must describe exactly what the readers accept. */
class PublishedSchemasTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00Z");

    interface Reader {
        Object read(JsonNode node, String pointer, Instant receivedAt, List<FieldError> errors);
    }

    static JsonNode schema(String name) throws IOException {
        return Json.MAPPER.readTree(Files.readString(Path.of("..", "docs", "schemas", name)));
    }

    static Set<String> propertyNames(JsonNode objectSchema) {
        return new TreeSet<>(objectSchema.get("properties").propertyNames());
    }

    static Set<String> componentNames(Class<? extends Record> type) {
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : type.getRecordComponents()) {
            names.add(c.getName());
        }
        return names;
    }

    static List<FieldError> unknownFieldErrors(Reader reader, ObjectNode node) {
        List<FieldError> errors = new ArrayList<>();
        reader.read(node, "", RECEIVED_AT, errors);
        return errors.stream()
                .filter(e -> e.message().equals("is not a known field"))
                .toList();
    }

    /** Every name is known to the reader (a null value is read as absent, so only the name matters). */
    static void assertReaderKnows(Reader reader, Set<String> names) {
        ObjectNode all = Json.MAPPER.createObjectNode();
        names.forEach(all::putNull);
        assertThat(unknownFieldErrors(reader, all)).isEmpty();
        for (String name : names) {
            ObjectNode one = Json.MAPPER.createObjectNode().putNull(name);
            assertThat(unknownFieldErrors(reader, one)).as(name).isEmpty();
        }
        ObjectNode typo = Json.MAPPER.createObjectNode().putNull("tenant_id");
        assertThat(unknownFieldErrors(reader, typo))
                .containsExactly(new FieldError("/tenant_id", "is not a known field"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "product-event.schema.json",
                "event-batch.schema.json",
                "internal-usage-row.schema.json",
                "internal-usage-batch.schema.json",
                "accepted-event.schema.json",
                "accepted-usage-row.schema.json"
            })
    void isADraft202012ObjectSchemaWithAnId(String name) throws IOException {
        JsonNode schema = schema(name);
        assertThat(schema.get("$schema").stringValue()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(schema.get("$id").stringValue()).isEqualTo("https://spendline.dev/schemas/" + name);
        assertThat(schema.get("type").stringValue()).isEqualTo("object");
        assertThat(schema.get("additionalProperties").booleanValue()).isFalse();
        assertThat(schema.get("description").stringValue()).isNotBlank();
        for (String property : schema.get("properties").propertyNames()) {
            JsonNode p = schema.get("properties").get(property);
            assertThat(p.has("description") || p.has("$ref") || p.has("items"))
                    .as(name + " " + property)
                    .isTrue();
        }
    }

    @Test
    void productEventSchemaListsExactlyTheFieldsTheReaderAccepts() throws IOException {
        JsonNode schema = schema("product-event.schema.json");
        Set<String> names = propertyNames(schema);
        assertThat(names).isEqualTo(componentNames(ProductEvent.class));
        assertReaderKnows(ProductEventReader::read, names);
        assertThat(textValues(schema.get("required")))
                .containsExactly("provider", "model", "promptTokens", "outputTokens", "costUsd");
        assertThat(textValues(schema.at("/properties/status/enum"))).containsExactly("success", "error");
        assertThat(schema.at("/properties/ts/format").stringValue()).isEqualTo("date-time");
        assertThat(schema.at("/properties/metadata/maxProperties").intValue()).isEqualTo(64);
        assertThat(textValues(schema.at("/dependentRequired/source"))).containsExactly("externalId");
        assertThat(textValues(schema.at("/dependentRequired/externalId"))).containsExactly("source");
    }

    @Test
    void internalUsageRowSchemaListsExactlyTheFieldsTheReaderAccepts() throws IOException {
        JsonNode schema = schema("internal-usage-row.schema.json");
        Set<String> names = propertyNames(schema);
        assertThat(names).isEqualTo(componentNames(InternalUsageRow.class));
        assertReaderKnows(InternalUsageReader::read, names);
        assertThat(textValues(schema.get("required")))
                .containsExactly("sourceKey", "sourceKind", "tool", "employeeEmail", "inputTokens", "outputTokens");
        assertThat(new HashSet<>(textValues(schema.at("/properties/sourceKind/enum"))))
                .isEqualTo(UsageVocabulary.SOURCE_KINDS);
        assertThat(new HashSet<>(textValues(schema.at("/properties/category/enum"))))
                .isEqualTo(UsageVocabulary.CATEGORIES);
        assertThat(new HashSet<>(textValues(schema.at("/properties/costBasis/enum"))))
                .isEqualTo(UsageVocabulary.COST_BASES);
        assertThat(schema.at("/properties/tool/pattern").stringValue())
                .isEqualTo("^" + UsageVocabulary.TOOL_SLUG.pattern() + "$");
        assertThat(schema.at("/properties/employeeEmail/pattern").stringValue())
                .isEqualTo("^" + UsageVocabulary.EMAIL.pattern() + "$");
    }

    /**
     * Every string pattern of the published schemas refuses exactly the characters {@code TextRules}
     * refuses (unpaired surrogates are only described: regex dialects disagree on them).
     */
    @ParameterizedTest
    @ValueSource(strings = {"product-event.schema.json", "internal-usage-row.schema.json"})
    void stringPatternsRefuseWhatTextRulesRefuses(String file) throws IOException {
        JsonNode props = schema(file).get("properties");
        String[] samples = {
            "ok",
            "Zürich 🚀",
            "אבי",
            "a\u001bb",
            "a\tb",
            "a\u007f",
            "a\u0085",
            "a\u2028",
            "a\u202eb",
            "a\u2066",
            "a\u200e",
            "a\u061c"
        };
        int checked = 0;
        for (String name : props.propertyNames()) {
            JsonNode pattern = props.get(name).get("pattern");
            if (pattern == null || name.equals("tool") || name.equals("employeeEmail")) {
                continue;
            }
            java.util.regex.Pattern regex = java.util.regex.Pattern.compile(pattern.stringValue());
            TextRules.Rule rule =
                    Set.of("employeeName", "teamName", "sourceName").contains(name)
                            ? TextRules.DISPLAY_NAME
                            : TextRules.IDENTITY;
            for (String sample : samples) {
                assertThat(regex.matcher(sample).matches())
                        .as(file + " " + name + " " + TerminalText.escape(sample))
                        .isEqualTo(rule.characterProblem(sample) == null);
            }
            checked++;
        }
        assertThat(checked).isGreaterThanOrEqualTo(7);
    }

    /** For every bounded property of the event: the maximum is accepted, one more is refused. */
    @Test
    void productEventBoundsMatchTheReader() throws IOException {
        JsonNode props = schema("product-event.schema.json").get("properties");
        int checked = 0;
        for (String name : props.propertyNames()) {
            JsonNode p = props.get(name);
            if (p.has("maxLength")) {
                int max = p.get("maxLength").intValue();
                assertThat(errorsAt(ProductEventReader::read, validEvent().put(name, "x".repeat(max)), name))
                        .as(name + " at maxLength")
                        .isEmpty();
                assertThat(errorsAt(ProductEventReader::read, validEvent().put(name, "x".repeat(max + 1)), name))
                        .as(name + " over maxLength")
                        .containsExactly(new FieldError("/" + name, "must be at most " + max + " characters"));
                checked++;
            }
            if (p.has("maximum")) {
                BigDecimal max = p.get("maximum").decimalValue();
                BigDecimal over = p.get("type").stringValue().equals("integer")
                        ? max.add(BigDecimal.ONE)
                        : max.add(new BigDecimal("0.01"));
                ObjectNode atMax = validEvent().put(name, max);
                if (name.startsWith("cache")) {
                    atMax.put("promptTokens", max); // cached tokens are inside promptTokens
                }
                if (name.equals("totalTokens")) {
                    atMax.put("promptTokens", max.divide(BigDecimal.valueOf(2)))
                            .put("outputTokens", max.divide(BigDecimal.valueOf(2)));
                }
                assertThat(errorsAt(ProductEventReader::read, atMax, null))
                        .as(name + " at maximum")
                        .isEmpty();
                assertThat(errorsAt(ProductEventReader::read, validEvent().put(name, over), name))
                        .as(name + " over maximum")
                        .containsExactly(new FieldError("/" + name, "must be at most " + max.toPlainString()));
                assertThat(p.get("minimum").intValue()).as(name + " minimum").isZero();
                checked++;
            }
        }
        assertThat(checked).isEqualTo(13 + 8);
    }

    @Test
    void batchSchemasReferenceTheItemSchemas() throws IOException {
        JsonNode events = schema("event-batch.schema.json").at("/properties/events");
        assertThat(events.get("items").get("$ref").stringValue()).isEqualTo("product-event.schema.json");
        assertThat(events.get("minItems").intValue()).isEqualTo(1);
        assertThat(events.get("maxItems").intValue()).isEqualTo(1000);
        JsonNode rows = schema("internal-usage-batch.schema.json").at("/properties/rows");
        assertThat(rows.get("items").get("$ref").stringValue()).isEqualTo("internal-usage-row.schema.json");
        assertThat(rows.get("minItems").intValue()).isEqualTo(1);
        assertThat(rows.get("maxItems").intValue()).isEqualTo(1000);
    }

    @Test
    void acceptedEventSchemaDescribesWhatIsWrittenToTheTopic() throws IOException {
        JsonNode schema = schema("accepted-event.schema.json");
        assertThat(propertyNames(schema)).isEqualTo(componentNames(AcceptedEvent.class));
        JsonNode stored = schema.at("/$defs/storedEvent");
        ProductEvent event = ProductEventReader.read(validEvent(), "", RECEIVED_AT, new ArrayList<>());
        // What the topic's serde writes is what the mapper writes (topics' JsonSerdeTest).
        JsonNode written =
                Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(AcceptedEvent.of("ws-1", RECEIVED_AT, event)));
        assertThat(propertyNames(schema)).containsAll(written.propertyNames());
        assertThat(propertyNames(stored)).containsAll(written.get("event").propertyNames());
        assertThat(propertyNames(stored)).containsAll(componentNames(ProductEvent.class));
        assertThat(textValues(stored.get("required"))).contains("ts");
        assertThat(schema.at("/properties/schemaVersion/const").intValue()).isEqualTo(AcceptedEvent.SCHEMA_VERSION);
    }

    @Test
    void acceptedUsageRowSchemaDescribesWhatIsWrittenToTheTopic() throws IOException {
        JsonNode schema = schema("accepted-usage-row.schema.json");
        assertThat(propertyNames(schema)).isEqualTo(componentNames(AcceptedUsageRow.class));
        JsonNode stored = schema.at("/$defs/storedRow");
        assertThat(propertyNames(stored)).isEqualTo(componentNames(InternalUsageRow.class));
        InternalUsageRow row = InternalUsageReader.read(
                Json.MAPPER.readTree(
                        """
                        {"sourceKey":"k","sourceKind":"api","tool":"codex","employeeEmail":"a@b.co",
                         "inputTokens":1,"outputTokens":1,"costUsd":0.5}"""),
                "",
                RECEIVED_AT,
                new ArrayList<>());
        JsonNode written =
                Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(AcceptedUsageRow.of("ws-1", RECEIVED_AT, row)));
        assertThat(new TreeSet<>(written.get("row").propertyNames())).isEqualTo(propertyNames(stored));
        assertThat(schema.at("/properties/schemaVersion/const").intValue()).isEqualTo(AcceptedUsageRow.SCHEMA_VERSION);
    }

    static ObjectNode validEvent() {
        return (ObjectNode)
                Json.MAPPER.readTree(
                        """
                {"provider":"openai","model":"gpt-4o-mini","promptTokens":1000,"outputTokens":200,"costUsd":0.01,
                 "source":"importer","externalId":"id-1"}""");
    }

    static List<FieldError> errorsAt(Reader reader, ObjectNode node, String field) {
        List<FieldError> errors = new ArrayList<>();
        reader.read(node, "", RECEIVED_AT, errors);
        return field == null
                ? errors
                : errors.stream().filter(e -> e.pointer().equals("/" + field)).toList();
    }

    static List<String> textValues(JsonNode array) {
        assertThat(array.isArray()).as("array").isTrue();
        return Arrays.stream(Json.MAPPER.convertValue(array, String[].class)).toList();
    }
}
