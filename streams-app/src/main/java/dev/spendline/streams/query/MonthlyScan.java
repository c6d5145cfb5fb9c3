package dev.spendline.streams.query;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads whole calendar months of one dimension (or pair) for the margin tools: from the monthly
 * buckets, one per value and month, where they are complete, and from the daily buckets
 * otherwise.
 *
 * <p>A month's monthly buckets are complete when its monthly workspace total equals the sum of its
 * daily totals: both are written by the same processor call, so they differ only for months that
 * started before monthly rollups existed (state built by an older version), and then the daily
 * buckets, which have everything, answer. The check reads one key and the month's 28–31 daily
 * totals, far less than the daily buckets of a dimension with thousands of values.
 */
public final class MonthlyScan {

    private MonthlyScan() {}

    /** Every value's monthly bucket of {@code code} for month {@code m}: one range scan. */
    static void monthBucket(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String code,
            YearMonth m,
            RollupScan.RowSink sink) {
        long month = RollupKeys.monthOf(m);
        String prefix = RollupKeys.monthPrefix(workspaceId, code);
        try (KeyValueIterator<String, Rollup> it =
                store.range(RollupKeys.rangeStart(prefix, month), RollupKeys.rangeEnd(prefix, month + 1))) {
            while (it.hasNext()) {
                KeyValue<String, Rollup> kv = it.next();
                sink.accept(RollupKeys.valueOf(kv.key), kv.value);
            }
        }
    }

    /** Whether month {@code m}'s monthly buckets hold all of it (see the class comment). */
    static boolean complete(ReadOnlyKeyValueStore<String, Rollup> store, String workspaceId, YearMonth m) {
        Instant start = m.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant end = m.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        RangePlan days = RangePlan.of(start, end, Long.MIN_VALUE);
        return complete(store, workspaceId, m, RollupScan.sumOf(store, workspaceId, RollupKeys.TOTAL, "", days));
    }

    private static boolean complete(
            ReadOnlyKeyValueStore<String, Rollup> store, String workspaceId, YearMonth m, Rollup dailyTotal) {
        Rollup monthly = store.get(RollupKeys.monthKey(workspaceId, RollupKeys.TOTAL, RollupKeys.monthOf(m), ""));
        return monthly != null && monthly.equals(dailyTotal);
    }

    public static void scan(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String dimensionCode,
            YearMonth from,
            YearMonth to,
            ClosedMonthCache closedMonths,
            RollupScan.RowSink sink) {
        for (YearMonth m = from; !m.isAfter(to); m = m.plusMonths(1)) {
            Instant start = m.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
            Instant end = m.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
            // Whole days only: the hourly horizon cannot cut into them.
            RangePlan days = RangePlan.of(start, end, Long.MIN_VALUE);
            Rollup daily = RollupScan.sumOf(store, workspaceId, RollupKeys.TOTAL, "", days);
            if (complete(store, workspaceId, m, daily)) {
                YearMonth month = m;
                closedMonths.read(
                        workspaceId,
                        dimensionCode,
                        m,
                        daily,
                        rows -> monthBucket(store, workspaceId, dimensionCode, month, rows),
                        sink);
            } else if (daily.calls() > 0) {
                RollupScan.scan(store, workspaceId, dimensionCode, days, sink);
            }
        }
    }
}
