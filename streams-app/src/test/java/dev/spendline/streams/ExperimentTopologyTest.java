package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.Experiments;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.GuardrailMode;
import dev.spendline.contracts.experiment.GuardrailRule;
import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.experiment.VariantStats;
import dev.spendline.contracts.json.Json;
import dev.spendline.streams.alert.LocalAlertQueries;
import dev.spendline.streams.experiment.LocalExperimentQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Experiments and shadow guardrails through the production topology: the counts per variant, the
 * rule firing and clearing (with its alert), and that nothing is ever blocked.
 */
class ExperimentTopologyTest {

    private static final String WS = "ws_x";
    private static final Instant NOW = Instant.parse("2026-11-18T12:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestInputTopic<String, ExperimentGuardrail> guardrails;
    private TestOutputTopic<String, Alert> published;
    private LocalExperimentQueries experiments;
    private LocalAlertQueries alerts;
    private int count;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("experiment-test", NOW);
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        guardrails = TopologyDrivers.input(driver, Topics.GUARDRAILS);
        published = driver.createOutputTopic(
                Topics.ALERTS.name(),
                Topics.ALERTS.keySerde().deserializer(),
                Topics.ALERTS.valueSerde().deserializer());
        experiments = new LocalExperimentQueries(new LocalExperimentQueries.Stores(
                ws -> driver.getKeyValueStore(StoreNames.EXPERIMENT_STATS),
                ws -> driver.getKeyValueStore(StoreNames.GUARDRAILS),
                ws -> driver.getKeyValueStore(StoreNames.GUARDRAIL_DECISIONS)));
        alerts = new LocalAlertQueries(
                ws -> driver.getKeyValueStore(StoreNames.ALERTS),
                ws -> driver.getKeyValueStore(StoreNames.ALERT_SNOOZES));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void countsCallsSuccessesAndCostPerVariantOnceEvenWhenResent() {
        calls("exp-1", "control", 3, "0.10", "success");
        calls("exp-1", "control", 1, "0.10", "error");
        calls("exp-1", "b", 2, "0.25", "success");
        // A resend of an accepted call (same source and externalId) is deduplicated before experiments.
        events.pipeInput(WS, event("exp-1", "b", "0.25", "success", "call-5"), NOW);
        // Not part of an experiment: no variant, a number as id, another workspace's experiment.
        events.pipeInput(WS, withMetadata("{\"experimentId\":\"exp-1\"}", "n-1"), NOW);
        events.pipeInput(WS, withMetadata("{\"experimentId\":7,\"variant\":\"b\"}", "n-2"), NOW);

        ExperimentSummary exp =
                only(experiments.experiments(new ExperimentsQuery(WS, null)).experiments());
        assertThat(exp.experimentId()).isEqualTo("exp-1");
        assertThat(exp.variants())
                .extracting(VariantStats::variant, VariantStats::calls, VariantStats::successes, v -> v.costUsd()
                        .toPlainString())
                .containsExactly(tuple("control", 4L, 3L, "0.40"), tuple("b", 2L, 2L, "0.50"));
        assertThat(exp.variant("control").costPerSuccessUsd()).isEqualByComparingTo("0.133333333");
        assertThat(exp.guardrail()).isNull();
        assertThat(experiments
                        .experiments(new ExperimentsQuery("ws_other", null))
                        .experiments())
                .isEmpty();
        assertThat(experiments.experiments(new ExperimentsQuery(WS, "exp-2")).experiments())
                .isEmpty();
    }

    @Test
    void aVariantTooExpensivePerSuccessOpensOneShadowDecisionAndAlertThatClearsWhenItRecovers() {
        calls("exp-1", "control", 100, "0.10", "success");
        calls("exp-1", "b", 100, "0.11", "success"); // +10 %: within the 20 % threshold
        guard("exp-1", "grd_1");
        assertThat(published.isEmpty()).isTrue();

        // b's next 100 calls cost 0.20 each: (11 + 20) / 200 = 0.155 per success, +55 %.
        calls("exp-1", "b", 100, "0.20", "success");
        List<Alert> opened = published.readValuesToList();
        assertThat(opened).hasSize(1);
        Alert alert = opened.get(0);
        assertThat(alert.type()).isEqualTo(AlertType.EXPERIMENT_GUARDRAIL);
        assertThat(alert.lastChange()).isEqualTo(AlertChange.OPENED);
        assertThat(alert.message()).contains("experiment exp-1", "variant b", "nothing was blocked");
        ShadowDecision decision = alert.evidence().shadowDecision();
        assertThat(decision.enforced()).isFalse();
        assertThat(decision.variant()).isEqualTo("b");
        // The first call over the line decides: b at 0.11 × 100 + 0.20 × n against 0.10 — crossing
        // +20 % at n = 12 (13.4 / 112 = 0.119643, +19.6 %) → n = 13 (13.6 / 113 = 0.120354, +20.4 %).
        assertThat(decision.variantCalls()).isEqualTo(113);
        assertThat(decision.increasePercent()).isEqualByComparingTo("20.4");
        assertThat(decision.controlCostPerSuccessUsd()).isEqualByComparingTo("0.1");
        assertThat(alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW)).alerts())
                .extracting(Alert::id)
                .containsExactly(alert.id());

