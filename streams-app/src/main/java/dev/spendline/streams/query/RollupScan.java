package dev.spendline.streams.query;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The two basic reads of a rollup store over a {@link RangePlan}: every value of one code (one
 * range scan per segment over contiguous keys, see {@link RollupKeys}), or one value of one code
 * (a point read per bucket). The feature reads (spend, margin, waste, budgets) are built on these.
 */
public final class RollupScan {

    private RollupScan() {}

    /** What a scan passes on: one value of the code and its rollup in one bucket. */
    @FunctionalInterface
    public interface RowSink {
        void accept(String value, Rollup rollup);
    }

    /**
     * What one value of one code used over the plan's range: a point read per bucket, not a scan
     * over every value.
     */
    public static Rollup sumOf(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String dimensionCode,
            String value,
            RangePlan plan) {
        Rollup sum = Rollup.EMPTY;
        for (RangePlan.Segment segment : plan.segments()) {
            for (long bucket = segment.fromBucket(); bucket < segment.toBucket(); bucket++) {
                Rollup r = store.get(RollupKeys.key(workspaceId, segment.granularity(), dimensionCode, bucket, value));
                if (r != null) {
                    sum = sum.plus(r);
                }
            }
        }
        return sum;
    }

    /** Every value of one code over the plan's range, bucket by bucket, to {@code sink}. */
    public static void scan(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String dimensionCode,
            RangePlan plan,
            RowSink sink) {
        for (RangePlan.Segment segment : plan.segments()) {
            String prefix = RollupKeys.prefix(workspaceId, segment.granularity(), dimensionCode);
            try (KeyValueIterator<String, Rollup> it = store.range(
                    RollupKeys.rangeStart(prefix, segment.fromBucket()),
                    RollupKeys.rangeEnd(prefix, segment.toBucket()))) {
                while (it.hasNext()) {
                    KeyValue<String, Rollup> kv = it.next();
                    sink.accept(RollupKeys.valueOf(kv.key), kv.value);
                }
            }
        }
    }
}
