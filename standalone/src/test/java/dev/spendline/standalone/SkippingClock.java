package dev.spendline.standalone;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The system clock plus an offset that only grows: registered as the application's one
 * {@link Clock} bean, it stands in for ten minutes passing so a test can see a confirmation token
 * expire. Every part of the application reads the same moved time (ingest, reports, actions).
 */
final class SkippingClock extends Clock {

    private final AtomicReference<Duration> offset;
    private final ZoneId zone;

    SkippingClock() {
        this(new AtomicReference<>(Duration.ZERO), ZoneOffset.UTC);
    }

    private SkippingClock(AtomicReference<Duration> offset, ZoneId zone) {
        this.offset = offset;
        this.zone = zone;
    }

    void skip(Duration duration) {
        offset.updateAndGet(d -> d.plus(duration));
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    /** The same moving time seen from another zone (it shares the offset). */
    @Override
    public Clock withZone(ZoneId other) {
        return new SkippingClock(offset, other);
    }
}