        // Nothing was blocked: every call of b is counted.
        ExperimentSummary exp =
                only(experiments.experiments(new ExperimentsQuery(WS, "exp-1")).experiments());
        assertThat(exp.variant("b").calls()).isEqualTo(200);
        assertThat(exp.shadowDecisions()).extracting(ShadowDecision::open).containsExactly(true);

        // Control gets pricier: 100 calls at 0.25 make it 0.175 per success; b at 0.155 is -11.4 %, under 15 %.
        calls("exp-1", "control", 100, "0.25", "success");
        List<Alert> resolved = published.readValuesToList();
        assertThat(resolved)
                .extracting(Alert::id, Alert::status)
                .containsExactly(tuple(alert.id(), AlertStatus.RESOLVED));
        assertThat(resolved.get(0).message()).contains("Resolved: variant b is back under the threshold");
        assertThat(alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW)).alerts()).isEmpty();
        ExperimentSummary after =
                only(experiments.experiments(new ExperimentsQuery(WS, "exp-1")).experiments());
        assertThat(after.shadowDecisions()).hasSize(1);
        assertThat(after.shadowDecisions().get(0).clearedAt()).isEqualTo(NOW);
    }

    @Test
    void aGuardrailIsJudgedAtOnceOnTheEvidenceSoFarAndNotBeforeTheMinimums() {
        calls("exp-1", "control", 100, "0.10", "success");
        calls("exp-1", "b", 99, "0.50", "success");
        guard("exp-1", "grd_1");
        // b has 99 calls: too few to judge, however expensive.
        assertThat(published.isEmpty()).isTrue();
        calls("exp-1", "b", 1, "0.50", "success");
        assertThat(published.readValuesToList())
                .extracting(a -> a.evidence().shadowDecision().increasePercent().toPlainString())
                .containsExactly("400.0");
    }

    @Test
    void aVariantHoveringAtTheLineDoesNotFlap() {
        calls("exp-1", "control", 100, "0.10", "success");
        guard("exp-1", "grd_1");
        calls("exp-1", "b", 100, "0.125", "success"); // +25 %: decided
        assertThat(published.readValuesToList()).hasSize(1);
        calls("exp-1", "b", 60, "0.10", "success"); // (12.5 + 6) / 160 = 0.115625: +15.6 %, not yet cleared
        assertThat(published.isEmpty()).isTrue();
        calls("exp-1", "b", 100, "0.14", "success"); // back above: the open decision stays, no new alert
        assertThat(published.isEmpty()).isTrue();
        assertThat(only(experiments
                                .experiments(new ExperimentsQuery(WS, "exp-1"))
                                .experiments())
                        .shadowDecisions())
                .hasSize(1);
    }

    @Test
    void removingTheGuardrailResolvesItsOpenAlert() {
        calls("exp-1", "control", 100, "0.10", "success");
        calls("exp-1", "b", 100, "0.30", "success");
        guard("exp-1", "grd_1");
        Alert opened = published.readValuesToList().get(0);
        guardrails.pipeInput(ExperimentGuardrail.key(WS, "exp-1"), null, NOW);
        List<Alert> changes = published.readValuesToList();
        assertThat(changes)
                .extracting(Alert::id, Alert::status)
                .containsExactly(tuple(opened.id(), AlertStatus.RESOLVED));
        assertThat(changes.get(0).message()).endsWith("Resolved: the guardrail was removed.");
        assertThat(only(experiments
                                .experiments(new ExperimentsQuery(WS, "exp-1"))
                                .experiments())
                        .guardrail())
                .isNull();
    }

    @Test
    void variantsBeyondTheCapAreNotTracked() {
        for (int v = 0; v < Experiments.MAX_VARIANTS + 3; v++) {
            calls("exp-1", "v" + v, 1, "0.01", "success");
        }
        assertThat(only(experiments
                                .experiments(new ExperimentsQuery(WS, "exp-1"))
                                .experiments())
                        .variants())
                .hasSize(Experiments.MAX_VARIANTS);
    }

    @Test
    void eligibilityNamesWhatIsMissing() {
        assertThat(GuardrailRule.eligibilityProblems("exp-9", null))
                .singleElement()
                .asString()
                .contains("has not been seen");
        calls("exp-1", "control", 100, "0.10", "success");
        calls("exp-1", "b", 40, "0.10", "success");
        ExperimentSummary thin =
                only(experiments.experiments(new ExperimentsQuery(WS, "exp-1")).experiments());
        assertThat(GuardrailRule.eligibilityProblems("exp-1", thin))
                .singleElement()
                .asString()
                .contains("the most has 40 calls");
        calls("exp-1", "b", 60, "0.10", "success");
        ExperimentSummary enough =
                only(experiments.experiments(new ExperimentsQuery(WS, "exp-1")).experiments());
        assertThat(GuardrailRule.eligibilityProblems("exp-1", enough)).isEmpty();
        guard("exp-1", "grd_1");
        ExperimentSummary guarded =
                only(experiments.experiments(new ExperimentsQuery(WS, "exp-1")).experiments());
        assertThat(GuardrailRule.eligibilityProblems("exp-1", guarded))
                .singleElement()
                .asString()
                .contains("already has a guardrail (grd_1)");
        calls("exp-2", "a", 200, "0.10", "success");
        calls("exp-2", "b", 200, "0.10", "success");
        ExperimentSummary noControl =
                only(experiments.experiments(new ExperimentsQuery(WS, "exp-2")).experiments());
        assertThat(GuardrailRule.eligibilityProblems("exp-2", noControl))
                .singleElement()
                .asString()
                .contains("no variant is named 'control'");
    }

    private static ExperimentSummary only(List<ExperimentSummary> list) {
        assertThat(list).hasSize(1);
        return list.get(0);
    }

    private void guard(String experiment, String id) {
        ExperimentGuardrail guardrail = new ExperimentGuardrail(
                ExperimentGuardrail.SCHEMA_VERSION,
                WS,
                id,
                experiment,
                GuardrailMode.SHADOW,
                Experiments.CONTROL,
                ExperimentGuardrail.DEFAULT_MAX_INCREASE_PERCENT,
                Experiments.MIN_CALLS_PER_VARIANT,
                NOW,
                "key_test");
        guardrails.pipeInput(guardrail.key(), guardrail, NOW);
    }

    private void calls(String experiment, String variant, int n, String cost, String status) {
        for (int i = 0; i < n; i++) {
            events.pipeInput(WS, event(experiment, variant, cost, status, "call-" + (++count)), NOW);
        }
    }

    private static AcceptedEvent event(String experiment, String variant, String cost, String status, String id) {
        return withMetadata(
                "{\"experimentId\":\"" + experiment + "\",\"variant\":\"" + variant + "\"}", id, cost, status);
    }

    private static AcceptedEvent withMetadata(String metadata, String id) {
        return withMetadata(metadata, id, "0.10", "success");
    }

    private static AcceptedEvent withMetadata(String metadata, String id, String cost, String status) {
        ProductEvent event = new ProductEvent(
                "openai",
                "gpt-4.1",
                100,
                50,
                new BigDecimal(cost),
                "app",
                id,
                NOW,
                null,
                0L,
                0L,
                120L,
                status,
                "search",
                "t1",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                Json.MAPPER.readTree(metadata));
        return AcceptedEvent.of(WS, NOW, event);
    }
}
