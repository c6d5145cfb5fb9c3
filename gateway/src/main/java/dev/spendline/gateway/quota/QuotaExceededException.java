package dev.spendline.gateway.quota;

import java.time.YearMonth;

/** A request with new events for a workspace that has used its month's quota. */
public final class QuotaExceededException extends RuntimeException {

    private final long used;
    private final long limit;
    private final long newEvents;
    private final YearMonth month;

    QuotaExceededException(long used, long limit, long newEvents, YearMonth month) {
        super("quota exceeded", null, false, false);
        this.used = used;
        this.limit = limit;
        this.newEvents = newEvents;
        this.month = month;
    }

    public long used() {
        return used;
    }

    public long limit() {
        return limit;
    }

    public long newEvents() {
        return newEvents;
    }

    public YearMonth month() {
        return month;
    }
}
