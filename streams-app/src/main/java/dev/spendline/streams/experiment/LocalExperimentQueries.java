package dev.spendline.streams.experiment;

import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.Experiments;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.experiment.VariantStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Answers experiment reads from this instance's experiment, guardrail and decision stores. */
public final class LocalExperimentQueries {

    /** The stores, each as a function from workspace id to the local store that holds it. */
    public record Stores(
            Function<String, ReadOnlyKeyValueStore<String, VariantCounts>> stats,
            Function<String, ReadOnlyKeyValueStore<String, ExperimentGuardrail>> guardrails,
            Function<String, ReadOnlyKeyValueStore<String, DecisionHistory>> decisions) {}

    private final Stores stores;

    public LocalExperimentQueries(Stores stores) {
        this.stores = stores;
    }

    public ExperimentsReport experiments(ExperimentsQuery query) {
        String ws = query.workspaceId();
        String from = query.experimentId() == null
                ? ExperimentKeys.workspaceStart(ws)
                : ExperimentKeys.experimentStart(ws, query.experimentId());
        String to = query.experimentId() == null
                ? ExperimentKeys.workspaceEnd(ws)
                : ExperimentKeys.experimentEnd(ws, query.experimentId());
        Map<String, List<VariantStats>> variants = new LinkedHashMap<>();
        try (KeyValueIterator<String, VariantCounts> it =
                stores.stats().apply(ws).range(from, to)) {
            while (it.hasNext()) {
                KeyValue<String, VariantCounts> kv = it.next();
                String[] parts = ExperimentKeys.parts(kv.key);
                variants.computeIfAbsent(parts[0], e -> new ArrayList<>()).add(kv.value.toStats(parts[1]));
            }
        }
        Map<String, List<ShadowDecision>> decisions = new LinkedHashMap<>();
        try (KeyValueIterator<String, DecisionHistory> it =
                stores.decisions().apply(ws).range(from, to)) {
            while (it.hasNext()) {
                KeyValue<String, DecisionHistory> kv = it.next();
                decisions
                        .computeIfAbsent(ExperimentKeys.parts(kv.key)[0], e -> new ArrayList<>())
                        .addAll(kv.value.decisions());
            }
        }
        ReadOnlyKeyValueStore<String, ExperimentGuardrail> guardrails =
                stores.guardrails().apply(ws);
        List<ExperimentSummary> experiments = new ArrayList<>();
        variants.forEach((experiment, list) -> {
            ExperimentGuardrail guardrail = guardrails.get(ExperimentGuardrail.key(ws, experiment));
            String control = guardrail == null ? Experiments.CONTROL : guardrail.controlVariant();
            list.sort(Comparator.comparing((VariantStats v) -> !v.variant().equals(control))
                    .thenComparing(VariantStats::variant));
            List<ShadowDecision> shadow = new ArrayList<>(decisions.getOrDefault(experiment, List.of()));
            shadow.sort(
                    Comparator.comparing(ShadowDecision::decidedAt).reversed().thenComparing(ShadowDecision::variant));
            experiments.add(new ExperimentSummary(experiment, List.copyOf(list), guardrail, List.copyOf(shadow)));
        });
        return new ExperimentsReport(ws, List.copyOf(experiments));
    }
}
