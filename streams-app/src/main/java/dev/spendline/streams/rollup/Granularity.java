package dev.spendline.streams.rollup;

import java.time.Duration;
import java.time.Instant;

/** The time buckets rollups are kept in: hours for fine ranges, days for long ones (UTC). */
public enum Granularity {
    HOUR('h', Duration.ofHours(1)),
    DAY('d', Duration.ofDays(1));

    private final char code;
    private final long millis;

    Granularity(char code, Duration size) {
        this.code = code;
        this.millis = size.toMillis();
    }

    public char code() {
        return code;
    }

    public long millis() {
        return millis;
    }

    /** The number of the bucket holding {@code instant}, counted from the epoch. */
    public long bucketOf(Instant instant) {
        return Math.floorDiv(instant.toEpochMilli(), millis);
    }

    public Instant start(long bucket) {
        return Instant.ofEpochMilli(bucket * millis);
    }
}
