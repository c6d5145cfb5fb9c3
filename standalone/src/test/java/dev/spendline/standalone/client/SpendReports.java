package dev.spendline.standalone.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The spend reports of a running standalone, read over HTTP with a workspace's API key as a dashboard
 * would: what the client ITs compare with what their clients sent.
 */
final class SpendReports {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final String baseUrl;
    private final Duration eventually;
    private final HttpClient http = HttpClient.newHttpClient();

    SpendReports(String baseUrl, Duration eventually) {
        this.baseUrl = baseUrl;
        this.eventually = eventually;
    }

    /** The report's {@code totals.calls}, or -1 for no report. */
    static long calls(JsonNode report) {
        return report == null ? -1 : report.get("totals").get("calls").asLong();
    }

    /** Polls until {@code done}, then once more a second later, so a late double count would show. */
    JsonNode await(String path, String key, Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + eventually.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = get(path, key);
            if (last != null && done.test(last)) {
                Thread.sleep(1_000);
                return get(path, key);
            }
            Thread.sleep(100);
        }
        return last;
    }

    /** The report at {@code path}, or null unless it answered 200. */
    JsonNode get(String path, String key) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create(baseUrl + path))
                        .header("Authorization", "Bearer " + key)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() == 200 ? JSON.readTree(response.body()) : null;
    }
}
