package dev.spendline.streams.query;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.streams.combination.CombinationBlocks;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads the combination rollup ({@link RollupKeys#COMBINATION}): every bucket holds one key per
 * distinct combination of all dimensions, so any set of filters and any grouping is answered
 * exactly by reading a bucket's combinations and keeping those that match.
 *
 * <p>Cost: the combinations of a bucket are read whole, except that filters on the leading
 * dimensions (the customer, then the feature, model… for product usage; the team, then the
 * employee… for internal) read only the keys that start with those values, which are contiguous. With many distinct combinations (end-user ids make nearly every call one), a range
 * costs about one key per call in it; a report that a single dimension, a rolled-up pair or the
 * total answers never comes here (see {@code LocalSpendQueries}). Measured in docs/performance.md.
 *
 * <p>Buckets rolled up before combinations existed hold the total but no combinations; reading
 * them would answer too little, so such a range is refused ({@link IncompleteCombinations}).
 */
public final class CombinationScan {

    /** What one matching combination adds: its bucket and every dimension's value, in key order. */
    public interface Sink {
        void accept(Granularity granularity, long bucket, String[] values, Rollup rollup);
    }

    /** A range reaches back before the combination rollup was kept. */
    public static final class IncompleteCombinations extends IllegalArgumentException {
        IncompleteCombinations(java.time.Instant bucketStart) {
            super("filters on several dimensions are answered from data kept since this version of Spendline;"
                    + " the range reaches back to " + bucketStart
                    + ", which was rolled up before: ask for a later range or use one filter");
        }
    }

    private CombinationScan() {}

    /**
     * Answers a bucket whose combinations are incomplete from other keys, when the query allows
     * it; returns false when it cannot, and the range is refused.
     */
    @FunctionalInterface
    public interface Incomplete {
        boolean answer(Granularity granularity, long bucket);

        Incomplete REFUSE = (g, bucket) -> false;
    }

    /**
     * Every matching combination of the plan's buckets: from the combination keys (internal usage,
     * and product usage rolled up before blocks existed) and from the blocks ({@code blocks}, null
     * where none are kept). Each call was folded into exactly one of the two, so their sum is
     * exact.
     */
    public static void scan(
            ReadOnlyKeyValueStore<String, Rollup> store,
            ReadOnlyKeyValueStore<Bytes, byte[]> blocks,
            String workspaceId,
            List<Dimension> dimensions,
            RangePlan plan,
            Map<Dimension, String> filters,
            Incomplete incomplete,
            Sink sink) {
        int n = dimensions.size();
        int[] positions = new int[filters.size()];
        String[] wanted = new String[filters.size()];
        int f = 0;
        for (Map.Entry<Dimension, String> filter : filters.entrySet()) {
            positions[f] = dimensions.indexOf(filter.getKey());
            wanted[f++] = filter.getValue();
        }
        // The filtered values of the leading dimensions, in key order, are a prefix of the keys to
        // read: customer and feature filtered read only that pair's combinations.
        StringBuilder leading = new StringBuilder();
        for (int i = 0; i < n - 1 && filters.containsKey(dimensions.get(i)); i++) {
            if (i > 0) {
                leading.append(RollupKeys.PAIR_SEP);
            }
            leading.append(filters.get(dimensions.get(i)));
        }
        String lead = leading.isEmpty() ? null : leading.toString();
        for (RangePlan.Segment segment : plan.segments()) {
            Granularity g = segment.granularity();
            String prefix = RollupKeys.prefix(workspaceId, g, RollupKeys.COMBINATION);
            for (long bucket = segment.fromBucket(); bucket < segment.toBucket(); bucket++) {
                if (!complete(store, workspaceId, g, bucket)) {
                    // Answered from keys written before combinations existed (and before
                    // blocks: the blocks below hold only what came after, so they still add).
                    if (incomplete.answer(g, bucket)) {
                        continue;
                    }
                    throw new IncompleteCombinations(g.start(bucket));
                }
                String from = lead != null
                        ? RollupKeys.firstOfPairStart(prefix, bucket, lead)
                        : RollupKeys.rangeStart(prefix, bucket);
                String to = lead != null
                        ? RollupKeys.firstOfPairEnd(prefix, bucket, lead)
                        : RollupKeys.rangeEnd(prefix, bucket + 1);
                try (KeyValueIterator<String, Rollup> it = store.range(from, to)) {
                    while (it.hasNext()) {
                        KeyValue<String, Rollup> kv = it.next();
                        String[] values = split(RollupKeys.valueOf(kv.key), n);
                        if (matches(values, positions, wanted)) {
                            sink.accept(g, bucket, values, kv.value);
                        }
                    }
                }
            }
            if (blocks != null) {
                CombinationBlocks.scan(
                        blocks,
                        workspaceId,
                        g,
                        segment.fromBucket(),
                        segment.toBucket(),
                        n,
                        positions,
                        wanted,
                        sink::accept);
            }
        }
    }

    /** A bucket without spend, or whose combinations add up to its total. */
    private static boolean complete(
            ReadOnlyKeyValueStore<String, Rollup> store, String workspaceId, Granularity g, long bucket) {
        Rollup total = store.get(RollupKeys.key(workspaceId, g, RollupKeys.TOTAL, bucket, ""));
        return total == null
                || total.equals(store.get(RollupKeys.key(workspaceId, g, RollupKeys.COMBINATION_TOTAL, bucket, "")));
    }

    private static boolean matches(String[] values, int[] positions, String[] wanted) {
        for (int i = 0; i < positions.length; i++) {
            if (!values[positions[i]].equals(wanted[i])) {
                return false;
            }
        }
        return true;
    }

    /** The parts of a combination value; hand-split because it runs once per key read. */
    private static String[] split(String value, int n) {
        String[] parts = new String[n];
        int start = 0;
        for (int i = 0; i < n - 1; i++) {
            int end = value.indexOf(RollupKeys.PAIR_SEP, start);
            parts[i] = value.substring(start, end);
            start = end + 1;
        }
        parts[n - 1] = value.substring(start);
        return parts;
    }
}
