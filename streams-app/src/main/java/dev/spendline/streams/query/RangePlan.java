package dev.spendline.streams.query;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.HourlyHorizon;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an hour-aligned range into the fewest bucket scans: hourly buckets for the partial days
 * at either end, daily buckets for the whole days between. A 30-day report reads about 30 daily
 * buckets per value instead of 720 hourly ones.
 *
 * <p>Hours are kept for the recent past only ({@link HourlyHorizon}): a partial day at an edge that
 * reaches before the first kept hour is read as its whole day instead, and the plan's {@code from}
 * and {@code to} say so, so a report never claims hour precision it does not have.
 */
public record RangePlan(Instant from, Instant to, List<Segment> segments) {

    /** Buckets {@code [fromBucket, toBucket)} of one granularity. */
    public record Segment(Granularity granularity, long fromBucket, long toBucket) {}

    /** The plan for a query answered at {@code now}: hours only where they are still kept. */
    public static RangePlan of(Instant from, Instant to, Instant now) {
        return of(from, to, HourlyHorizon.firstKeptHour(now));
    }

    static RangePlan of(Instant from, Instant to, long firstKeptHour) {
        long hour = Granularity.HOUR.millis();
        long h0 = Math.floorDiv(from.toEpochMilli(), hour);
        long h1 = Math.floorDiv(to.toEpochMilli() + hour - 1, hour);
        if (h0 < firstKeptHour && h0 % 24 != 0) {
            h0 = Math.floorDiv(h0, 24) * 24;
        }
        long lastDayStart = Math.floorDiv(h1 - 1, 24) * 24;
        if (h1 > h0 && lastDayStart < firstKeptHour && h1 % 24 != 0) {
            h1 = lastDayStart + 24;
        }
        long d0 = Math.floorDiv(h0 + 23, 24);
        long d1 = Math.floorDiv(h1, 24);
        List<Segment> segments = new ArrayList<>();
        if (d0 >= d1) {
            segments.add(new Segment(Granularity.HOUR, h0, h1));
        } else {
            if (h0 < d0 * 24) {
                segments.add(new Segment(Granularity.HOUR, h0, d0 * 24));
            }
            segments.add(new Segment(Granularity.DAY, d0, d1));
            if (d1 * 24 < h1) {
                segments.add(new Segment(Granularity.HOUR, d1 * 24, h1));
            }
        }
        return new RangePlan(Granularity.HOUR.start(h0), Granularity.HOUR.start(h1), segments);
    }
}
