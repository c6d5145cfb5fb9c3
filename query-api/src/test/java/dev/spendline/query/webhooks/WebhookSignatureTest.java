package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {

    // The example of the Standard Webhooks libraries' tests; the npm package 1.1.1 signs it the same.
    static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    static final long TIMESTAMP = 1614265330L;
    static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

    @Test
    void signsTheKnownVectorOfTheSpecification() {
        assertThat(WebhookSignature.header(List.of(SECRET), ID, TIMESTAMP, BODY))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void aRotationSendsBothSignaturesAndEitherSecretVerifies() {
        String next = WebhookSignature.newSecret();
        String header = WebhookSignature.header(List.of(next, SECRET), ID, TIMESTAMP, BODY);

        assertThat(header.split(" ")).hasSize(2).allMatch(s -> s.startsWith("v1,"));
        assertThat(WebhookSignature.verifies(SECRET, ID, TIMESTAMP, BODY, header))
                .isTrue();
        assertThat(WebhookSignature.verifies(next, ID, TIMESTAMP, BODY, header)).isTrue();
        assertThat(WebhookSignature.verifies(WebhookSignature.newSecret(), ID, TIMESTAMP, BODY, header))
                .isFalse();
    }

    @Test
    void aChangedBodyIdOrTimestampDoesNotVerify() {
        String header = WebhookSignature.header(List.of(SECRET), ID, TIMESTAMP, BODY);

        assertThat(WebhookSignature.verifies(
                        SECRET, ID, TIMESTAMP, "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8), header))
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID + "x", TIMESTAMP, BODY, header))
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, TIMESTAMP + 1, BODY, header))
                .isFalse();
        assertThat(WebhookSignature.verifies(SECRET, ID, TIMESTAMP, BODY, "v2," + header.substring(3)))
                .isFalse();
    }

    @Test
    void newSecretsAreWhsecAndThirtyTwoRandomBytes() {
        String secret = WebhookSignature.newSecret();
        assertThat(secret).startsWith("whsec_");
        assertThat(WebhookSignature.key(secret)).hasSize(32);
        assertThat(WebhookSignature.newSecret()).isNotEqualTo(secret);
    }
}
