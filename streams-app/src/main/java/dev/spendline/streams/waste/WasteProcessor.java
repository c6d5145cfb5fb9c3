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
import dev.spendline.streams.state.Utf8Memo;
import dev.spendline.streams.state.WriteBackStore;
import dev.spendline.streams.waste.WasteRules.WorkflowBaseline;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Classifies each deduplicated product event into zero or more {@link WasteKind}s, each with an
 * amount (the call's whole cost, or for cache misses and model overkill the estimated part of it),
 * and adds it to the waste rollups: hourly and daily, per kind, per kind and dimension, and once
 * to the all-waste total and to the all-waste total of each of its dimension values at the largest
 * amount any kind gives the call; model overkill also per feature and model ({@link WasteKeys}).
 * Definitions: docs/waste.md.
 *
 * <p>Duplicate steps need the run steps that succeeded ({@link SucceededStepsStore}: per run, kept
 * at least as long as the dedupe horizon; steps recorded before layout 5 are still read from
 * {@link LegacySucceededSteps}); runaway runs the run and workflow sums of
 * {@link RunTracker}; cache misses and model overkill read the feature's history from the product
 * rollups ({@link FeatureBaselines}).
 *
 * <p>The event path allocates little on purpose (issue #29: waste was 20 µs of 48 per event): a
 * call's kinds are kept in a reused array, and the waste keys are written as bytes into a reused
 * {@link KeyBuilder} (the bytes of {@code RollupKeys.key}), each dimension value encoded once.
 */
public final class WasteProcessor implements Processor<String, AcceptedEvent, Void, Void> {

    static final List<Dimension> BY = TopWasteQuery.BY.stream().sorted().toList();

    private static final WasteKind[] KINDS = WasteKind.values();
    private static final byte[] ANY = ascii(WasteKeys.ANY);
    private static final byte[][] ANY_BY = new byte[BY.size()][];
    private static final byte[][] KIND = new byte[KINDS.length][];
    private static final byte[][][] KIND_BY = new byte[KINDS.length][BY.size()][];
    private static final byte[] OVERKILL_BY_FEATURE_AND_MODEL = ascii(WasteKeys.OVERKILL_BY_FEATURE_AND_MODEL);
    private static final int FEATURE = BY.indexOf(Dimension.FEATURE);
    private static final int MODEL = BY.indexOf(Dimension.MODEL);
    private static final byte[] EMPTY = new byte[0];

    static {
        for (int i = 0; i < BY.size(); i++) {
            ANY_BY[i] = ascii(WasteKeys.anyBy(BY.get(i)));
        }
        for (WasteKind kind : KINDS) {
            KIND[kind.ordinal()] = ascii(WasteKeys.kind(kind));
            for (int i = 0; i < BY.size(); i++) {
                KIND_BY[kind.ordinal()][i] = ascii(WasteKeys.kindBy(kind, BY.get(i)));
            }
        }
    }

    /** The names of the stores the processor uses. */
    public record Stores(
            String waste,
            String succeededRunSteps,
            String legacySucceededSteps,
            String runs,
            String workflowDays,
            String productRollups) {}

    private final Stores names;
    private final long horizonMs;
    private final PriceBook priceBook;
    private final ProductRollupSpec spec;
    private AggregatingRollupStore waste;
    private final KeyBuilder key = new KeyBuilder(256);
    private final Utf8Memo utf8Of = new Utf8Memo(1024);
    private final long[] delta = new long[AggregatingRollupStore.WIDTH];
    /** The amount of each kind for the call being classified, by ordinal; 0 = not that kind. */
    private final long[] amounts = new long[KINDS.length];

    private final byte[][] values = new byte[BY.size()][];
    private SucceededStepsStore succeededSteps;
    private LegacySucceededSteps legacySucceededSteps;
    private RunTracker runs;
    private FeatureBaselines features;

    public WasteProcessor(Stores names, Duration horizon, PriceBook priceBook) {
        this.names = names;
        this.horizonMs = horizon.toMillis();
        this.priceBook = priceBook;
        this.spec = new ProductRollupSpec(priceBook);
    }

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        waste = AggregatingRollupStore.of(context.getStateStore(names.waste()));
        succeededSteps = SucceededStepsStore.of(context.getStateStore(names.succeededRunSteps()));
        WindowStore<String, Long> legacy = context.getStateStore(names.legacySucceededSteps());
        legacySucceededSteps = new LegacySucceededSteps(legacy, horizonMs, context::currentSystemTimeMs);
        RunStateStore runStates = RunStateStore.of(context.getStateStore(names.runs()));
        KeyValueStore<String, WorkflowBaseline> workflowDays =
                WriteBackStore.of(context.getStateStore(names.workflowDays()));
        runs = new RunTracker(runStates, workflowDays);
        features = new FeatureBaselines(context.getStateStore(names.productRollups()));
        // Waste rollups keep hours for the recent past only, as the spend rollups do.
        HourlyHorizon.scheduleExpiry(context, waste);
    }

    @Override
    public void process(Record<String, AcceptedEvent> record) {
        AcceptedEvent accepted = record.value();
        long largest = classify(accepted);
        if (largest < 0) {
            return;
        }
        byte[] ws = utf8Of.of(accepted.workspaceId());
        Rollup call = spec.delta(accepted);
        for (int i = 0; i < values.length; i++) {
            String value = spec.valueOf(accepted, BY.get(i));
            values[i] = value == null || value.isEmpty() ? EMPTY : utf8Of.of(value);
        }
        for (Granularity g : Granularity.values()) {
            long bucket = g.bucketOf(accepted.event().ts());
            if (g == Granularity.HOUR && !HourlyHorizon.keeps(bucket, accepted.receivedAt())) {
                continue;
            }
            int prefix = prefix(ws, g);
            call.withCost(largest).copyInto(delta);
            add(prefix, ANY, bucket, EMPTY);
            for (int i = 0; i < values.length; i++) {
                add(prefix, ANY_BY[i], bucket, values[i]);
            }
            for (WasteKind kind : KINDS) {
                long amount = amounts[kind.ordinal()];
                if (amount < 0) {
                    continue;
                }
                call.withCost(amount).copyInto(delta);
                add(prefix, KIND[kind.ordinal()], bucket, EMPTY);
                for (int i = 0; i < values.length; i++) {
                    add(prefix, KIND_BY[kind.ordinal()][i], bucket, values[i]);
                }
                if (kind == WasteKind.MODEL_OVERKILL) {
                    // Which models a feature's overkill came from: what savings_recommendations' model filter needs.
                    key.truncate(prefix);
                    key.put(OVERKILL_BY_FEATURE_AND_MODEL)
                            .put((byte) 0)
                            .putHex8(bucket)
                            .put((byte) 0)
                            .put(values[FEATURE])
                            .put((byte) RollupKeys.PAIR_SEP)
                            .put(values[MODEL]);
                    waste.add(key, delta);
                }
            }
        }
    }

    /**
     * Fills {@link #amounts} with each kind the call is waste of (the amount in nano-dollars it
     * counts for; -1 for the kinds it is not) and returns the largest amount, or -1 if none.
     */
    private long classify(AcceptedEvent accepted) {
        ProductEvent e = accepted.event();
        String ws = accepted.workspaceId();
        long cost = spec.costNanos(accepted);
        Arrays.fill(amounts, -1L);
        if (e.failed()) {
            amounts[WasteKind.FAILED_CALL.ordinal()] = cost;
        }
        if (e.retries() > 0) {
            amounts[WasteKind.RETRY.ordinal()] = cost;
        }
        if (!e.failed() && e.runId() != null && e.stepId() != null && succeededBefore(ws, e)) {
            amounts[WasteKind.DUPLICATE_STEP.ordinal()] = cost;
        }
        if (e.runId() != null && e.workflowId() != null && runs.observe(ws, e.runId(), e.workflowId(), e.ts(), cost)) {
            amounts[WasteKind.RUNAWAY_RUN.ordinal()] = cost;
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
                    amounts[WasteKind.CACHE_MISS.ordinal()] = cacheMiss;
                }
            }
            long overkill = WasteRules.overkillNanos(
                    cost, e.promptTokens() + e.outputTokens(), features.cheaperThan(ws, e.feature(), e.model(), day));
            if (overkill > 0) {
                amounts[WasteKind.MODEL_OVERKILL.ordinal()] = overkill;
            }
        }
        long largest = -1;
        for (long amount : amounts) {
            largest = Math.max(largest, amount);
        }
        return largest;
    }

    /** True when the run step succeeded before; otherwise remembers this success. */
    private boolean succeededBefore(String ws, ProductEvent e) {
        long ts = e.ts().toEpochMilli();
        if (legacySucceededSteps.succeededWithin(ws, e.runId(), e.stepId(), ts)) {
            return true;
        }
        return succeededSteps.succeededBefore(ws + '\u0000' + e.runId(), e.stepId(), ts);
    }

    /** Starts a key {@code workspace \0 granularity \0}; returns the mark to truncate back to. */
    private int prefix(byte[] ws, Granularity g) {
        key.reset().put(ws).put((byte) 0).put((byte) g.code()).put((byte) 0);
        return key.mark();
    }

    /** Folds {@link #delta} into the waste store's per-commit table under {@code RollupKeys.key}'s bytes. */
    private void add(int prefix, byte[] code, long bucket, byte[] value) {
        key.truncate(prefix);
        key.put(code).put((byte) 0).putHex8(bucket).put((byte) 0).put(value);
        waste.add(key, delta);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
