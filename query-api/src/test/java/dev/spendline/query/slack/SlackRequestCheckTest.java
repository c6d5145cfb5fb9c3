package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import com.slack.api.app_backend.SlackSignature;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Five minutes either side of now, inclusive; anything that is not a number of seconds is refused;
 * the signature is Slack's v0 HMAC of the timestamp and the body.
 */
class SlackRequestCheckTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");

    private static String at(long offsetSeconds) {
        return String.valueOf(NOW.getEpochSecond() + offsetSeconds);
    }

    @Test
    void fiveMinutesEitherWayAreAcceptedAndOneSecondMoreIsNot() {
        assertThat(SlackRequestCheck.accepts(at(0), NOW)).isTrue();
        assertThat(SlackRequestCheck.accepts(at(-300), NOW)).isTrue();
        assertThat(SlackRequestCheck.accepts(at(300), NOW)).isTrue();
        assertThat(SlackRequestCheck.accepts(at(-301), NOW)).isFalse();
        assertThat(SlackRequestCheck.accepts(at(301), NOW)).isFalse();
        assertThat(SlackRequestCheck.accepts(at(10L * 365 * 24 * 3600), NOW)).isFalse();
    }

    @Test
    void aMissingOrMalformedTimestampIsRefused() {
        assertThat(SlackRequestCheck.accepts(null, NOW)).isFalse();
        assertThat(SlackRequestCheck.accepts("", NOW)).isFalse();
        assertThat(SlackRequestCheck.accepts("-1", NOW)).isFalse();
        assertThat(SlackRequestCheck.accepts("1.5", NOW)).isFalse();
        assertThat(SlackRequestCheck.accepts("99999999999999999999", NOW)).isFalse();
    }

    @Test
    void theSignatureIsSlacksV0OfTheTimestampAndTheBody() {
        String body = "command=%2Fspendline&text=spend";
        String signature = new SlackSignature.Generator("secret").generate(at(0), body);

        assertThat(SlackRequestCheck.signed("secret", at(0), body, signature)).isTrue();
        assertThat(SlackRequestCheck.signed("secret", at(0), body + "x", signature))
                .isFalse();
        assertThat(SlackRequestCheck.signed("secret", at(1), body, signature)).isFalse();
        assertThat(SlackRequestCheck.signed("other", at(0), body, signature)).isFalse();
        assertThat(SlackRequestCheck.signed("secret", at(0), body, null)).isFalse();
        assertThat(SlackRequestCheck.signed("secret", null, body, signature)).isFalse();
    }
}
