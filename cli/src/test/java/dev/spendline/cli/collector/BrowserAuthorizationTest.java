package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.cli.CliException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Authorization code with PKCE and the loopback redirect, the "browser" following the redirects. */
class BrowserAuthorizationTest {

    private FakeSpendline spendline;
    private final StringWriter out = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        spendline = new FakeSpendline();
    }

    @AfterEach
    void stop() {
        spendline.close();
    }

    /** A browser: follows the authorize URL's redirect to the collector's loopback callback. */
    private static Consumer<String> browser(String[] page) {
        HttpClient http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
        return url -> new Thread(() -> {
                    try {
                        page[0] = http.send(
                                        HttpRequest.newBuilder(URI.create(url)).build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .body();
                    } catch (Exception e) {
                        page[0] = e.toString();
                    }
                })
                .start();
    }

    @Test
    void theCodeComesBackToTheLoopbackAndIsExchangedWithTheVerifier() {
        String[] page = new String[1];
        OAuthClient.TokenResponse tokens = new BrowserAuthorization(
                        new OAuthClient(spendline.url()),
                        new PrintWriter(out, true),
                        browser(page),
                        Duration.ofSeconds(20))
                .authorize();
        assertThat(tokens.ok()).isTrue();
        var request = spendline.authorizeRequests.get(0);
        assertThat(request)
                .containsEntry("response_type", "code")
                .containsEntry("client_id", "spendline-collector")
                .containsEntry("scope", "usage:write")
                .containsEntry("code_challenge_method", "S256")
                .containsEntry("resource", spendline.url() + "/api/v1/internal-usage");
        assertThat(request.get("redirect_uri")).matches("http://127\\.0\\.0\\.1:\\d+/callback");
        assertThat(out.toString())
                .contains("If it does not open, visit:\n  " + spendline.url() + "/oauth2/authorize?response_type=code");
        assertThat(spendline.tokenRequests.get(0))
                .containsEntry("grant_type", "authorization_code")
                .containsEntry("redirect_uri", request.get("redirect_uri"));
    }

    @Test
    void aDenialInTheBrowserEndsClearly() {
        spendline.denyAuthorization = true;
        String[] page = new String[1];
        assertThatThrownBy(() -> new BrowserAuthorization(
                                new OAuthClient(spendline.url()),
                                new PrintWriter(out, true),
                                browser(page),
                                Duration.ofSeconds(20))
                        .authorize())
                .isInstanceOf(CliException.class)
                .hasMessage("Authorization was denied in the browser; nothing was changed");
    }

    @Test
    void aCallbackWithAnotherStateIsIgnored() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        int[] status = new int[1];
        Consumer<String> forger = url -> {
            String redirect =
                    BrowserAuthorization.query(URI.create(url).getRawQuery()).get("redirect_uri");
            try {
                status[0] = http.send(
                                HttpRequest.newBuilder(URI.create(redirect + "?code=stolen&state=other"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        assertThatThrownBy(() -> new BrowserAuthorization(
                                new OAuthClient(spendline.url()),
                                new PrintWriter(out, true),
                                forger,
                                Duration.ofSeconds(1))
                        .authorize())
                .isInstanceOf(CliException.class)
                .hasMessageContaining("No answer from the browser");
        assertThat(status[0]).isEqualTo(400);
        assertThat(spendline.tokenRequests).isEmpty();
    }
}
