package dev.spendline.streams;

import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.streams.budget.BudgetAlertProcessor;
import dev.spendline.streams.combination.CombinationBlockStoreBuilder;
import dev.spendline.streams.deadletter.DeadLetterCounter;
import dev.spendline.streams.dedupe.DedupeProcessor;
import dev.spendline.streams.door.DoorCheck;
import dev.spendline.streams.experiment.DecisionHistory;
import dev.spendline.streams.experiment.ExperimentProcessor;
import dev.spendline.streams.experiment.VariantCounts;
import dev.spendline.streams.margin.RevenueProcessor;
import dev.spendline.streams.quota.QuotaCounter;
import dev.spendline.streams.rollup.InternalRollupSpec;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.RollupProcessor;
import dev.spendline.streams.rollup.RollupSpec;
import dev.spendline.streams.state.AggregatingRollupStoreBuilder;
import dev.spendline.streams.state.WriteBackStoreBuilder;
import dev.spendline.streams.waste.RunStateStoreBuilder;
import dev.spendline.streams.waste.RunTracker;
import dev.spendline.streams.waste.SucceededStepsStoreBuilder;
import dev.spendline.streams.waste.WasteProcessor;
import dev.spendline.topics.JsonSerde;
import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.ForeachAction;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * The Spendline topology, built stage by stage in {@link #build}: each stage is one method, named
 * after what it keeps, and the order of the calls is the order data flows. Every input is keyed by
 * workspace id and every topic has the same partition count, so a workspace's state lives in one
 * task and nothing is repartitioned on the hot path.
 *
 * <pre>
 *   spendline.events.v1 → events-dedupe ─┬→ events-rollup (product rollups) → budget-alerts ─┐
 *                                        ├→ events-quota (quota counts)                      │
 *                                        ├→ events-waste (waste rollups, runs)               ├→ spendline.alerts.v1
 *                                        └→ experiments (variant counts, guardrails) ────────┘
 *   spendline.budgets.v1, spendline.alert-snoozes.v1 → budget-alerts
 *   spendline.guardrails.v1                          → experiments
 *   spendline.revenue.v1                             → revenue-store (reads no rollups, joins the
 *                                                      events' sub-topology to share its task)
 *   spendline.dead-letters.v1                        → dead-letters-count (joins the events' sub-topology
 *                                                      too, so a workspace's count is where its reports are)
 *   spendline.internal-usage.v1 → internal-usage-dedupe → internal-usage-rollup (internal rollups)
 * </pre>
 *
 * Each input's first stage after its source is a door ({@link DoorCheck}): a record that breaks an
 * invariant the gateway guarantees is thrown out before any store sees it. That record, one that
 * cannot be read, or one a stage throws on, is set aside on {@code spendline.dead-letters.v1} by
 * the exception handlers {@code StreamsRunner} configures, and processing goes on.
 *
 * Two sub-topologies come out: everything about product events (one task per partition holds
 * a workspace's rollups, revenue, budgets, alerts and experiments) and internal usage.
 * {@code TopologyShapeTest} pins {@code describe()}, so a change of shape is a deliberate one.
 * Production wiring and tests both call {@link #build}; nothing else defines the topology.
 */
public final class SpendlineTopology {

    private SpendlineTopology() {}

    public static Topology build(StreamsBuilder builder, TopologySettings settings) {
        KStream<String, AcceptedEvent> events = deduplicatedEvents(builder, settings);
        ProductRollupSpec product = new ProductRollupSpec(settings.priceBook());
        productRollups(builder, events, product);
        quotaCounts(builder, events);
        waste(builder, settings, events);
        revenue(builder);
        deadLetterCounts(builder);
        KStream<String, AcceptedUsageRow> usage = deduplicatedUsage(builder, settings);
        internalRollups(builder, settings, usage);
        // Processors with more than one parent need the Processor API, on the built topology.
        Topology topology = builder.build();
        budgetsAndAlerts(topology, product);
        experiments(topology, product);
        alertsSink(topology);
        return topology;
    }

    /**
     * Product events, each (source, externalId) once within the dedupe horizon. Public so that the
     * benchmark can measure this stage alone with exactly the topology's store and processor.
     */
    public static KStream<String, AcceptedEvent> deduplicatedEvents(StreamsBuilder builder, TopologySettings settings) {
        return deduplicated(
                builder,
                settings,
                Topics.EVENTS,
                StoreNames.EVENTS_SOURCE,
                StoreNames.DEDUPE_EVENTS,
                StoreNames.EVENTS_DEDUPE,
                StoreNames.EVENTS_DOOR,
                DoorCheck::event,
                e -> e.event().hasIdentity()
                        ? identity(
                                e.workspaceId(), e.event().source(), e.event().externalId())
                        : null);
    }

    /** Internal usage rows, each (sourceKey, externalId) once within the dedupe horizon. */
    private static KStream<String, AcceptedUsageRow> deduplicatedUsage(
            StreamsBuilder builder, TopologySettings settings) {
        return deduplicated(
                builder,
                settings,
                Topics.INTERNAL_USAGE,
                StoreNames.USAGE_SOURCE,
                StoreNames.DEDUPE_USAGE,
                StoreNames.USAGE_DEDUPE,
                StoreNames.USAGE_DOOR,
                DoorCheck::usage,
                u -> u.row().hasIdentity()
                        ? identity(u.workspaceId(), u.row().sourceKey(), u.row().externalId())
                        : null);
    }

    private static <V> KStream<String, V> deduplicated(
            StreamsBuilder builder,
            TopologySettings settings,
            Topic<String, V> topic,
            String sourceName,
            String dedupeStore,
            String dedupeName,
            String doorName,
            ForeachAction<String, V> door,
            Function<V, String> identity) {
        builder.addStateStore(Stores.windowStoreBuilder(
                Stores.persistentWindowStore(dedupeStore, settings.dedupeHorizon(), settings.dedupeHorizon(), false),
                Serdes.String(),
                Serdes.Long()));
        return builder.stream(
                        topic.name(),
                        Consumed.with(topic.keySerde(), topic.valueSerde()).withName(sourceName))
                .peek(door, Named.as(doorName))
                .process(
                        () -> new DedupeProcessor<>(
                                dedupeStore, identity, settings.dedupeHorizon(), settings.commitPacing()),
                        Named.as(dedupeName),
                        dedupeStore);
    }

    /**
     * Spend of product events by hour, day and month. The rollup processor forwards each event once
     * counted; {@link #budgetsAndAlerts} hangs below it, so budgets always see the event's cost.
     */
    private static void productRollups(
            StreamsBuilder builder, KStream<String, AcceptedEvent> events, ProductRollupSpec spec) {
        builder.addStateStore(new AggregatingRollupStoreBuilder(
                StoreNames.PRODUCT_ROLLUPS,
                AggregatingRollupStoreBuilder.DEFAULT_MAX_PENDING,
                AggregatingRollupStoreBuilder.DEFAULT_MAX_HOT));
        builder.addStateStore(new CombinationBlockStoreBuilder(
                StoreNames.PRODUCT_COMBINATIONS, spec.combination().size()));
        events.process(
                () -> new RollupProcessor<>(StoreNames.PRODUCT_ROLLUPS, StoreNames.PRODUCT_COMBINATIONS, spec),
                Named.as(StoreNames.EVENTS_ROLLUP),
                StoreNames.PRODUCT_ROLLUPS,
                StoreNames.PRODUCT_COMBINATIONS);
    }

    /** Spend of internal AI-tool usage by hour and day (costs priced from the price book). */
    private static void internalRollups(
            StreamsBuilder builder, TopologySettings settings, KStream<String, AcceptedUsageRow> usage) {
        rollups(
                builder,
                usage,
                StoreNames.INTERNAL_ROLLUPS,
                StoreNames.USAGE_ROLLUP,
                new InternalRollupSpec(settings.priceBook()));
    }

    private static <V> void rollups(
            StreamsBuilder builder, KStream<String, V> input, String store, String name, RollupSpec<V> spec) {
        builder.addStateStore(new AggregatingRollupStoreBuilder(
                store,
                AggregatingRollupStoreBuilder.DEFAULT_MAX_PENDING,
                AggregatingRollupStoreBuilder.DEFAULT_MAX_HOT));
        input.process(() -> new RollupProcessor<>(store, spec), Named.as(name), store);
    }

    /**
     * Accepted events per workspace and month, for the quota. A write-back store: the count of a
     * busy workspace changes in memory and reaches RocksDB and the changelog once per commit.
     */
    private static void quotaCounts(StreamsBuilder builder, KStream<String, AcceptedEvent> events) {
        builder.addStateStore(new WriteBackStoreBuilder<>(StoreNames.QUOTA_USAGE, Serdes.Long()));
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
    private static void revenue(StreamsBuilder builder) {
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
     * Dead letters counted per workspace, for the notice the workspace sees. Connected to the
     * product rollups too (without reading them), like {@link #revenue}: the count lives in the
     * events' sub-topology, in the task that answers the workspace's other reads. The dead-letter
     * topic has the events' partition count and each dead letter its workspace's partition.
     */
    private static void deadLetterCounts(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(StoreNames.DEAD_LETTER_COUNTS),
                Serdes.String(),
                new JsonSerde<>(DeadLetterCount.class)));
        builder.stream(
                        Topics.DEAD_LETTERS.name(),
                        Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()).withName(StoreNames.DEAD_LETTERS_SOURCE))
                .process(
                        () -> new DeadLetterCounter(StoreNames.DEAD_LETTER_COUNTS),
                        Named.as(StoreNames.DEAD_LETTERS_COUNT),
                        StoreNames.DEAD_LETTER_COUNTS,
                        StoreNames.PRODUCT_ROLLUPS);
    }

    /**
     * Budgets, snoozes and alerts: one processor with three parents (the product rollups, which
     * forward each event once counted; the budgets topic; the snoozes topic), since all three
     * change the same state (see {@link BudgetAlertProcessor}). Written with the Processor API,
     * as the DSL gives a processor one parent. Alert changes go to {@link #alertsSink}.
     */
    private static void budgetsAndAlerts(Topology topology, ProductRollupSpec product) {
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
                () -> new BudgetAlertProcessor(stores, product),
                StoreNames.EVENTS_ROLLUP,
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
    }

    /** Alert changes of budgets and of experiment guardrails, for notifiers and the CLI. */
    private static void alertsSink(Topology topology) {
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
    private static void experiments(Topology topology, ProductRollupSpec product) {
        topology.addSource(
                StoreNames.GUARDRAILS_SOURCE,
                Topics.GUARDRAILS.keySerde().deserializer(),
                Topics.GUARDRAILS.valueSerde().deserializer(),
                Topics.GUARDRAILS.name());
        ExperimentProcessor.StoreNames stores = new ExperimentProcessor.StoreNames(
                StoreNames.EXPERIMENT_STATS, StoreNames.GUARDRAILS, StoreNames.GUARDRAIL_DECISIONS, StoreNames.ALERTS);
        topology.addProcessor(
                StoreNames.EXPERIMENTS,
                () -> new ExperimentProcessor(stores, product),
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
     * too, for the feature's history (cache misses, model overkill): only whole days before the
     * event's, so whether the rollups have counted the event itself does not matter, and range
     * reads see uncommitted updates as gets do ({@code AggregatingRollupStore}).
     */
    private static void waste(
            StreamsBuilder builder, TopologySettings settings, KStream<String, AcceptedEvent> events) {
        builder.addStateStore(new AggregatingRollupStoreBuilder(
                // Far fewer keys change than in the spend rollups: only wasteful calls reach it.
                StoreNames.WASTE_ROLLUPS, 16_384, 16_384));
        // A run's steps are one value, written once per commit (SucceededStepsStore); the store of one
        // window per step is only read, for what it held before the upgrade (LegacySucceededSteps).
        builder.addStateStore(new SucceededStepsStoreBuilder(
                StoreNames.SUCCEEDED_RUN_STEPS,
                settings.dedupeHorizon(),
                SucceededStepsStoreBuilder.DEFAULT_MAX_ENTRIES));
        builder.addStateStore(Stores.windowStoreBuilder(
                Stores.persistentWindowStore(
                        StoreNames.SUCCEEDED_STEPS, settings.dedupeHorizon(), settings.dedupeHorizon(), false),
                Serdes.String(),
                Serdes.Long()));
        // A run's state changes with each of its calls: the store's table keeps one write per commit.
        builder.addStateStore(
                new RunStateStoreBuilder(StoreNames.RUN_STATES, RunStateStoreBuilder.DEFAULT_MAX_ENTRIES));
        builder.addStateStore(new WriteBackStoreBuilder<>(StoreNames.WORKFLOW_DAYS, new RunTracker.WorkflowDaySerde()));
        WasteProcessor.Stores stores = new WasteProcessor.Stores(
                StoreNames.WASTE_ROLLUPS,
                StoreNames.SUCCEEDED_RUN_STEPS,
                StoreNames.SUCCEEDED_STEPS,
                StoreNames.RUN_STATES,
                StoreNames.WORKFLOW_DAYS,
                StoreNames.PRODUCT_ROLLUPS);
        events.process(
                () -> new WasteProcessor(stores, settings.dedupeHorizon(), settings.priceBook()),
                Named.as(StoreNames.EVENTS_WASTE),
                StoreNames.WASTE_ROLLUPS,
                StoreNames.SUCCEEDED_RUN_STEPS,
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
