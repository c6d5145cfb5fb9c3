package dev.spendline.query.slack;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Slack's replay rule: a request whose {@code X-Slack-Request-Timestamp} is more than five minutes
 * from now, in either direction, is refused. Bolt's own check ({@code SlackSignature.TimestampVerifier}
 * in 1.48) only refuses old timestamps, so a captured request with a future timestamp and a valid
 * signature could be replayed for as long as that future lies ahead; this check runs before Bolt's.
 */
final class SlackRequestWindow {

    static final String HEADER = "X-Slack-Request-Timestamp";

    static final Duration WINDOW = Duration.ofMinutes(5);

    /**
     * The wall clock, as Bolt's signature check reads it ({@code System.currentTimeMillis}): both
     * checks must agree on "now", or one would let through what the other refuses.
     */
    private static final Clock BOLTS_CLOCK = Clock.systemUTC();

    private SlackRequestWindow() {}

    /** Whether {@code timestamp} (seconds since the epoch, as Slack sends it) is within the window. */
    static boolean accepts(String timestamp) {
        return accepts(timestamp, BOLTS_CLOCK.instant());
    }

    static boolean accepts(String timestamp, Instant now) {
        if (timestamp == null
                || timestamp.isEmpty()
                || timestamp.length() > 12
                || !timestamp.chars().allMatch(Character::isDigit)) {
            return false;
        }
        Instant sent = Instant.ofEpochSecond(Long.parseLong(timestamp));
        return Duration.between(sent, now).abs().compareTo(WINDOW) <= 0;
    }
}
