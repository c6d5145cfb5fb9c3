package dev.spendline.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.event.ProductEvents;
import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.experiment.GuardrailMode;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class JsonSerdeTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00Z");

    static ProductEvent fullEvent(BigDecimal cost) {
        return ProductEvents.with(ProductEvents.full(), "costUsd", cost);
    }

    static InternalUsageRow fullRow() {
        return new InternalUsageRow(
                "cursor-admin-export",
                "Cursor admin export",
                "billing_export",
                "cursor",
                "coding_agent",
                "grace@example.com",
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
                "row-42");
    }

    /**
     * The events topic as it was before its binary format (issue #29): the JSON its published
     * schema describes and the golden files hold, which the topic's serde still reads.
     */
    static final Topic<String, AcceptedEvent> EVENTS_JSON =
            new Topic<>(Topics.EVENTS.name(), Topics.EVENTS.keySerde(), new JsonSerde<>(AcceptedEvent.class));

    static <T> T roundTrip(Topic<String, T> topic, T value) {
        byte[] bytes = topic.valueSerde().serializer().serialize(topic.name(), value);
        return topic.valueSerde().deserializer().deserialize(topic.name(), bytes);
    }

    static <T> JsonNode written(Topic<String, T> topic, T value) {
        return Json.MAPPER.readTree(topic.valueSerde().serializer().serialize(topic.name(), value));
    }

    /**
     * The published schemas of the topic values are checked against what {@code Json.MAPPER} writes
     * (contracts' PublishedSchemasTest): the topics' serde must write exactly that, byte for byte.
     */
    @Test
    void writesExactlyWhatTheSharedMapperWrites() {
        AcceptedEvent event = AcceptedEvent.of("ws-1", RECEIVED_AT, fullEvent(new BigDecimal("0.000015")));
        assertThat(EVENTS_JSON.valueSerde().serializer().serialize(Topics.EVENTS.name(), event))
                .isEqualTo(Json.MAPPER.writeValueAsBytes(event));
        AcceptedUsageRow row = AcceptedUsageRow.of("ws-2", RECEIVED_AT, fullRow());
        assertThat(Topics.INTERNAL_USAGE.valueSerde().serializer().serialize(Topics.INTERNAL_USAGE.name(), row))
                .isEqualTo(Json.MAPPER.writeValueAsBytes(row));
    }

    @Test
    void namesTheTopics() {
        assertThat(Topics.EVENTS.name()).isEqualTo("spendline.events.v1");
        assertThat(Topics.INTERNAL_USAGE.name()).isEqualTo("spendline.internal-usage.v1");
        assertThat(Topics.INPUTS).containsExactly(Topics.EVENTS, Topics.INTERNAL_USAGE);
        assertThat(Topics.SETTINGS)
                .containsExactly(Topics.REVENUE, Topics.BUDGETS, Topics.ALERT_SNOOZES, Topics.GUARDRAILS);
        assertThat(Topics.GUARDRAILS.name()).isEqualTo("spendline.guardrails.v1");
    }

    @Test
    void roundTripsAGuardrailWithItsThreshold() {
        ExperimentGuardrail guardrail = new ExperimentGuardrail(
                ExperimentGuardrail.SCHEMA_VERSION,
                "ws-1",
                "grd_k2m4p6q8r9s3t5v7w2x4",
                "prompt-v2",
                GuardrailMode.SHADOW,
                "control",
                new BigDecimal("20"),
                100,
                RECEIVED_AT,
                "key_1");
        byte[] bytes = Topics.GUARDRAILS.valueSerde().serializer().serialize(Topics.GUARDRAILS.name(), guardrail);
        assertThat(Topics.GUARDRAILS.valueSerde().deserializer().deserialize(Topics.GUARDRAILS.name(), bytes))
                .isEqualTo(guardrail);
        assertThat(written(Topics.GUARDRAILS, guardrail).get("mode").asString()).isEqualTo("SHADOW");
        assertThat(ExperimentGuardrail.workspaceOf(guardrail.key())).isEqualTo("ws-1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.000015", "0.1", "0", "0E-9", "1E-7", "100000", "12.340000", "0.123456789012345678"})
    void roundTripsAcceptedEventWithExactCost(String cost) {
        AcceptedEvent value = AcceptedEvent.of("ws-1", RECEIVED_AT, fullEvent(new BigDecimal(cost)));
        AcceptedEvent back = roundTrip(Topics.EVENTS, value);
        assertThat(back).isEqualTo(value);
        assertThat(back.event().costUsd()).isEqualTo(new BigDecimal(cost)); // same scale, not just same value
        assertThat(back.event().metadata()).isEqualTo(value.event().metadata());
    }

    @Test
    void writesCostAsAJsonNumberWithItsExactDigits() {
        JsonNode json =
                written(EVENTS_JSON, AcceptedEvent.of("ws-1", RECEIVED_AT, fullEvent(new BigDecimal("0.000015"))));
        assertThat(json.get("schemaVersion").intValue()).isEqualTo(1);
        assertThat(json.get("workspaceId").stringValue()).isEqualTo("ws-1");
        assertThat(json.get("receivedAt").stringValue()).isEqualTo("2026-11-22T10:00:00Z");
        assertThat(json.get("event").get("ts").stringValue()).isEqualTo("2026-11-22T09:59:58.250Z");
        assertThat(json.get("event").get("costUsd").isNumber()).isTrue();
        assertThat(json.get("event").get("costUsd").toString()).isEqualTo("0.000015");
    }

    @Test
    void roundTripsAnEventWithOnlyRequiredFields() {
        ProductEvent minimal = new ProductEvent(
                "openai",
                "gpt-4o-mini",
                10,
                2,
                new BigDecimal("0.00001"),
                null,
                null,
                RECEIVED_AT,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        AcceptedEvent value = AcceptedEvent.of("ws-1", RECEIVED_AT, minimal);
        AcceptedEvent back = roundTrip(Topics.EVENTS, value);
        assertThat(back)
                .usingRecursiveComparison()
                .ignoringFields("event.metadata")
                .isEqualTo(value);
        assertThat(back.event().costUsd()).isEqualTo(new BigDecimal("0.00001"));
        assertThat(back.event().totalTokens()).isNull();
        assertThat(back.event().metadata() == null || back.event().metadata().isNull())
                .isTrue();
    }

    @Test
    void readsAbsentMetadataBackAsNull() {
        ProductEvent minimal = new ProductEvent(
                "openai",
                "gpt-4o-mini",
                10,
                2,
                new BigDecimal("0.00001"),
                null,
                null,
                RECEIVED_AT,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        AcceptedEvent value = AcceptedEvent.of("ws-1", RECEIVED_AT, minimal);
        AcceptedEvent back = roundTrip(Topics.EVENTS, value);
        assertThat(back.event().metadata()).isNull();
        assertThat(back).isEqualTo(value);
    }

    @Test
    void roundTripsAcceptedUsageRow() {
        AcceptedUsageRow value = AcceptedUsageRow.of("ws-2", RECEIVED_AT, fullRow());
        AcceptedUsageRow back = roundTrip(Topics.INTERNAL_USAGE, value);
        assertThat(back).isEqualTo(value);
        assertThat(back.schemaVersion()).isEqualTo(AcceptedUsageRow.SCHEMA_VERSION);
        assertThat(back.row().costUsd()).isEqualTo(new BigDecimal("0.000015"));
    }

    @Test
    void writesTheUsageRowUnderRow() {
        JsonNode json = written(Topics.INTERNAL_USAGE, AcceptedUsageRow.of("ws-2", RECEIVED_AT, fullRow()));
        List<String> names = new ArrayList<>(json.get("row").propertyNames());
        assertThat(names)
                .containsExactly(
                        "sourceKey",
                        "sourceName",
                        "sourceKind",
                        "tool",
                        "category",
                        "employeeEmail",
                        "employeeName",
                        "teamName",
                        "provider",
                        "model",
                        "inputTokens",
                        "cachedInputTokens",
                        "outputTokens",
                        "costBasis",
                        "ts",
                        "costUsd",
                        "externalId");
    }

    @Test
    void writesOnlyTheEventFieldsOnTheTopic() {
        JsonNode json = written(EVENTS_JSON, AcceptedEvent.of("ws-1", RECEIVED_AT, fullEvent(BigDecimal.ONE)));
        assertThat(json.get("event").has("error")).isFalse();
        assertThat(json.get("event").size()).isEqualTo(ProductEvent.class.getRecordComponents().length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "{\"schemaVersion\":", "[1,2,3]", "{\"receivedAt\":\"yesterday\"}", "42"})
    void throwsSerializationExceptionForGarbage(String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> Topics.EVENTS.valueSerde().deserializer().deserialize("spendline.events.v1", bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("Not a valid AcceptedEvent on topic spendline.events.v1");
        assertThatThrownBy(() -> Topics.INTERNAL_USAGE
                        .valueSerde()
                        .deserializer()
                        .deserialize("spendline.internal-usage.v1", bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("Not a valid AcceptedUsageRow on topic spendline.internal-usage.v1");
    }

    @Test
    void passesNullThrough() {
        assertThat(Topics.EVENTS.valueSerde().serializer().serialize("t", null)).isNull();
        assertThat(Topics.EVENTS.valueSerde().deserializer().deserialize("t", null))
                .isNull();
    }
}
