package dev.spendline.query.slack;

import com.slack.api.app_backend.SlackSignature;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Slack's replay rule: a request whose {@code X-Slack-Request-Timestamp} is more than five minutes
 * from now, in either direction, is refused. Bolt's own check ({@code SlackSignature.TimestampVerifier}
 * in 1.48) only refuses old timestamps, so a captured request with a future timestamp and a valid
 * signature could be replayed for as long as that future lies ahead; this check runs before Bolt's.
 *
 * <p>The signature is checked here too, in constant time ({@link MessageDigest#isEqual}): Bolt
 * compares it with {@code String.equals}, which returns at the first differing character. Run first,
 * this check leaves Bolt's comparison only requests whose signature is right.
 */
final class SlackRequestCheck {

    static final String HEADER = "X-Slack-Request-Timestamp";

    static final String SIGNATURE_HEADER = "X-Slack-Signature";

    static final Duration WINDOW = Duration.ofMinutes(5);

    /**
     * The wall clock, as Bolt's signature check reads it ({@code System.currentTimeMillis}): both
     * checks must agree on "now", or one would let through what the other refuses.
     */
    private static final Clock BOLTS_CLOCK = Clock.systemUTC();

    private SlackRequestCheck() {}

    /** Whether {@code timestamp} (seconds since the epoch, as Slack sends it) is within the window. */
    static boolean accepts(String timestamp) {
        return accepts(timestamp, BOLTS_CLOCK.instant());
    }

    /**
     * Whether {@code signature} is Slack's {@code v0} signature of {@code timestamp} and {@code body}
     * with {@code signingSecret} (computed by Bolt's own generator), compared in constant time.
     */
    static boolean signed(String signingSecret, String timestamp, String body, String signature) {
        if (signature == null || timestamp == null) {
            return false;
        }
        String expected = new SlackSignature.Generator(signingSecret).generate(timestamp, body);
        return expected != null
                && MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), signature.getBytes(StandardCharsets.UTF_8));
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
