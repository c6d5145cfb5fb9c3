package dev.spendline.streams.experiment;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.experiment.Experiments;
import dev.spendline.contracts.experiment.GuardrailRule;
import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.experiment.VariantStats;
import dev.spendline.streams.rollup.ProductRollupSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Experiments and their shadow guardrails, in the events' sub-topology. Two parents:
 *
 * <ul>
 *   <li>deduplicated events that belong to an experiment ({@link Experiments}) add to their
 *       variant's counts; if the experiment has a guardrail, the variant (or, for a control call,
 *       every variant) is judged against the control ({@link GuardrailRule#compare});
 *   <li>guardrail definitions are stored and judged at once on what the experiment has so far; a
 *       tombstone removes the guardrail and resolves its open alerts.
 * </ul>
 *
 * When the rule fires, the processor records a {@link ShadowDecision} ("would have stopped
 * variant B") and opens an {@link AlertType#EXPERIMENT_GUARDRAIL} alert in the shared alerts store,
 * forwarded to {@code spendline.alerts.v1}; when the variant is back under the threshold (less
 * {@link GuardrailRule#HYSTERESIS_POINTS}), the decision is cleared and the alert resolved. It
 * never blocks, drops or changes an event.
 */
public final class ExperimentProcessor implements Processor<String, Object, String, Alert> {

    private static final Logger log = LoggerFactory.getLogger(ExperimentProcessor.class);

    /** The stores this processor uses, by name. */
    public record StoreNames(String stats, String guardrails, String decisions, String alerts) {}

    private final StoreNames names;
    private ProcessorContext<String, Alert> context;
    private KeyValueStore<String, VariantCounts> stats;
    private KeyValueStore<String, ExperimentGuardrail> guardrails;
    private KeyValueStore<String, DecisionHistory> decisions;
    private KeyValueStore<String, Alert> alerts;

    private final ProductRollupSpec spec;

    public ExperimentProcessor(StoreNames names, ProductRollupSpec spec) {
        this.names = names;
        this.spec = spec;
    }

    @Override
    public void init(ProcessorContext<String, Alert> context) {
        this.context = context;
        this.stats = context.getStateStore(names.stats());
        this.guardrails = context.getStateStore(names.guardrails());
        this.decisions = context.getStateStore(names.decisions());
        this.alerts = context.getStateStore(names.alerts());
    }

    @Override
    public void process(Record<String, Object> record) {
        if (record.value() instanceof AcceptedEvent event) {
            onEvent(event);
        } else if (record.value() instanceof ExperimentGuardrail guardrail) {
            onGuardrail(record.key(), guardrail);
        } else if (record.value() == null) {
            onGuardrail(record.key(), null);
        }
    }

    private void onEvent(AcceptedEvent accepted) {
        String experiment = Experiments.experimentOf(accepted.event());
        if (experiment == null) {
            return;
        }
        String ws = accepted.workspaceId();
        String variant = Experiments.variantOf(accepted.event());
        String key = ExperimentKeys.variant(ws, experiment, variant);
        long cost = spec.costNanos(accepted);
        boolean success = Experiments.succeeded(accepted.event());
        long ts = accepted.event().ts().toEpochMilli();
        VariantCounts counts = stats.get(key);
        if (counts == null) {
            if (variantCount(ws, experiment) >= Experiments.MAX_VARIANTS) {
                return;
            }
            counts = VariantCounts.first(cost, success, ts);
        } else {
            counts = counts.plus(cost, success, ts);
        }
        stats.put(key, counts);
        ExperimentGuardrail guardrail = guardrails.get(ExperimentGuardrail.key(ws, experiment));
        if (guardrail == null) {
            return;
        }
        if (variant.equals(guardrail.controlVariant())) {
            judgeAll(guardrail);
        } else {
            VariantCounts control = stats.get(ExperimentKeys.variant(ws, experiment, guardrail.controlVariant()));
            if (control != null) {
                judge(guardrail, counts.toStats(variant), control.toStats(guardrail.controlVariant()));
            }
        }
    }

    private void onGuardrail(String key, ExperimentGuardrail guardrail) {
        String ws = ExperimentGuardrail.workspaceOf(key);
        if (ws == null) {
            log.warn("Skipping a guardrail record with a malformed key");
            return;
        }
        if (guardrail == null) {
            ExperimentGuardrail old = guardrails.get(key);
            guardrails.delete(key);
            if (old != null) {
                clearAll(old, "the guardrail was removed");
            }
            return;
        }
        if (!guardrail.key().equals(key)) {
            log.warn("Skipping guardrail {}: its key does not match its workspace and experiment", guardrail.id());
            return;
        }
        guardrails.put(key, guardrail);
        judgeAll(guardrail);
    }

    /** Every variant of the guardrail's experiment against its control. */
    private void judgeAll(ExperimentGuardrail guardrail) {
        String ws = guardrail.workspaceId();
        VariantCounts control =
                stats.get(ExperimentKeys.variant(ws, guardrail.experimentId(), guardrail.controlVariant()));
        if (control == null) {
            return;
        }
        VariantStats controlStats = control.toStats(guardrail.controlVariant());
        List<VariantStats> others = new ArrayList<>();
        try (KeyValueIterator<String, VariantCounts> it = stats.range(
                ExperimentKeys.experimentStart(ws, guardrail.experimentId()),
                ExperimentKeys.experimentEnd(ws, guardrail.experimentId()))) {
            while (it.hasNext()) {
                KeyValue<String, VariantCounts> kv = it.next();
                String variant = ExperimentKeys.parts(kv.key)[1];
                if (!variant.equals(guardrail.controlVariant())) {
                    others.add(kv.value.toStats(variant));
                }
            }
        }
        others.forEach(variant -> judge(guardrail, variant, controlStats));
    }

    private void judge(ExperimentGuardrail guardrail, VariantStats variant, VariantStats control) {
        GuardrailRule.Comparison comparison = GuardrailRule.compare(variant, control, guardrail);
        if (comparison == null) {
            return;
        }
        String key = ExperimentKeys.variant(guardrail.workspaceId(), guardrail.experimentId(), variant.variant());
        DecisionHistory history = decisions.get(key);
        if (history == null) {
            history = DecisionHistory.EMPTY;
        }
        ShadowDecision open = history.open();
        Instant now = now();
        if (open == null && comparison.exceeds()) {
            ShadowDecision decision = decide(guardrail, variant, control, comparison, now);
            decisions.put(key, history.withNew(decision));
            publish(alertOf(guardrail, decision, now));
        } else if (open != null && open.guardrailId().equals(guardrail.id()) && comparison.clears()) {
            clear(key, history, open, now, variantBackMessage(variant.variant(), comparison));
        } else if (open != null && !open.guardrailId().equals(guardrail.id())) {
            // A decision of a guardrail that was replaced: it no longer speaks for this guardrail.
            clear(key, history, open, now, "the guardrail was replaced");
        }
    }

    private void clearAll(ExperimentGuardrail guardrail, String why) {
        Instant now = now();
        List<KeyValue<String, DecisionHistory>> open = new ArrayList<>();
        try (KeyValueIterator<String, DecisionHistory> it = decisions.range(
                ExperimentKeys.experimentStart(guardrail.workspaceId(), guardrail.experimentId()),
                ExperimentKeys.experimentEnd(guardrail.workspaceId(), guardrail.experimentId()))) {
            while (it.hasNext()) {
                KeyValue<String, DecisionHistory> kv = it.next();
                if (kv.value.open() != null) {
                    open.add(kv);
                }
            }
        }
        open.forEach(kv -> clear(kv.key, kv.value, kv.value.open(), now, why));
    }

    private void clear(String key, DecisionHistory history, ShadowDecision open, Instant now, String why) {
        ShadowDecision cleared = open.cleared(now);
        decisions.put(key, history.withNewestReplaced(cleared));
        Alert alert = alerts.get(Alert.key(ExperimentKeys.workspaceOf(key), open.alertId()));
        if (alert != null && alert.status() == AlertStatus.OPEN) {
            publish(alert.resolved(now, why, AlertEvidence.ofShadowDecision(cleared)));
        }
    }

    private static ShadowDecision decide(
            ExperimentGuardrail guardrail,
            VariantStats variant,
            VariantStats control,
            GuardrailRule.Comparison comparison,
            Instant now) {
        String alertId = Alert.idOf(
                guardrail.workspaceId(), AlertType.EXPERIMENT_GUARDRAIL, guardrail.id() + '/' + variant.variant(), now);
        return new ShadowDecision(
                guardrail.id(),
                guardrail.experimentId(),
                variant.variant(),
                guardrail.controlVariant(),
                "stop variant '" + variant.variant() + "' and send its traffic to '" + guardrail.controlVariant() + "'",
                false,
                now,
                comparison.variantCostPerSuccessUsd(),
                comparison.controlCostPerSuccessUsd(),
                comparison.increasePercent(),
                guardrail.maxIncreasePercent(),
                variant.calls(),
                control.calls(),
                alertId,
                null);
    }

    private static Alert alertOf(ExperimentGuardrail guardrail, ShadowDecision decision, Instant now) {
        String increase = decision.increasePercent() == null
                ? "while the control cost nothing"
                : decision.increasePercent().toPlainString() + " % more than the control's $"
                        + decision.controlCostPerSuccessUsd().toPlainString();
        String message = String.format(
                "Shadow guardrail on experiment %s: variant %s costs $%s per successful call, %s (threshold %s %%)."
                        + " In enforcing mode it would %s; nothing was blocked.",
                guardrail.experimentId(),
                decision.variant(),
                decision.variantCostPerSuccessUsd().toPlainString(),
                increase,
                guardrail.maxIncreasePercent().toPlainString(),
                decision.wouldHave());
        return new Alert(
                Alert.SCHEMA_VERSION,
                guardrail.workspaceId(),
                decision.alertId(),
                AlertType.EXPERIMENT_GUARDRAIL,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                now,
                now,
                null,
                message,
                AlertEvidence.ofShadowDecision(decision));
    }

    private static String variantBackMessage(String variant, GuardrailRule.Comparison comparison) {
        return comparison.increasePercent() == null
                ? "variant " + variant + " is back under the threshold"
                : "variant " + variant + " is back under the threshold ("
                        + comparison.increasePercent().toPlainString() + " % against the control)";
    }

    private int variantCount(String ws, String experiment) {
        int n = 0;
        try (KeyValueIterator<String, VariantCounts> it = stats.range(
                ExperimentKeys.experimentStart(ws, experiment), ExperimentKeys.experimentEnd(ws, experiment))) {
            while (it.hasNext()) {
                it.next();
                n++;
            }
        }
        return n;
    }

    private void publish(Alert alert) {
        alerts.put(alert.key(), alert);
        context.forward(
                new Record<>(alert.workspaceId(), alert, alert.updatedAt().toEpochMilli()));
    }

    private Instant now() {
        return Instant.ofEpochMilli(context.currentSystemTimeMs());
    }
}
