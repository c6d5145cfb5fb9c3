package dev.spendline.streams;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.streams.alert.BudgetAlertProcessor;
import dev.spendline.streams.dedupe.DedupeProcessor;
import dev.spendline.streams.experiment.DecisionHistory;
import dev.spendline.streams.experiment.ExperimentProcessor;
import dev.spendline.streams.experiment.VariantCounts;
import dev.spendline.streams.margin.RevenueProcessor;
import dev.spendline.streams.quota.QuotaCounter;
import dev.spendline.streams.rollup.InternalRollupSpec;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.RollupProcessor;
import dev.spendline.streams.rollup.RollupSpec;
import dev.spendline.streams.rollup.WriteBehindStoreBuilder;
import dev.spendline.streams.waste.RunState;
import dev.spendline.streams.waste.RunTracker;
import dev.spendline.streams.waste.WasteProcessor;
import dev.spendline.topics.JsonSerde;
import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * The Spendline topology: one sub-topology per input topic, both keyed by workspace id so every
 * workspace's state lives in one partition (no repartitioning on the hot path).
 *
 * <pre>
 *   spendline.events.v1         → dedupe (source, externalId) → product rollups, quota counts, waste
 *   spendline.internal-usage.v1 → dedupe (sourceKey, externalId) → internal rollups
 *   spendline.revenue.v1        → revenue store (same sub-topology as the events)
 *   spendline.budgets.v1        ┐
 *   spendline.alert-snoozes.v1  ├→ budgets and alerts → spendline.alerts.v1
 *   deduplicated events         ┘  (same sub-topology as the events)
 *   spendline.guardrails.v1     ┐
 *   deduplicated events         ┴→ experiment counts, shadow guardrails → spendline.alerts.v1
 * </pre>
 *
 * Production wiring and tests both call {@link #build}; nothing else defines the topology.
 */
public final class SpendlineTopology {

    private SpendlineTopology() {}

    public static Topology build(StreamsBuilder builder, TopologySettings settings) {
        KStream<String, AcceptedEvent> events = addInput(
                builder,
                settings,
                Topics.EVENTS,
                StoreNames.EVENTS_SOURCE,
                StoreNames.DEDUPE_EVENTS,
                StoreNames.EVENTS_DEDUPE,
                e -> e.event().hasIdentity()
                        ? identity(
                                e.workspaceId(), e.event().source(), e.event().externalId())
                        : null,
                StoreNames.PRODUCT_ROLLUPS,
                StoreNames.EVENTS_ROLLUP,
                new ProductRollupSpec());
        addQuotaCounter(builder, events);
        addWaste(builder, settings, events);
        addInput(
                builder,
                settings,
                Topics.INTERNAL_USAGE,
                StoreNames.USAGE_SOURCE,
                StoreNames.DEDUPE_USAGE,
                StoreNames.USAGE_DEDUPE,
                u -> u.row().hasIdentity()
                        ? identity(u.workspaceId(), u.row().sourceKey(), u.row().externalId())
                        : null,
                StoreNames.INTERNAL_ROLLUPS,
                StoreNames.USAGE_ROLLUP,
                new InternalRollupSpec(settings.priceBook()));
        addRevenue(builder);
        Topology topology = builder.build();
        addBudgetsAndAlerts(topology);
        return topology;
    }

    /** The stream of deduplicated inputs, after its rollups. */
    private static <V> KStream<String, V> addInput(
            StreamsBuilder builder,
            TopologySettings settings,
            Topic<String, V> topic,
            String sourceName,
            String dedupeStore,
            String dedupeName,
            Function<V, String> identity,
            String rollupStore,
            String rollupName,
            RollupSpec<V> spec) {
        builder.addStateStore(Stores.windowStoreBuilder(
                Stores.persistentWindowStore(dedupeStore, settings.dedupeHorizon(), settings.dedupeHorizon(), false),
                Serdes.String(),
                Serdes.Long()));
        builder.addStateStore(new WriteBehindStoreBuilder(
                rollupStore, WriteBehindStoreBuilder.DEFAULT_MAX_DIRTY, WriteBehindStoreBuilder.DEFAULT_MAX_CLEAN));
        KStream<String, V> deduplicated = builder.stream(
                        topic.name(),
                        Consumed.with(topic.keySerde(), topic.valueSerde()).withName(sourceName))
                .process(
                        () -> new DedupeProcessor<>(dedupeStore, identity, settings.dedupeHorizon()),
                        Named.as(dedupeName),
                        dedupeStore);
        deduplicated.process(() -> new RollupProcessor<>(rollupStore, spec), Named.as(rollupName), rollupStore);
        return deduplicated;
    }

    /**
     * Accepted events per workspace and month, for the quota. A cached store: the count of a busy
     * workspace changes in memory and reaches RocksDB and the changelog once per commit.
     */
    private static void addQuotaCounter(StreamsBuilder builder, KStream<String, AcceptedEvent> events) {
        builder.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.QUOTA_USAGE), Serdes.String(), Serdes.Long())
                .withCachingEnabled());
        events.process(
                () -> new QuotaCounter(StoreNames.QUOTA_USAGE),
                Named.as(StoreNames.EVENTS_QUOTA),
                StoreNames.QUOTA_USAGE);
    }

    /**
     * Revenue rows into their store. The processor is connected to the product rollups too, though
     * it only writes revenue: that puts the revenue topic into the events' sub-topology, so a
     * workspace's revenue and costs live in the same task and a margin query reads both on the
     * instance that owns the workspace. (Both topics have the same partition count and revenue
     * records go to their workspace's partition, see {@code Topics.partitionOf}.)
     */
    private static void addRevenue(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(StoreNames.REVENUE), Serdes.String(), Serdes.Long()));
        builder.stream(
                        Topics.REVENUE.name(),
                        Consumed.with(Topics.REVENUE.keySerde(), Topics.REVENUE.valueSerde())
                                .withName(StoreNames.REVENUE_SOURCE))
                .process(
                        () -> new RevenueProcessor(StoreNames.REVENUE),
                        Named.as(StoreNames.REVENUE_STORE),
                        StoreNames.REVENUE,
                        StoreNames.PRODUCT_ROLLUPS);
    }

    /**
     * Budgets, snoozes and alerts: one processor with three parents (the deduplicated events,
     * after the rollups have counted them; the budgets topic; the snoozes topic), since all three
     * change the same state (see {@link BudgetAlertProcessor}). Written with the Processor API,
     * as the DSL gives a processor one parent. Alert changes go to {@code spendline.alerts.v1}.
     */
    private static void addBudgetsAndAlerts(Topology topology) {
        topology.addSource(
                StoreNames.BUDGETS_SOURCE,
                Topics.BUDGETS.keySerde().deserializer(),
                Topics.BUDGETS.valueSerde().deserializer(),
                Topics.BUDGETS.name());
        topology.addSource(
                StoreNames.SNOOZES_SOURCE,
                Topics.ALERT_SNOOZES.keySerde().deserializer(),
                Topics.ALERT_SNOOZES.valueSerde().deserializer(),
                Topics.ALERT_SNOOZES.name());
        BudgetAlertProcessor.StoreNames stores = new BudgetAlertProcessor.StoreNames(
                StoreNames.BUDGETS,
                StoreNames.BUDGET_SPEND,
                StoreNames.ALERTS,
                StoreNames.ALERT_SNOOZES,
                StoreNames.PRODUCT_ROLLUPS);
        topology.addProcessor(
                StoreNames.BUDGET_ALERTS,
                () -> new BudgetAlertProcessor(stores),
                // Children run in the order they were added: the rollups see each event first.
                StoreNames.EVENTS_DEDUPE,
                StoreNames.BUDGETS_SOURCE,
                StoreNames.SNOOZES_SOURCE);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.BUDGETS),
                        Serdes.String(),
                        Topics.BUDGETS.valueSerde()),
                StoreNames.BUDGET_ALERTS);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.BUDGET_SPEND), Serdes.String(), Serdes.Long()),
                StoreNames.BUDGET_ALERTS);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.ALERTS), Serdes.String(), Topics.ALERTS.valueSerde()),
                StoreNames.BUDGET_ALERTS);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.ALERT_SNOOZES),
                        Serdes.String(),
                        Topics.ALERT_SNOOZES.valueSerde()),
                StoreNames.BUDGET_ALERTS);
        topology.connectProcessorAndStateStores(StoreNames.BUDGET_ALERTS, StoreNames.PRODUCT_ROLLUPS);
        addExperiments(topology);
        topology.addSink(
                StoreNames.ALERTS_SINK,
                Topics.ALERTS.name(),
                Topics.ALERTS.keySerde().serializer(),
                Topics.ALERTS.valueSerde().serializer(),
                StoreNames.BUDGET_ALERTS,
                StoreNames.EXPERIMENTS);
    }

    /**
     * Experiment counts and shadow guardrails (docs/experiments.md): one processor with two parents
     * (the deduplicated events and the guardrails topic). Its alerts share the alerts store with
     * the budget alerts, so {@code active_alerts} lists both and one punctuation forgets old ones.
     */
    private static void addExperiments(Topology topology) {
        topology.addSource(
                StoreNames.GUARDRAILS_SOURCE,
                Topics.GUARDRAILS.keySerde().deserializer(),
                Topics.GUARDRAILS.valueSerde().deserializer(),
                Topics.GUARDRAILS.name());
        ExperimentProcessor.StoreNames stores = new ExperimentProcessor.StoreNames(
                StoreNames.EXPERIMENT_STATS, StoreNames.GUARDRAILS, StoreNames.GUARDRAIL_DECISIONS, StoreNames.ALERTS);
        topology.addProcessor(
                StoreNames.EXPERIMENTS,
                () -> new ExperimentProcessor(stores),
                StoreNames.EVENTS_DEDUPE,
                StoreNames.GUARDRAILS_SOURCE);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                                Stores.persistentKeyValueStore(StoreNames.EXPERIMENT_STATS),
                                Serdes.String(),
                                new JsonSerde<>(VariantCounts.class))
                        // A busy variant changes with each call: the cache keeps one write per commit.
                        .withCachingEnabled(),
                StoreNames.EXPERIMENTS);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.GUARDRAILS),
                        Serdes.String(),
                        Topics.GUARDRAILS.valueSerde()),
                StoreNames.EXPERIMENTS);
        topology.addStateStore(
                Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.GUARDRAIL_DECISIONS),
                        Serdes.String(),
                        new JsonSerde<>(DecisionHistory.class)),
                StoreNames.EXPERIMENTS);
        topology.connectProcessorAndStateStores(StoreNames.EXPERIMENTS, StoreNames.ALERTS);
    }

    /**
     * Waste classification and rollups (docs/waste.md). The processor reads the product rollups
     * too (the feature's history for cache misses and model overkill), which keeps it in the
     * events' sub-topology, as it is anyway.
     */
    private static void addWaste(
            StreamsBuilder builder, TopologySettings settings, KStream<String, AcceptedEvent> events) {
        builder.addStateStore(new WriteBehindStoreBuilder(
                // Far fewer keys change than in the spend rollups: only wasteful calls reach it.
                StoreNames.WASTE_ROLLUPS, 20_000, 20_000));
        builder.addStateStore(Stores.windowStoreBuilder(
                Stores.persistentWindowStore(
                        StoreNames.SUCCEEDED_STEPS, settings.dedupeHorizon(), settings.dedupeHorizon(), false),
                Serdes.String(),
                Serdes.Long()));
        builder.addStateStore(Stores.windowStoreBuilder(
                        Stores.persistentWindowStore(
                                StoreNames.RUN_STATES, RunTracker.RETENTION, RunTracker.RETENTION, false),
                        Serdes.String(),
                        new RunState.RunStateSerde())
                // A run's state changes with each of its calls: the cache keeps one write per commit.
                .withCachingEnabled());
        builder.addStateStore(Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(StoreNames.WORKFLOW_DAYS),
                        Serdes.String(),
                        new RunTracker.WorkflowDaySerde())
                .withCachingEnabled());
        WasteProcessor.Stores stores = new WasteProcessor.Stores(
                StoreNames.WASTE_ROLLUPS,
                StoreNames.SUCCEEDED_STEPS,
                StoreNames.RUN_STATES,
                StoreNames.WORKFLOW_DAYS,
                StoreNames.PRODUCT_ROLLUPS);
        events.process(
                () -> new WasteProcessor(stores, settings.dedupeHorizon(), settings.priceBook()),
                Named.as(StoreNames.EVENTS_WASTE),
                StoreNames.WASTE_ROLLUPS,
                StoreNames.SUCCEEDED_STEPS,
                StoreNames.RUN_STATES,
                StoreNames.WORKFLOW_DAYS,
                StoreNames.PRODUCT_ROLLUPS);
    }

    /** A workspace-scoped identity, the dedupe store's key; \0 cannot occur in validated strings. */
    public static String identity(String workspaceId, String source, String externalId) {
        return workspaceId + '\u0000' + source + '\u0000' + externalId;
    }
}
