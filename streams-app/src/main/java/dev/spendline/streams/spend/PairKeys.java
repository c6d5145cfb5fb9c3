package dev.spendline.streams.spend;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.query.CombinationScan;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads one bucket of a pair's keys, for a query they answer: one filter on the pair partner of
 * the grouping, or a series filtered on both parts of a pair.
 *
 * <p>Two uses. The days of the pairs still kept by day ({@link ProductRollupSpec#dailyPairs}:
 * "customer X by feature", the filtered report asked most, reads one key range per day instead of
 * the day's combinations). And buckets rolled up before combinations existed: earlier versions
 * wrote every pair by hour and day, so a report reaching back that far is answered as they
 * answered it instead of being refused. Other buckets come from the combinations.
 */
final class PairKeys {

    private PairKeys() {}

    /** The pair of the query's grouping and its one filter, when it is kept by day; else null. */
    static List<Dimension> keptByDay(SpendQuery q) {
        if (q.usage() != UsageKind.PRODUCT || q.filters().size() != 1 || q.by() == null) {
            return null;
        }
        List<Dimension> pair =
                RollupKeys.pairOf(q.by(), q.filters().keySet().iterator().next());
        return pair != null && ProductRollupSpec.DAILY_PAIRS.contains(pair) ? pair : null;
    }

    /** The pair of a series' two filters, when it is kept by day; else null. */
    static List<Dimension> seriesKeptByDay(SpendQuery q) {
        if (q.usage() != UsageKind.PRODUCT || q.filters().size() != 2) {
            return null;
        }
        List<Dimension> named = List.copyOf(q.filters().keySet());
        List<Dimension> pair = RollupKeys.pairOf(named.get(0), named.get(1));
        return pair != null && ProductRollupSpec.DAILY_PAIRS.contains(pair) ? pair : null;
    }

    /** For rows by {@code q.by()} with one filter on its pair partner. */
    static CombinationScan.Incomplete grouped(
            ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, Map<String, Rollup> byValue) {
        if (q.usage() != UsageKind.PRODUCT || q.filters().size() != 1) {
            return CombinationScan.Incomplete.REFUSE;
        }
        Map.Entry<Dimension, String> filter = q.filters().entrySet().iterator().next();
        List<Dimension> pair = RollupKeys.pairOf(q.by(), filter.getKey());
        if (pair == null) {
            return CombinationScan.Incomplete.REFUSE;
        }
        String code = RollupKeys.pairCode(pair.get(0), pair.get(1));
        boolean filterFirst = pair.get(0) == filter.getKey();
        return (g, bucket) -> {
            String prefix = RollupKeys.prefix(q.workspaceId(), g, code);
            String from = filterFirst
                    ? RollupKeys.firstOfPairStart(prefix, bucket, filter.getValue())
                    : RollupKeys.rangeStart(prefix, bucket);
            String to = filterFirst
                    ? RollupKeys.firstOfPairEnd(prefix, bucket, filter.getValue())
                    : RollupKeys.rangeEnd(prefix, bucket + 1);
            try (KeyValueIterator<String, Rollup> it = store.range(from, to)) {
                while (it.hasNext()) {
                    KeyValue<String, Rollup> kv = it.next();
                    String value = RollupKeys.valueOf(kv.key);
                    int sep = value.indexOf(RollupKeys.PAIR_SEP);
                    String first = value.substring(0, sep);
                    String second = value.substring(sep + 1);
                    if (filterFirst) {
                        byValue.merge(second, kv.value, Rollup::plus);
                    } else if (second.equals(filter.getValue())) {
                        byValue.merge(first, kv.value, Rollup::plus);
                    }
                }
            }
            return true;
        };
    }

    /** For a series filtered on exactly the two parts of a pair. */
    static CombinationScan.Incomplete series(
            ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, CombinationScan.Sink byBucket) {
        if (q.usage() != UsageKind.PRODUCT || q.filters().size() != 2) {
            return CombinationScan.Incomplete.REFUSE;
        }
        List<Dimension> named = List.copyOf(q.filters().keySet());
        List<Dimension> pair = RollupKeys.pairOf(named.get(0), named.get(1));
        if (pair == null) {
            return CombinationScan.Incomplete.REFUSE;
        }
        String code = RollupKeys.pairCode(pair.get(0), pair.get(1));
        String value =
                RollupKeys.pairValue(q.filters().get(pair.get(0)), q.filters().get(pair.get(1)));
        return (Granularity g, long bucket) -> {
            Rollup r = store.get(RollupKeys.key(q.workspaceId(), g, code, bucket, value));
            if (r != null) {
                byBucket.accept(g, bucket, null, r);
            }
            return true;
        };
    }
}
