package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.cli.CliException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeviceAuthorizationTest {

    private FakeSpendline spendline;
    private final StringWriter out = new StringWriter();
    private final List<Duration> waits = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        spendline = new FakeSpendline();
    }

    @AfterEach
    void stop() {
        spendline.close();
    }

    private DeviceAuthorization device() {
        return new DeviceAuthorization(new OAuthClient(spendline.url()), new PrintWriter(out, true), waits::add);
    }

    @Test
    void pollsAtTheIntervalSlowsDownWhenToldAndReturnsTheTokens() {
        spendline.deviceAnswers.addAll(List.of("authorization_pending", "slow_down", "authorization_pending", "ok"));
        OAuthClient.TokenResponse tokens = device().authorize();
        assertThat(tokens.ok()).isTrue();
        assertThat(tokens.refreshToken()).isNotNull();
        assertThat(out.toString())
                .contains("Code: WDJB-MJHT\n")
                .contains("Open: " + spendline.url() + "/activate\n")
                .contains("Or open directly: " + spendline.url() + "/activate?user_code=WDJB-MJHT")
                .contains("Waiting for approval... approved.");
        assertThat(waits)
                .containsExactly(
                        Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(6), Duration.ofSeconds(6));
        assertThat(spendline.tokenRequests).allSatisfy(form -> assertThat(form)
                .containsEntry("grant_type", "urn:ietf:params:oauth:grant-type:device_code")
                .containsEntry("device_code", "dev-code-1")
                .containsEntry("client_id", "spendline-collector"));
    }

    @Test
    void anExpiredCodeEndsWithWhatToRun() {
        spendline.deviceAnswers.addAll(List.of("authorization_pending", "expired_token"));
        assertThatThrownBy(() -> device().authorize())
                .isInstanceOf(CliException.class)
                .hasMessageContaining("expired")
                .hasMessageContaining("spendline collector setup --no-browser");
    }

    @Test
    void aDenialEndsClearly() {
        spendline.deviceAnswers.add("access_denied");
        assertThatThrownBy(() -> device().authorize())
                .isInstanceOf(CliException.class)
                .hasMessage("The request was denied; nothing was changed");
    }
}
