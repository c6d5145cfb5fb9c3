package dev.spendline.standalone;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The system clock plus an offset that only grows: registered as the {@code actionsClock} bean, it
 * stands in for ten minutes passing so a test can see a confirmation token expire.
 */
final class SkippingClock extends Clock {

    private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

    void skip(Duration duration) {
        offset.updateAndGet(d -> d.plus(duration));
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("only UTC is used");
    }
}
