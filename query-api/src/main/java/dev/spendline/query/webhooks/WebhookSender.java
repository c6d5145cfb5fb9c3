package dev.spendline.query.webhooks;

import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

/**
 * One signed POST of one message to one endpoint, without blocking a thread while the receiver thinks:
 * the host is checked by the {@link AddressGuard} again first (DNS may have changed since the endpoint was
 * saved), redirects are never followed, and the connection and the answer each have a time limit. The
 * body is signed with the current secret and, for a day after a rotation, the previous one too.
 */
final class WebhookSender {

    static final String USER_AGENT = "Spendline-Webhooks/1";

    private final HttpClient client;
    private final AddressGuard guard;
    private final WebhookSecretCipher cipher;
    private final Clock clock;
    private final Duration requestTimeout;

    WebhookSender(
            AddressGuard guard,
            WebhookSecretCipher cipher,
            Clock clock,
            Duration connectTimeout,
            Duration requestTimeout) {
        this.client = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                .version(HttpClient.Version.HTTP_1_1)
                .build();
        this.guard = guard;
        this.cipher = cipher;
        this.clock = clock;
        this.requestTimeout = requestTimeout;
    }

    CompletableFuture<AttemptResult> send(WebhookEndpoint endpoint, WebhookMessage message) {
        URI url = URI.create(endpoint.url());
        try {
            guard.check(url);
        } catch (AddressGuard.RefusedAddress e) {
            return CompletableFuture.completedFuture(new AttemptResult(
                    e.unresolved() ? AttemptResult.Verdict.RETRY : AttemptResult.Verdict.FAILED,
                    null,
                    Duration.ZERO,
                    null,
                    "refused: " + e.getMessage()));
        }
        List<String> secrets = new ArrayList<>();
        secrets.add(cipher.decrypt(endpoint.secretCiphertext(), endpoint.id()));
        endpoint.previousSecretAt(clock.instant())
                .ifPresent(previous -> secrets.add(cipher.decrypt(previous, endpoint.id())));
        long timestamp = clock.instant().getEpochSecond();
        HttpRequest request = HttpRequest.newBuilder(url)
                .timeout(requestTimeout)
                .header("content-type", "application/json")
                .header("user-agent", USER_AGENT)
                .header("webhook-id", message.webhookId())
                .header("webhook-timestamp", Long.toString(timestamp))
                .header(
                        "webhook-signature",
                        WebhookSignature.header(secrets, message.webhookId(), timestamp, message.body()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(message.body()))
                .build();
        long started = System.nanoTime();
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                // The request timeout covers the answer's headers; this also bounds a body that never ends.
                .orTimeout(requestTimeout.toMillis() + 1000, java.util.concurrent.TimeUnit.MILLISECONDS)
                .handle((response, error) -> {
                    Duration latency = Duration.ofNanos(System.nanoTime() - started);
                    return error == null ? answered(response, latency) : failed(error, latency);
                });
    }

    private AttemptResult answered(HttpResponse<?> response, Duration latency) {
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return new AttemptResult(AttemptResult.Verdict.DELIVERED, status, latency, null, null);
        }
        if (status == 408 || status == 429 || status >= 500) {
            Duration retryAfter =
                    retryAfter(response.headers().firstValue("retry-after").orElse(null));
            return new AttemptResult(AttemptResult.Verdict.RETRY, status, latency, retryAfter, "HTTP " + status);
        }
        String detail = status >= 300 && status < 400
                ? "HTTP " + status + ": redirects are not followed; use the final URL"
                : "HTTP " + status + ": not retried (only 408, 429 and 5xx are)";
        return new AttemptResult(AttemptResult.Verdict.FAILED, status, latency, null, detail);
    }

    private AttemptResult failed(Throwable error, Duration latency) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        String detail;
        if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
            detail = "no answer within " + requestTimeout.toMillis() + " ms";
        } else if (cause instanceof ConnectException) {
            detail = "connection failed" + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        } else {
            detail = cause.getClass()
                            .getSimpleName()
                            .replace("Exception", "")
                            .replaceAll("([a-z])([A-Z])", "$1 $2")
                            .toLowerCase()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        }
        return new AttemptResult(AttemptResult.Verdict.RETRY, null, latency, null, detail);
    }

    /** Seconds or an HTTP date; null when absent or unreadable. */
    Duration retryAfter(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        try {
            long seconds = Long.parseLong(v);
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException notSeconds) {
            try {
                Duration until = Duration.between(
                        clock.instant(),
                        ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME)
                                .toInstant());
                return until.isNegative() ? Duration.ZERO : until;
            } catch (java.time.format.DateTimeParseException notDate) {
                return null;
            }
        }
    }
}
