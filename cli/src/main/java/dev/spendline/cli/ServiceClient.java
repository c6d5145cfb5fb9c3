package dev.spendline.cli;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The Spendline HTTP API as the CLI calls it: bearer API key, JSON bodies, bounded timeouts, and
 * every failure turned into a {@link CliException} with its exit code.
 */
public final class ServiceClient {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final String baseUrl;
    private final HttpClient http;

    public ServiceClient(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.http = HttpClient.newBuilder()
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** One answer: the status, the body as sent, and the body parsed (null when not JSON). */
    public record Reply(int status, String body, JsonNode json) {

        public boolean ok() {
            return status / 100 == 2;
        }
    }

    public Reply get(String path, String apiKey) {
        return send(request(path, apiKey).GET().build());
    }

    public Reply post(String path, String apiKey, JsonNode body) {
        return send(request(path, apiKey)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)))
                .build());
    }

    /** Like {@link #post} but a non-2xx answer is thrown as its {@link ServiceProblem}. */
    public Reply postOk(String path, String apiKey, JsonNode body) {
        return requireOk(post(path, apiKey, body));
    }

    public static Reply requireOk(Reply reply) {
        if (!reply.ok()) {
            throw ServiceProblem.of(reply);
        }
        return reply;
    }

    private HttpRequest.Builder request(String path, String apiKey) {
        URI uri;
        try {
            uri = URI.create(baseUrl + path);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "invalid_url", "Not a valid service URL: " + baseUrl, e);
        }
        return HttpRequest.newBuilder(uri)
                .timeout(REQUEST_TIMEOUT)
                .header("accept", "application/json")
                .header("authorization", "Bearer " + apiKey);
    }

    private Reply send(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body(), Json.parseOrNull(response.body()));
        } catch (HttpConnectTimeoutException | ConnectException e) {
            throw unreachable("cannot connect", e);
        } catch (HttpTimeoutException e) {
            throw unreachable("no answer within " + REQUEST_TIMEOUT.toSeconds() + " s", e);
        } catch (IOException e) {
            throw unreachable(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable("interrupted", e);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "invalid_url", "Not a valid service URL: " + baseUrl, e);
        }
    }

    private CliException unreachable(String why, Exception cause) {
        return new CliException(
                ExitCodes.UNREACHABLE,
                "unreachable",
                "Spendline at " + baseUrl + " is unreachable (" + why + "); check --url or SPENDLINE_URL",
                cause);
    }
}
