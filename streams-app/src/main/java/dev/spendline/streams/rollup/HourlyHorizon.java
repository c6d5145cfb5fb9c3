package dev.spendline.streams.rollup;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Hourly buckets are kept for the recent past only; days and months are kept for good.
 *
 * <p>Why: hourly buckets are half of a rollup's keys per event and 24 times as many over time, and
 * only recent hours are read at hour precision (today's spend, the anomaly baseline of the last
 * 168 hours, a report's ragged edges). Older ranges read whole days. So:
 *
 * <ul>
 *   <li><b>Written</b> only for an event whose time is at most {@link #KEPT} before its receipt
 *       ({@link #keeps}): a backfill of last month writes days and months, not hours.
 *   <li><b>Read</b> only from {@link #firstKeptHour} of the query's "now" on: older edges of a
 *       range round out to whole days ({@code RangePlan}), so a report never mixes hours that a
 *       late event skipped with hours that it did not. Every hour from there on is complete, since
 *       an event of such an hour was received at most {@code KEPT} after it.
 *   <li><b>Deleted</b> a day after they leave the horizon ({@link #expire}, a wall-clock
 *       punctuation of the processors that write them), so state is bounded by days and months.
 * </ul>
 */
public final class HourlyHorizon {

    /** How long hourly buckets are kept: the 168-hour anomaly baseline, the current hour and a day. */
    public static final Duration KEPT = dev.spendline.contracts.query.TimeGrain.HOURS_KEPT;
    /** Deleted this much after they leave the horizon, so a query with a later clock still finds them. */
    static final long GRACE_HOURS = 24;
    /** Deletions per punctuation at most, so a large backlog never stalls the stream thread long. */
    static final int MAX_DELETIONS_PER_RUN = 20_000;

    /** How often hourly buckets past the horizon are deleted (in bounded portions). */
    static final Duration EXPIRY_INTERVAL = Duration.ofMinutes(5);

    private HourlyHorizon() {}

    /** Schedules {@link #expire} of {@code store} on the processor's wall clock; call from {@code init}. */
    public static void scheduleExpiry(ProcessingContext context, KeyValueStore<String, Rollup> store) {
        context.schedule(
                EXPIRY_INTERVAL,
                PunctuationType.WALL_CLOCK_TIME,
                now -> expire(store, Instant.ofEpochMilli(now), MAX_DELETIONS_PER_RUN));
    }

    /** The first hour bucket that is complete when it is {@code now}. */
    public static long firstKeptHour(Instant now) {
        return Granularity.HOUR.bucketOf(now.minus(KEPT));
    }

    /** Whether an event received at {@code receivedAt} is rolled up into hour {@code hourBucket}. */
    public static boolean keeps(long hourBucket, Instant receivedAt) {
        return hourBucket >= firstKeptHour(receivedAt);
    }

    /**
     * Deletes hourly keys that left the horizon more than a day before {@code now} from a store
     * laid out by {@link RollupKeys}, at most {@code maxDeletions} of them.
     *
     * <p>Hand-written skip scan: the keys of one workspace's hourly buckets of one code are
     * contiguous and sorted by bucket, so each (workspace, code) costs one seek plus the expired
     * keys themselves; live keys are never read.
     *
     * @return how many keys were deleted
     */
    public static int expire(KeyValueStore<String, Rollup> store, Instant now, int maxDeletions) {
        long firstKept = firstKeptHour(now) - GRACE_HOURS;
        List<String> doomed = new ArrayList<>();
        String cursor = "";
        while (doomed.size() < maxDeletions) {
            String key = firstKeyFrom(store, cursor);
            if (key == null) {
                break;
            }
            String ws = key.substring(0, key.indexOf(RollupKeys.SEP));
            String hours = ws + RollupKeys.SEP + Granularity.HOUR.code() + RollupKeys.SEP;
            String codeCursor = hours;
            while (doomed.size() < maxDeletions) {
                String first = firstKeyFrom(store, codeCursor);
                if (first == null || !first.startsWith(hours)) {
                    break;
                }
                String code = first.substring(hours.length(), first.indexOf(RollupKeys.SEP, hours.length()));
                String prefix = hours + code + RollupKeys.SEP;
                try (KeyValueIterator<String, Rollup> it =
                        store.range(prefix, RollupKeys.rangeEnd(prefix, firstKept))) {
                    while (it.hasNext() && doomed.size() < maxDeletions) {
                        KeyValue<String, Rollup> kv = it.next();
                        doomed.add(kv.key);
                    }
                }
                codeCursor = hours + code + (char) (RollupKeys.SEP + 1);
            }
            cursor = ws + (char) (RollupKeys.SEP + 1);
        }
        doomed.forEach(store::delete);
        return doomed.size();
    }

    private static String firstKeyFrom(KeyValueStore<String, Rollup> store, String from) {
        try (KeyValueIterator<String, Rollup> it = store.range(from, null)) {
            return it.hasNext() ? it.next().key : null;
        }
    }
}
