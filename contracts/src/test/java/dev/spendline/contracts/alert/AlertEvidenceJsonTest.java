package dev.spendline.contracts.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Pins the JSON of {@link AlertEvidence} for every kind of alert, as the alerts topic, the alert
 * store, the internal query hop and the REST and MCP answers carry it (all through {@link Json#MAPPER}):
 * every field in the same order, the ones that do not apply to the kind written as null. Reading it
 * back gives the same evidence.
 */
class AlertEvidenceJsonTest {

    private static final Instant HOUR = Instant.parse("2026-11-16T01:00:00Z");
    private static final Instant PERIOD_START = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant PERIOD_END = Instant.parse("2026-12-01T00:00:00Z");

    static Stream<Arguments> kinds() {
        ShadowDecision decision = new ShadowDecision(
                "grd_k2m4p6q8r9s3t5v7w2x4",
                "prompt-v2",
                "b",
                "control",
                "stop variant 'b' and send its traffic to 'control'",
                false,
                Instant.parse("2026-11-16T03:05:09Z"),
                new BigDecimal("0.120354"),
                new BigDecimal("0.1"),
                new BigDecimal("20.4"),
                new BigDecimal("20"),
                113,
                100,
                "alr_0123456789abcdef01234567",
                null);
        return Stream.of(
                Arguments.of(
                        Named.of(
                                "BUDGET_THRESHOLD",
                                AlertEvidence.ofBudget(
                                        "bud_s1",
                                        "Support bot",
                                        new BigDecimal("500"),
                                        new BigDecimal("412.00"),
                                        new BigDecimal("82.4"),
                                        new BigDecimal("640.12"),
                                        80,
                                        PERIOD_START,
                                        PERIOD_END)),
                        "{\"budgetId\":\"bud_s1\",\"budgetName\":\"Support bot\",\"limitUsd\":500,\"spentUsd\":412.00,"
                                + "\"percentUsed\":82.4,\"forecastUsd\":640.12,\"thresholdPercent\":80,"
                                + "\"periodStart\":\"2026-11-01T00:00:00Z\",\"periodEnd\":\"2026-12-01T00:00:00Z\","
                                + "\"baselineUsd\":null,\"thresholdUsd\":null,\"calls\":null,\"errors\":null,"
                                + "\"errorRatePercent\":null,\"baselineErrorRatePercent\":null,\"shadowDecision\":null}"),
                Arguments.of(
                        Named.of(
                                "BUDGET_FORECAST",
                                AlertEvidence.ofBudget(
                                        "bud_s1",
                                        "Support bot",
                                        new BigDecimal("500"),
                                        new BigDecimal("213.37"),
                                        new BigDecimal("42.7"),
                                        null,
                                        null,
                                        PERIOD_START,
                                        PERIOD_END)),
                        "{\"budgetId\":\"bud_s1\",\"budgetName\":\"Support bot\",\"limitUsd\":500,\"spentUsd\":213.37,"
                                + "\"percentUsed\":42.7,\"forecastUsd\":null,\"thresholdPercent\":null,"
                                + "\"periodStart\":\"2026-11-01T00:00:00Z\",\"periodEnd\":\"2026-12-01T00:00:00Z\","
                                + "\"baselineUsd\":null,\"thresholdUsd\":null,\"calls\":null,\"errors\":null,"
                                + "\"errorRatePercent\":null,\"baselineErrorRatePercent\":null,\"shadowDecision\":null}"),
                Arguments.of(
                        Named.of(
                                "SPEND_ANOMALY",
                                AlertEvidence.ofSpendAnomaly(
                                        HOUR,
                                        new BigDecimal("2.05"),
                                        new BigDecimal("1.00"),
                                        new BigDecimal("2.00"),
                                        212)),
                        "{\"budgetId\":null,\"budgetName\":null,\"limitUsd\":null,\"spentUsd\":2.05,"
                                + "\"percentUsed\":null,\"forecastUsd\":null,\"thresholdPercent\":null,"
                                + "\"periodStart\":\"2026-11-16T01:00:00Z\",\"periodEnd\":\"2026-11-16T02:00:00Z\","
                                + "\"baselineUsd\":1.00,\"thresholdUsd\":2.00,\"calls\":212,\"errors\":null,"
                                + "\"errorRatePercent\":null,\"baselineErrorRatePercent\":null,\"shadowDecision\":null}"),
                Arguments.of(
                        Named.of(
                                "ERROR_RATE_SPIKE",
                                AlertEvidence.ofErrorRateSpike(
                                        HOUR, 26, 16, new BigDecimal("61.5"), new BigDecimal("2.1"))),
                        "{\"budgetId\":null,\"budgetName\":null,\"limitUsd\":null,\"spentUsd\":null,"
                                + "\"percentUsed\":null,\"forecastUsd\":null,\"thresholdPercent\":null,"
                                + "\"periodStart\":\"2026-11-16T01:00:00Z\",\"periodEnd\":\"2026-11-16T02:00:00Z\","
                                + "\"baselineUsd\":null,\"thresholdUsd\":null,\"calls\":26,\"errors\":16,"
                                + "\"errorRatePercent\":61.5,\"baselineErrorRatePercent\":2.1,\"shadowDecision\":null}"),
                Arguments.of(
                        Named.of("EXPERIMENT_GUARDRAIL", AlertEvidence.ofShadowDecision(decision)),
                        "{\"budgetId\":null,\"budgetName\":null,\"limitUsd\":null,\"spentUsd\":null,"
                                + "\"percentUsed\":null,\"forecastUsd\":null,\"thresholdPercent\":null,"
                                + "\"periodStart\":\"2026-11-16T03:05:09Z\",\"periodEnd\":null,"
                                + "\"baselineUsd\":null,\"thresholdUsd\":null,\"calls\":113,\"errors\":null,"
                                + "\"errorRatePercent\":null,\"baselineErrorRatePercent\":null,"
                                + "\"shadowDecision\":{\"guardrailId\":\"grd_k2m4p6q8r9s3t5v7w2x4\","
                                + "\"experimentId\":\"prompt-v2\",\"variant\":\"b\",\"controlVariant\":\"control\","
                                + "\"wouldHave\":\"stop variant 'b' and send its traffic to 'control'\",\"enforced\":false,"
                                + "\"decidedAt\":\"2026-11-16T03:05:09Z\",\"variantCostPerSuccessUsd\":0.120354,"
                                + "\"controlCostPerSuccessUsd\":0.1,\"increasePercent\":20.4,\"maxIncreasePercent\":20,"
                                + "\"variantCalls\":113,\"controlCalls\":100,\"alertId\":\"alr_0123456789abcdef01234567\","
                                + "\"clearedAt\":null}}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void writesTheSameJsonAsEver(AlertEvidence evidence, String json) {
        assertThat(Json.MAPPER.writeValueAsString(evidence)).isEqualTo(json);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void readsItBackAsTheSameEvidence(AlertEvidence evidence, String json) {
        assertThat(Json.MAPPER.readValue(json, AlertEvidence.class)).isEqualTo(evidence);
    }
}
