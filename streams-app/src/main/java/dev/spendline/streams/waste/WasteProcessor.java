package dev.spendline.streams.waste;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.streams.pricing.PriceBook;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.HourlyHorizon;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.state.AggregatingRollupStore;
import dev.spendline.streams.state.KeyBuilder;
import dev.spendline.streams.waste.WasteRules.WorkflowBaseline;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Classifies each deduplicated product event into zero or more {@link WasteKind}s, each with an
 * amount (the call's whole cost, or for cache misses and model overkill the estimated part of it),
 * and adds it to the waste rollups: hourly and daily, per kind, per kind and dimension, and once
 * to the all-waste total and to the all-waste total of each of its dimension values at the largest
 * amount any kind gives the call; model overkill also per feature and model ({@link WasteKeys}).
 * Definitions: docs/waste.md.
 *
 * <p>Duplicate steps need a window store of the run steps that succeeded ({@code workspace \0
 * runId \0 stepId}, kept as long as the dedupe horizon); runaway runs the run and workflow sums of
 * {@link RunTracker}; cache misses and model overkill read the feature's history from the product
 * rollups ({@link FeatureBaselines}).
 */
public final class WasteProcessor implements Processor<String, AcceptedEvent, Void, Void> {

    static final List<Dimension> BY = TopWasteQuery.BY.stream().sorted().toList();

    /** The names of the stores the processor uses. */
    public record Stores(
            String waste, String succeededSteps, String runs, String workflowDays, String productRollups) {}

    private final Stores names;
    private final long horizonMs;
    private final PriceBook priceBook;
    private final ProductRollupSpec spec = new ProductRollupSpec();
    private AggregatingRollupStore waste;
    private final KeyBuilder key = new KeyBuilder(256);
    private final long[] delta = new long[AggregatingRollupStore.WIDTH];
    private WindowStore<String, Long> succeededSteps;
    private RunTracker runs;
    private FeatureBaselines features;

    public WasteProcessor(Stores names, Duration horizon, PriceBook priceBook) {
        this.names = names;
        this.horizonMs = horizon.toMillis();
        this.priceBook = priceBook;
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        waste = AggregatingRollupStore.of(context.getStateStore(names.waste()));
        succeededSteps = context.getStateStore(names.succeededSteps());
        WindowStore<String, RunState> runStates = context.getStateStore(names.runs());
        KeyValueStore<String, WorkflowBaseline> workflowDays = context.getStateStore(names.workflowDays());
        runs = new RunTracker(runStates, workflowDays);
        features = new FeatureBaselines(context.getStateStore(names.productRollups()));
        // Waste rollups keep hours for the recent past only, as the spend rollups do.
        HourlyHorizon.scheduleExpiry(context, waste);
    }

    @Override
    public void process(Record<String, AcceptedEvent> record) {
        AcceptedEvent accepted = record.value();
        Map<WasteKind, Long> kinds = classify(accepted);
        if (kinds.isEmpty()) {
            return;
        }
        String ws = accepted.workspaceId();
        Rollup call = spec.delta(accepted);
        Rollup once = call.withCost(
                kinds.values().stream().mapToLong(Long::longValue).max().orElseThrow());
        String[] values = new String[BY.size()];
        for (int i = 0; i < values.length; i++) {
            String value = spec.valueOf(accepted, BY.get(i));
            values[i] = value == null ? "" : value;
        }
        for (Granularity g : Granularity.values()) {
            long bucket = g.bucketOf(accepted.event().ts());
            if (g == Granularity.HOUR && !HourlyHorizon.keeps(bucket, accepted.receivedAt())) {
                continue;
            }
            add(RollupKeys.key(ws, g, WasteKeys.ANY, bucket, ""), once);
            for (int i = 0; i < values.length; i++) {
                add(RollupKeys.key(ws, g, WasteKeys.anyBy(BY.get(i)), bucket, values[i]), once);
            }
            for (Map.Entry<WasteKind, Long> kind : kinds.entrySet()) {
                Rollup delta = call.withCost(kind.getValue());
                add(RollupKeys.key(ws, g, WasteKeys.kind(kind.getKey()), bucket, ""), delta);
                for (int i = 0; i < values.length; i++) {
                    add(RollupKeys.key(ws, g, WasteKeys.kindBy(kind.getKey(), BY.get(i)), bucket, values[i]), delta);
                }
            }
            Long overkill = kinds.get(WasteKind.MODEL_OVERKILL);
            if (overkill != null) {
                // Which models a feature's overkill came from: what savings_recommendations' model filter needs.
                String pair = RollupKeys.pairValue(
                        values[BY.indexOf(Dimension.FEATURE)], values[BY.indexOf(Dimension.MODEL)]);
                add(
                        RollupKeys.key(ws, g, WasteKeys.OVERKILL_BY_FEATURE_AND_MODEL, bucket, pair),
                        call.withCost(overkill));
            }
        }
    }

    /** Each kind the call is waste of, with the amount in nano-dollars it counts for. */
    private Map<WasteKind, Long> classify(AcceptedEvent accepted) {
        ProductEvent e = accepted.event();
        String ws = accepted.workspaceId();
        long cost = ProductRollupSpec.toNanos(e.costUsd());
        Map<WasteKind, Long> kinds = new EnumMap<>(WasteKind.class);
        if (e.failed()) {
            kinds.put(WasteKind.FAILED_CALL, cost);
        }
        if (e.retries() > 0) {
            kinds.put(WasteKind.RETRY, cost);
        }
        if (!e.failed() && e.runId() != null && e.stepId() != null && succeededBefore(ws, e)) {
            kinds.put(WasteKind.DUPLICATE_STEP, cost);
        }
        if (e.runId() != null && e.workflowId() != null && runs.observe(ws, e.runId(), e.workflowId(), e.ts(), cost)) {
            kinds.put(WasteKind.RUNAWAY_RUN, cost);
        }
        if (!e.failed() && e.feature() != null && cost > 0) {
            long day = Granularity.DAY.bucketOf(e.ts());
            long cacheRead = e.cacheReadTokens() == null ? 0 : e.cacheReadTokens();
            // Cheap tests first: most calls are small or read from the cache, and need no baseline.
            if (e.promptTokens() >= WasteRules.CACHE_MIN_PROMPT_TOKENS && cacheRead == 0) {
                long cacheMiss = WasteRules.cacheMissNanos(
                        e.promptTokens(),
                        cacheRead,
                        cost,
                        features.cacheOf(ws, e.feature(), day),
                        priceBook.priceAt(e.provider(), e.model(), e.ts()).orElse(null));
                if (cacheMiss > 0) {
                    kinds.put(WasteKind.CACHE_MISS, cacheMiss);
                }
            }
            long overkill = WasteRules.overkillNanos(
                    cost, e.promptTokens() + e.outputTokens(), features.cheaperThan(ws, e.feature(), e.model(), day));
            if (overkill > 0) {
                kinds.put(WasteKind.MODEL_OVERKILL, overkill);
            }
        }
        return kinds;
    }

    /** True when the run step succeeded before; otherwise remembers this success. */
    private boolean succeededBefore(String ws, ProductEvent e) {
        String step = ws + '\u0000' + e.runId() + '\u0000' + e.stepId();
        long ts = e.ts().toEpochMilli();
        try (WindowStoreIterator<Long> it = succeededSteps.fetch(step, ts - horizonMs, ts + horizonMs)) {
            if (it.hasNext()) {
                return true;
            }
        }
        succeededSteps.put(step, ts, ts);
        return false;
    }

    /** Folds into the waste store's per-commit table: one write per distinct key and commit. */
    private void add(String wasteKey, Rollup r) {
        r.copyInto(delta);
        key.reset().put(wasteKey.getBytes(StandardCharsets.UTF_8));
        waste.add(key, delta);
    }
}
