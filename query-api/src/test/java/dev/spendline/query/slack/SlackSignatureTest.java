package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import com.slack.api.app_backend.SlackSignature;
import com.slack.api.bolt.middleware.builtin.RequestVerification;
import com.slack.api.bolt.request.RequestHeaders;
import com.slack.api.bolt.request.builtin.EventRequest;
import com.slack.api.bolt.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The verification Bolt applies to every request of the Slack chain, with signatures made by Slack's
 * own SDK helper: a signed body verifies, the same signature over a changed body or with a timestamp
 * older than five minutes does not.
 */
class SlackSignatureTest {

    private static final String SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
    private static final String BODY = "{\"type\":\"event_callback\",\"team_id\":\"T1\",\"event_id\":\"Ev1\","
            + "\"event\":{\"type\":\"app_mention\",\"text\":\"spend by feature\"}}";

    private final SlackSignature.Verifier verifier = new SlackSignature.Verifier(new SlackSignature.Generator(SECRET));

    @Test
    void aSignatureMadeBySlacksHelperVerifiesAndOneOverAChangedBodyDoesNot() {
        String timestamp = now();
        String signature = new SlackSignature.Generator(SECRET).generate(timestamp, BODY);

        assertThat(signature).startsWith("v0=");
        assertThat(verifier.isValid(timestamp, BODY, signature)).isTrue();
        assertThat(verifier.isValid(timestamp, BODY.replace("feature", "model"), signature))
                .isFalse();
        assertThat(verifier.isValid(timestamp, BODY, new SlackSignature.Generator("other").generate(timestamp, BODY)))
                .isFalse();
    }

    @Test
    void boltsVerifierRefusesAChangedBodyAndAStaleTimestamp() throws Exception {
        RequestVerification verification = new RequestVerification(verifier);
        String timestamp = now();
        String signature = new SlackSignature.Generator(SECRET).generate(timestamp, BODY);

        assertThat(run(verification, BODY, timestamp, signature).getStatusCode())
                .isEqualTo(200);
        assertThat(run(verification, BODY + " ", timestamp, signature).getStatusCode())
                .isEqualTo(401);
        String stale = String.valueOf(System.currentTimeMillis() / 1000 - 5 * 60 - 1);
        assertThat(run(verification, BODY, stale, new SlackSignature.Generator(SECRET).generate(stale, BODY))
                        .getStatusCode())
                .isEqualTo(401);
    }

    private static Response run(RequestVerification verification, String body, String timestamp, String signature)
            throws Exception {
        EventRequest request = new EventRequest(
                body,
                new RequestHeaders(Map.of(
                        SlackSignature.HeaderNames.X_SLACK_REQUEST_TIMESTAMP, List.of(timestamp),
                        SlackSignature.HeaderNames.X_SLACK_SIGNATURE, List.of(signature))));
        return verification.apply(request, Response.builder().build(), next -> Response.ok());
    }

    private static String now() {
        return String.valueOf(System.currentTimeMillis() / 1000);
    }
}
