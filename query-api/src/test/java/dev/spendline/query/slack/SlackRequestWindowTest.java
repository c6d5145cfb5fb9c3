package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Five minutes either side of now, inclusive; anything that is not a number of seconds is refused. */
class SlackRequestWindowTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");

    private static String at(long offsetSeconds) {
        return String.valueOf(NOW.getEpochSecond() + offsetSeconds);
    }

    @Test
    void fiveMinutesEitherWayAreAcceptedAndOneSecondMoreIsNot() {
        assertThat(SlackRequestWindow.accepts(at(0), NOW)).isTrue();
        assertThat(SlackRequestWindow.accepts(at(-300), NOW)).isTrue();
        assertThat(SlackRequestWindow.accepts(at(300), NOW)).isTrue();
        assertThat(SlackRequestWindow.accepts(at(-301), NOW)).isFalse();
        assertThat(SlackRequestWindow.accepts(at(301), NOW)).isFalse();
        assertThat(SlackRequestWindow.accepts(at(10L * 365 * 24 * 3600), NOW)).isFalse();
    }

    @Test
    void aMissingOrMalformedTimestampIsRefused() {
        assertThat(SlackRequestWindow.accepts(null, NOW)).isFalse();
        assertThat(SlackRequestWindow.accepts("", NOW)).isFalse();
        assertThat(SlackRequestWindow.accepts("-1", NOW)).isFalse();
        assertThat(SlackRequestWindow.accepts("1.5", NOW)).isFalse();
        assertThat(SlackRequestWindow.accepts("99999999999999999999", NOW)).isFalse();
    }
}
