package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Adds each (already deduplicated) input to the hourly and daily rollups of every dimension, of
 * every configured pair, and of the workspace total, and to the monthly rollups of the few
 * dimensions and pairs the spec names (with a monthly workspace total). A missing dimension value is rolled up under
 * the empty string, shown as "not attributed", so that rows always add up to the total.
 *
 * <p>The store is a {@link WriteBehindRollupStore}: repeated updates of the same key between two
 * commits stay objects in memory and reach RocksDB and the changelog once, at the commit.
 *
 * <p>Hourly buckets are kept for the recent past only ({@link HourlyHorizon}): an input received
 * long after it happened updates its day and month, not its hour, and a wall-clock punctuation
 * deletes hours that left the horizon.
 *
 * <p>Each input is forwarded once it is counted, so a processor that reads the rollups and must
 * see the input in them (budget alerts) is this processor's child: the order is the wiring's, not
 * the order in which siblings happen to be added.
 */
public final class RollupProcessor<V> implements Processor<String, V, String, V> {

    private final String storeName;
    private final RollupSpec<V> spec;
    private final List<Dimension> dimensions;
    /** Per pair: its store code and the positions of its two dimensions, fixed for the topology. */
    private final String[] pairCodes;

    private final int[][] pairPositions;
    /** Positions (in the dimensions, and in the pairs) of what is also rolled up by month. */
    private final int[] monthlyDimensions;

    private final int[] monthlyPairs;
    /** Positions (in the dimensions) of the combination rollup's dimensions, in key order. */
    private final int[] combination;

    private ProcessorContext<String, V> context;
    private KeyValueStore<String, Rollup> store;
    /** The month of the last input's day: most inputs fall on the same day as the one before. */
    private long lastDay = Long.MIN_VALUE;

    private long lastMonth;

    public RollupProcessor(String storeName, RollupSpec<V> spec) {
        this.storeName = storeName;
        this.spec = spec;
        this.dimensions = spec.dimensions();
        List<List<Dimension>> pairs = spec.pairs();
        this.pairCodes = new String[pairs.size()];
        this.pairPositions = new int[pairs.size()][];
        for (int p = 0; p < pairs.size(); p++) {
            List<Dimension> pair = pairs.get(p);
            pairCodes[p] = RollupKeys.pairCode(pair.get(0), pair.get(1));
            pairPositions[p] = new int[] {dimensions.indexOf(pair.get(0)), dimensions.indexOf(pair.get(1))};
        }
        this.monthlyDimensions =
                spec.monthlyDimensions().stream().mapToInt(dimensions::indexOf).toArray();
        this.monthlyPairs =
                spec.monthlyPairs().stream().mapToInt(pairs::indexOf).toArray();
        this.combination =
                spec.combination().stream().mapToInt(dimensions::indexOf).toArray();
        if (Arrays.stream(combination).anyMatch(i -> i < 0)) {
            throw new IllegalArgumentException("The combination must be of rolled-up dimensions");
        }
        if (Arrays.stream(monthlyDimensions).anyMatch(i -> i < 0)
                || Arrays.stream(monthlyPairs).anyMatch(i -> i < 0)) {
            throw new IllegalArgumentException("Monthly rollups must be of rolled-up dimensions and pairs");
        }
    }

    @Override
    public void init(ProcessorContext<String, V> context) {
        this.context = context;
        store = context.getStateStore(storeName);
        HourlyHorizon.scheduleExpiry(context, store);
    }

    @Override
    public void process(Record<String, V> record) {
        V value = record.value();
        String ws = spec.workspaceId(value);
        Rollup delta = spec.delta(value);
        String[] values = new String[dimensions.size()];
        for (int i = 0; i < values.length; i++) {
            String v = spec.valueOf(value, dimensions.get(i));
            values[i] = v == null ? "" : v;
        }
        String combined = combination.length == 0 ? null : combinationValue(values);
        Instant time = spec.time(value);
        Instant receivedAt = spec.receivedAt(value);
        for (Granularity g : Granularity.values()) {
            long bucket = g.bucketOf(time);
            if (g == Granularity.HOUR && !HourlyHorizon.keeps(bucket, receivedAt)) {
                continue;
            }
            add(RollupKeys.key(ws, g, RollupKeys.TOTAL, bucket, ""), delta);
            for (int i = 0; i < values.length; i++) {
                add(RollupKeys.key(ws, g, dimensions.get(i).code(), bucket, values[i]), delta);
            }
            for (int p = 0; p < pairCodes.length; p++) {
                String pairValue = RollupKeys.pairValue(values[pairPositions[p][0]], values[pairPositions[p][1]]);
                add(RollupKeys.key(ws, g, pairCodes[p], bucket, pairValue), delta);
            }
            if (combined != null) {
                add(RollupKeys.key(ws, g, RollupKeys.COMBINATION, bucket, combined), delta);
                add(RollupKeys.key(ws, g, RollupKeys.COMBINATION_TOTAL, bucket, ""), delta);
            }
        }
        if (monthlyDimensions.length > 0 || monthlyPairs.length > 0) {
            long month = monthOf(time);
            add(RollupKeys.monthKey(ws, RollupKeys.TOTAL, month, ""), delta);
            for (int i : monthlyDimensions) {
                add(RollupKeys.monthKey(ws, dimensions.get(i).code(), month, values[i]), delta);
            }
            for (int p : monthlyPairs) {
                String pairValue = RollupKeys.pairValue(values[pairPositions[p][0]], values[pairPositions[p][1]]);
                add(RollupKeys.monthKey(ws, pairCodes[p], month, pairValue), delta);
            }
        }
        context.forward(record);
    }

    private String combinationValue(String[] values) {
        StringBuilder b = new StringBuilder(96);
        for (int i = 0; i < combination.length; i++) {
            if (i > 0) {
                b.append(RollupKeys.PAIR_SEP);
            }
            b.append(values[combination[i]]);
        }
        return b.toString();
    }

    private long monthOf(Instant time) {
        long day = Granularity.DAY.bucketOf(time);
        if (day != lastDay) {
            lastDay = day;
            lastMonth = RollupKeys.monthOf(RollupKeys.monthAt(time));
        }
        return lastMonth;
    }

    private void add(String key, Rollup delta) {
        Rollup current = store.get(key);
        store.put(key, current == null ? delta : current.plus(delta));
    }
}
