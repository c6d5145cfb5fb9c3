package dev.spendline.streams.query;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.spendline.streams.rollup.Rollup;
import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The monthly buckets of past months, kept in memory for the margin reads, which read every
 * tenant × feature pair of each month in their range (about 50,000 a month for a workspace with
 * 1,000 customers and 50 features).
 *
 * <p>Why it is safe: an entry is used only while the month's total (the sum of its daily totals,
 * which {@link MonthlyScan} reads anyway) still equals the total the entry was read with. Every
 * event of the month adds at least one call to that total, so a late event, a replay or a store
 * restored from elsewhere changes it and the month is read again from the store. Rows are kept only
 * when they add up to that total: a read that overlapped a commit, which writes the month's keys one
 * by one, can see some of them old and some new, and such a read is answered but not kept. (This
 * holds for codes of which every event is in exactly one value, as the tenant × feature pairs are,
 * "" standing for a missing value; other codes are never kept.) Only months before
 * the current UTC month are kept: the current one changes with every commit of live traffic, so
 * keeping it would only churn the cache (and would time a cache, not the store, in benchmarks).
 *
 * <p>Bounded by rows (one row is one value's rollup, about 200 bytes on the heap), least recently
 * used first out.
 */
public final class ClosedMonthCache {

    /** Rows kept by default: about 40 MB, the pairs of four months of a workspace of the size above. */
    public static final long DEFAULT_MAX_ROWS = 200_000;

    private static final ClosedMonthCache NONE = new ClosedMonthCache(Clock.systemUTC(), 0);

    private record Key(String workspaceId, String code, YearMonth month) {}

    private record Rows(Rollup monthTotal, String[] values, Rollup[] rollups) {

        void replay(RollupScan.RowSink sink) {
            for (int i = 0; i < values.length; i++) {
                sink.accept(values[i], rollups[i]);
            }
        }
    }

    /** Reads a month's rows from the store into a sink. */
    interface MonthReader {
        void read(RollupScan.RowSink sink);
    }

    private final Clock clock;
    private final long maxRows;
    private final Cache<Key, Rows> rows;

    public ClosedMonthCache(Clock clock, long maxRows) {
        this.clock = clock;
        this.maxRows = maxRows;
        this.rows = Caffeine.newBuilder()
                .maximumWeight(Math.max(maxRows, 0))
                .<Key, Rows>weigher((k, r) -> r.values().length)
                .build();
    }

    /** Keeps nothing: every read goes to the store. */
    public static ClosedMonthCache none() {
        return NONE;
    }

    /**
     * Passes month {@code m}'s rows of {@code code} to {@code sink}: from memory when they were read
     * before at the same month total, else from {@code reader} (and then kept, for a past month).
     */
    void read(
            String workspaceId,
            String code,
            YearMonth m,
            Rollup monthTotal,
            MonthReader reader,
            RollupScan.RowSink sink) {
        if (maxRows <= 0 || !m.isBefore(YearMonth.now(clock.withZone(ZoneOffset.UTC)))) {
            reader.read(sink);
            return;
        }
        Key key = new Key(workspaceId, code, m);
        Rows kept = rows.getIfPresent(key);
        if (kept == null || !kept.monthTotal().equals(monthTotal)) {
            List<String> values = new ArrayList<>();
            List<Rollup> rollups = new ArrayList<>();
            reader.read((value, rollup) -> {
                values.add(value);
                rollups.add(rollup);
            });
            kept = new Rows(monthTotal, values.toArray(String[]::new), rollups.toArray(Rollup[]::new));
            if (kept.values().length <= maxRows && sum(kept.rollups()).equals(monthTotal)) {
                rows.put(key, kept);
            }
        }
        kept.replay(sink);
    }

    private static Rollup sum(Rollup[] rollups) {
        Rollup sum = Rollup.EMPTY;
        for (Rollup r : rollups) {
            sum = sum.plus(r);
        }
        return sum;
    }

    /** Rows kept now, for tests and metrics. */
    public long keptRows() {
        rows.cleanUp();
        return rows.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
    }
}
