package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The sender against a real local HTTP server. */
class WebhookSenderTest {

    static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
    final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    final WebhookSecretCipher cipher = new WebhookSecretCipher(Map.of(), null);
    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<Map<String, String>> headers = new CopyOnWriteArrayList<>();
    HttpServer server;
    String base;

    @BeforeEach
    void receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            calls.add(exchange.getRequestURI().getPath());
            headers.add(Map.of(
                    "id", String.valueOf(exchange.getRequestHeaders().getFirst("webhook-id")),
                    "timestamp", String.valueOf(exchange.getRequestHeaders().getFirst("webhook-timestamp")),
                    "signature", String.valueOf(exchange.getRequestHeaders().getFirst("webhook-signature"))));
            exchange.getRequestBody().readAllBytes();
            switch (exchange.getRequestURI().getPath()) {
                case "/ok" -> exchange.sendResponseHeaders(202, -1);
                case "/busy" -> {
                    exchange.getResponseHeaders().add("Retry-After", "7");
                    exchange.sendResponseHeaders(429, -1);
                }
                case "/broken" -> exchange.sendResponseHeaders(503, -1);
                case "/gone" -> exchange.sendResponseHeaders(410, -1);
                case "/redirect" -> {
                    exchange.getResponseHeaders()
                            .add(
                                    "Location",
                                    "http://127.0.0.1:" + server.getAddress().getPort() + "/ok");
                    exchange.sendResponseHeaders(307, -1);
                }
                case "/hang" -> {
                    try {
                        Thread.sleep(3000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    exchange.sendResponseHeaders(200, -1);
                }
                default -> exchange.sendResponseHeaders(404, -1);
            }
            exchange.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    WebhookSender sender(boolean allowLoopback) {
        return new WebhookSender(
                AddressGuard.system(allowLoopback, false),
                cipher,
                clock,
                Duration.ofSeconds(2),
                Duration.ofMillis(500));
    }

    WebhookEndpoint endpoint(String path, String secret, String previous) {
        return new WebhookEndpoint(
                "whe_1",
                "ws_a",
                base + path,
                Set.of(),
                Set.of(),
                cipher.encrypt(secret, "whe_1"),
                previous == null ? null : cipher.encrypt(previous, "whe_1"),
                previous == null ? null : NOW.plusSeconds(3600),
                NOW,
                true,
                null,
                null,
                null);
    }

    static final WebhookMessage MESSAGE =
            new WebhookMessage("msg_1", "alert.opened", "{\"a\":1}".getBytes(StandardCharsets.UTF_8));

    @Test
    void aSignedPostThatIsAcceptedIsDelivered() {
        String secret = WebhookSignature.newSecret();
        AttemptResult result =
                sender(true).send(endpoint("/ok", secret, null), MESSAGE).join();

        assertThat(result.verdict()).isEqualTo(AttemptResult.Verdict.DELIVERED);
        assertThat(result.status()).isEqualTo(202);
        assertThat(headers.get(0)).containsEntry("id", "msg_1").containsEntry("timestamp", "1795694400");
        assertThat(WebhookSignature.verifies(
                        secret,
                        "msg_1",
                        NOW.getEpochSecond(),
                        MESSAGE.body(),
                        headers.get(0).get("signature")))
                .isTrue();
    }

    @Test
    void afterARotationBothSecretsSign() {
        String next = WebhookSignature.newSecret();
        String old = WebhookSignature.newSecret();
        sender(true).send(endpoint("/ok", next, old), MESSAGE).join();

        String signature = headers.get(0).get("signature");
        assertThat(signature.split(" ")).hasSize(2);
        assertThat(WebhookSignature.verifies(old, "msg_1", NOW.getEpochSecond(), MESSAGE.body(), signature))
                .isTrue();
        assertThat(WebhookSignature.verifies(next, "msg_1", NOW.getEpochSecond(), MESSAGE.body(), signature))
                .isTrue();
    }

    @Test
    void retriesServerErrorsAndTooManyRequestsWithTheirRetryAfter() {
        AttemptResult busy = sender(true)
                .send(endpoint("/busy", WebhookSignature.newSecret(), null), MESSAGE)
                .join();
        assertThat(busy.verdict()).isEqualTo(AttemptResult.Verdict.RETRY);
        assertThat(busy.retryAfter()).isEqualTo(Duration.ofSeconds(7));

        AttemptResult broken = sender(true)
                .send(endpoint("/broken", WebhookSignature.newSecret(), null), MESSAGE)
                .join();
        assertThat(broken.verdict()).isEqualTo(AttemptResult.Verdict.RETRY);
        assertThat(broken.status()).isEqualTo(503);
    }

    @Test
    void otherClientErrorsAreNotRetried() {
        AttemptResult gone = sender(true)
                .send(endpoint("/gone", WebhookSignature.newSecret(), null), MESSAGE)
                .join();
        assertThat(gone.verdict()).isEqualTo(AttemptResult.Verdict.FAILED);
        assertThat(gone.status()).isEqualTo(410);
    }

    @Test
    void redirectsAreNeverFollowed() {
        AttemptResult result = sender(true)
                .send(endpoint("/redirect", WebhookSignature.newSecret(), null), MESSAGE)
                .join();

        assertThat(result.verdict()).isEqualTo(AttemptResult.Verdict.FAILED);
        assertThat(result.detail()).contains("redirects are not followed");
        assertThat(calls).containsExactly("/redirect");
    }

    @Test
    void aReceiverThatHangsTimesOutAndIsRetried() {
        AttemptResult result = sender(true)
                .send(endpoint("/hang", WebhookSignature.newSecret(), null), MESSAGE)
                .join();

        assertThat(result.verdict()).isEqualTo(AttemptResult.Verdict.RETRY);
        assertThat(result.status()).isNull();
        assertThat(result.detail()).contains("no answer within 500 ms");
        assertThat(result.latency()).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void aClosedPortIsAConnectionErrorWorthRetrying() throws IOException {
        int closed;
        try (var socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        WebhookEndpoint endpoint = new WebhookEndpoint(
                "whe_1",
                "ws_a",
                "http://127.0.0.1:" + closed + "/",
                Set.of(),
                Set.of(),
                cipher.encrypt(WebhookSignature.newSecret(), "whe_1"),
                null,
                null,
                NOW,
                true,
                null,
                null,
                null);

        AttemptResult result = sender(true).send(endpoint, MESSAGE).join();
        assertThat(result.verdict()).isEqualTo(AttemptResult.Verdict.RETRY);
        assertThat(result.status()).isNull();
    }

    @Test
    void theGuardIsAskedAgainAtDeliveryTime() {
        AttemptResult result = sender(false)
                .send(endpoint("/ok", WebhookSignature.newSecret(), null), MESSAGE)
                .join();

        assertThat(result.verdict()).isEqualTo(AttemptResult.Verdict.FAILED);
        assertThat(result.detail()).contains("refused").contains("loopback");
        assertThat(calls).isEmpty();
    }

    @Test
    void readsRetryAfterInSecondsOrAsADate() {
        WebhookSender sender = sender(true);
        assertThat(sender.retryAfter("120")).isEqualTo(Duration.ofSeconds(120));
        assertThat(sender.retryAfter("Thu, 26 Nov 2026 12:01:00 GMT")).isEqualTo(Duration.ofSeconds(60));
        assertThat(sender.retryAfter("Thu, 26 Nov 2026 11:00:00 GMT")).isEqualTo(Duration.ZERO);
        assertThat(sender.retryAfter("soon")).isNull();
        assertThat(sender.retryAfter(null)).isNull();
    }
}
