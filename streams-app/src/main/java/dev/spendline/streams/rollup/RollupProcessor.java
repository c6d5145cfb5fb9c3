package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.streams.combination.CombinationBlockStore;
import dev.spendline.streams.combination.PastDaysConsolidation;
import dev.spendline.streams.combination.UnshardedBlocksMove;
import dev.spendline.streams.state.AggregatingRollupStore;
import dev.spendline.streams.state.KeyBuilder;
import dev.spendline.streams.state.StateLayout;
import dev.spendline.streams.state.Utf8Memo;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Folds each (already deduplicated) input into the rollups: by hour and day, the workspace total,
 * every dimension (by day only for {@link RollupSpec#dailyOnly}), the pairs the spec keeps by day, and by
 * month the total and the few dimensions and pairs margins read. A missing dimension value is
 * rolled up under the empty string, shown as "not attributed", so that rows always add up to the
 * total.
 *
 * <p>The combination of every dimension goes either to per-commit blocks ({@link
 * CombinationBlockStore}, product usage: one write per workspace and day per commit instead of two
 * per call) or, for low-volume internal usage, to one rollup key per combination and bucket. Either
 * way the bucket's {@link RollupKeys#COMBINATION_TOTAL} says its combinations are complete.
 *
 * <p>Nothing here reads or writes RocksDB: keys are built into one reused buffer and folded into
 * the store's per-commit table ({@link AggregatingRollupStore#add}), which writes each distinct key
 * once when Kafka Streams commits. Measured in docs/performance.md (issue #29).
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
    private final String blocksName;
    private final RollupSpec<V> spec;
    private final List<Dimension> dimensions;
    /** Dimension codes as bytes, and whether each is rolled up by hour. */
    private final byte[][] codes;

    private final boolean[] hourly;
    /** Per pair list (by day; by month): store codes and the two dimension positions. */
    private final Pairs dailyPairs;

    private final Pairs monthlyPairs;
    /** Positions (in the dimensions) of what is also rolled up by month. */
    private final int[] monthlyDimensions;
    /** Positions (in the dimensions) of the combination's dimensions, in key order. */
    private final int[] combination;

    private ProcessorContext<String, V> context;
    private AggregatingRollupStore store;
    private CombinationBlockStore blocks;
    /** Whether this task wrote (or found) the state layout marker ({@link StateLayout}). */
    private boolean layoutMarked;

    private final KeyBuilder key = new KeyBuilder(512);
    private final Utf8Memo utf8Of = new Utf8Memo(1024);
    private final long[] delta = new long[AggregatingRollupStore.WIDTH];
    /** The month of the last input's day: most inputs fall on the same day as the one before. */
    private long lastDay = Long.MIN_VALUE;

    private long lastMonth;

    private static final byte[] TOTAL = ascii(RollupKeys.TOTAL);
    private static final byte[] COMBINATION = ascii(RollupKeys.COMBINATION);
    private static final byte[] COMBINATION_TOTAL = ascii(RollupKeys.COMBINATION_TOTAL);
    private static final byte[] EMPTY = new byte[0];

    /** A processor whose spec keeps combinations as rollup keys (no blocks store). */
    public RollupProcessor(String storeName, RollupSpec<V> spec) {
        this(storeName, null, spec);
    }

    public RollupProcessor(String storeName, String blocksName, RollupSpec<V> spec) {
        if (spec.combinationBlocks() != (blocksName != null)) {
            throw new IllegalArgumentException("A spec that keeps combination blocks needs their store, and only it");
        }
        this.storeName = storeName;
        this.blocksName = blocksName;
        this.spec = spec;
        this.dimensions = spec.dimensions();
        this.codes = new byte[dimensions.size()][];
        this.hourly = new boolean[dimensions.size()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = ascii(dimensions.get(i).code());
            hourly[i] = !spec.dailyOnly().contains(dimensions.get(i));
        }
        this.dailyPairs = new Pairs(spec.dailyPairs(), dimensions);
        this.monthlyPairs = new Pairs(spec.monthlyPairs(), dimensions);
        this.monthlyDimensions =
                spec.monthlyDimensions().stream().mapToInt(dimensions::indexOf).toArray();
        this.combination =
                spec.combination().stream().mapToInt(dimensions::indexOf).toArray();
        for (int i : combination) {
            if (i < 0) {
                throw new IllegalArgumentException("The combination must be of rolled-up dimensions");
            }
        }
        for (int i : monthlyDimensions) {
            if (i < 0) {
                throw new IllegalArgumentException("Monthly rollups must be of rolled-up dimensions");
            }
        }
    }

    @Override
    public void init(ProcessorContext<String, V> context) {
        this.context = context;
        store = AggregatingRollupStore.of(context.getStateStore(storeName));
        if (blocksName != null) {
            blocks = CombinationBlockStore.of(context.getStateStore(blocksName));
            StateLayout.check(blocks, blocksName);
            layoutMarked = false;
            UnshardedBlocksMove.schedule(context, blocks);
            PastDaysConsolidation.schedule(context, blocks);
        }
        HourlyHorizon.scheduleExpiry(context, store);
    }

    @Override
    public void process(Record<String, V> record) {
        V value = record.value();
        Rollup r = spec.delta(value);
        r.copyInto(delta);
        byte[] ws = utf8Of.of(spec.workspaceId(value));
        String[] values = new String[dimensions.size()];
        byte[][] utf8 = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            String v = spec.valueOf(value, dimensions.get(i));
            values[i] = v == null ? "" : v;
            utf8[i] = v == null || v.isEmpty() ? EMPTY : utf8Of.of(v);
        }
        Instant time = spec.time(value);
        long hour = Granularity.HOUR.bucketOf(time);
        boolean hourKept = HourlyHorizon.keeps(hour, spec.receivedAt(value));
        long day = Math.floorDiv(hour, 24);
        if (hourKept) {
            addBucket(ws, Granularity.HOUR.code(), hour, utf8, true);
        }
        addBucket(ws, Granularity.DAY.code(), day, utf8, false);
        if (blocks != null) {
            if (!layoutMarked) {
                StateLayout.mark(blocks);
                layoutMarked = true;
            }
            String[] tuple = new String[combination.length];
            for (int i = 0; i < tuple.length; i++) {
                tuple[i] = values[combination[i]];
            }
            int hourOfDay = hourKept ? (int) Math.floorMod(hour, 24) : CombinationBlockStore.HOUR_UNKNOWN;
            blocks.add(spec.workspaceId(value), day, hourOfDay, tuple, delta);
        }
        if (monthlyDimensions.length > 0 || monthlyPairs.size() > 0) {
            long month = monthOf(day, time);
            int prefix = prefix(ws, RollupKeys.MONTH);
            add(prefix, TOTAL, month, EMPTY);
            for (int i : monthlyDimensions) {
                add(prefix, codes[i], month, utf8[i]);
            }
            monthlyPairs.addAll(this, prefix, month, utf8);
        }
        context.forward(record);
    }

    /** Every key of one hour or day bucket. */
    private void addBucket(byte[] ws, char granularity, long bucket, byte[][] utf8, boolean isHour) {
        int prefix = prefix(ws, granularity);
        add(prefix, TOTAL, bucket, EMPTY);
        for (int i = 0; i < utf8.length; i++) {
            if (hourly[i] || !isHour) {
                add(prefix, codes[i], bucket, utf8[i]);
            }
        }
        if (!isHour) {
            dailyPairs.addAll(this, prefix, bucket, utf8);
        }
        if (combination.length > 0) {
            add(prefix, COMBINATION_TOTAL, bucket, EMPTY);
            if (blocks == null) {
                key.truncate(prefix);
                key.put(COMBINATION).put((byte) 0).putHex8(bucket).put((byte) 0);
                for (int i = 0; i < combination.length; i++) {
                    if (i > 0) {
                        key.put((byte) RollupKeys.PAIR_SEP);
                    }
                    key.put(utf8[combination[i]]);
                }
                store.add(key, delta);
            }
        }
    }

    /** Starts a key {@code workspace \0 granularity \0}; returns the mark to truncate back to. */
    private int prefix(byte[] ws, char granularity) {
        key.reset().put(ws).put((byte) 0).put((byte) granularity).put((byte) 0);
        return key.mark();
    }

    private void add(int prefix, byte[] code, long bucket, byte[] value) {
        key.truncate(prefix);
        key.put(code).put((byte) 0).putHex8(bucket).put((byte) 0).put(value);
        store.add(key, delta);
    }

    private void addPair(int prefix, byte[] code, long bucket, byte[] first, byte[] second) {
        key.truncate(prefix);
        key.put(code)
                .put((byte) 0)
                .putHex8(bucket)
                .put((byte) 0)
                .put(first)
                .put((byte) RollupKeys.PAIR_SEP)
                .put(second);
        store.add(key, delta);
    }

    private long monthOf(long day, Instant time) {
        if (day != lastDay) {
            lastDay = day;
            lastMonth = RollupKeys.monthOf(RollupKeys.monthAt(time));
        }
        return lastMonth;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Pairs of one kind of bucket: their codes and the positions of their two dimensions. */
    private static final class Pairs {
        private final byte[][] codes;
        private final int[] first;
        private final int[] second;

        Pairs(List<List<Dimension>> pairs, List<Dimension> dimensions) {
            codes = new byte[pairs.size()][];
            first = new int[pairs.size()];
            second = new int[pairs.size()];
            for (int p = 0; p < pairs.size(); p++) {
                List<Dimension> pair = pairs.get(p);
                codes[p] = ascii(RollupKeys.pairCode(pair.get(0), pair.get(1)));
                first[p] = dimensions.indexOf(pair.get(0));
                second[p] = dimensions.indexOf(pair.get(1));
                if (first[p] < 0 || second[p] < 0) {
                    throw new IllegalArgumentException("Pairs must be of rolled-up dimensions: " + pair);
                }
            }
        }

        int size() {
            return codes.length;
        }

        void addAll(RollupProcessor<?> processor, int prefix, long bucket, byte[][] utf8) {
            for (int p = 0; p < codes.length; p++) {
                processor.addPair(prefix, codes[p], bucket, utf8[first[p]], utf8[second[p]]);
            }
        }
    }
}
