package dev.spendline.streams.query;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Reads a range of a code that also has monthly buckets (customer, feature, the workspace total)
 * with as few keys as possible: each calendar month the range covers from its first day, and
 * either to its end or up to now, is read as its monthly bucket, minus what lies in that month
 * after the range; the rest of the range is read from days and hours as {@link RangePlan} says.
 *
 * <p>Why: the default report, spend by customer over the last 30 days, read 30 daily buckets and
 * the hours of today per customer (about 43,000 keys for 1,000 customers; p95 95 ms at 10 million
 * events). From the first of this month on, one monthly key per customer now holds it; what is
 * after the range in the current month is the future, so the subtraction reads (nearly) nothing.
 *
 * <p>Exact, to the nano-dollar: the monthly bucket and the daily and hourly ones of the same code
 * are written by the same processor call for every event, and a month is used only when its
 * monthly total equals the sum of its daily totals ({@link MonthlyScan#complete}, false for months
 * begun before an older version wrote monthly buckets). The subtracted part starts after now's
 * hour, so its hourly buckets are within the hourly horizon and complete.
 */
public final class MonthFirstScan {

    private MonthFirstScan() {}

    public static void scan(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String code,
            RangePlan plan,
            Instant now,
            RollupScan.RowSink sink) {
        long h1 = Granularity.HOUR.bucketOf(plan.to());
        long nowHour = Granularity.HOUR.bucketOf(now);
        long cursor = Granularity.HOUR.bucketOf(plan.from());
        YearMonth month = RollupKeys.monthAt(plan.from());
        while (cursor < h1) {
            long monthStart = hourOf(month);
            long monthEnd = hourOf(month.plusMonths(1));
            long pieceEnd = Math.min(h1, monthEnd);
            boolean wholeOrToNow = cursor == monthStart && (pieceEnd == monthEnd || pieceEnd > nowHour);
            if (wholeOrToNow && MonthlyScan.complete(store, workspaceId, month)) {
                monthMinusAfter(store, workspaceId, code, month, pieceEnd, monthEnd, sink);
            } else {
                // Inner edges are month starts (whole days); outer ones were already fitted to the
                // hourly horizon by the plan, so no edge moves here.
                RollupScan.scan(store, workspaceId, code, hours(cursor, pieceEnd), sink);
            }
            cursor = pieceEnd;
            month = month.plusMonths(1);
        }
    }

    private static void monthMinusAfter(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String code,
            YearMonth month,
            long rangeEnd,
            long monthEnd,
            RollupScan.RowSink sink) {
        Map<String, Rollup> values = new HashMap<>();
        MonthlyScan.monthBucket(store, workspaceId, code, month, values::put);
        if (rangeEnd < monthEnd) {
            RollupScan.scan(
                    store,
                    workspaceId,
                    code,
                    hours(rangeEnd, monthEnd),
                    (value, after) -> values.computeIfPresent(value, (v, inMonth) -> inMonth.minus(after)));
        }
        values.forEach((value, r) -> {
            if (!r.equals(Rollup.EMPTY)) {
                sink.accept(value, r);
            }
        });
    }

    /** Hours {@code [from, to)} as days and hours, with no edge moved. */
    private static RangePlan hours(long from, long to) {
        return RangePlan.of(Granularity.HOUR.start(from), Granularity.HOUR.start(to), Long.MIN_VALUE);
    }

    private static long hourOf(YearMonth month) {
        return Granularity.HOUR.bucketOf(
                month.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant());
    }
}
