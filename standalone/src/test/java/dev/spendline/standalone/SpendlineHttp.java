package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/** A plain HTTP client for Spendline's public endpoints, as a sender or a dashboard would call them. */
final class SpendlineHttp {

    private final String baseUrl;
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    SpendlineHttp(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    record Response(int status, JsonNode body, HttpResponse<String> raw) {}

    Response post(String path, String key, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (key != null) {
            request.header("authorization", "Bearer " + key);
        }
        return send(request.build());
    }

    Response put(String path, String key, String json) {
        return send(withKey(
                        HttpRequest.newBuilder(URI.create(baseUrl + path))
                                .timeout(Duration.ofSeconds(30))
                                .header("content-type", "application/json")
                                .PUT(HttpRequest.BodyPublishers.ofString(json)),
                        key)
                .build());
    }

    Response delete(String path, String key) {
        return send(withKey(
                        HttpRequest.newBuilder(URI.create(baseUrl + path))
                                .timeout(Duration.ofSeconds(30))
                                .DELETE(),
                        key)
                .build());
    }

    private static HttpRequest.Builder withKey(HttpRequest.Builder request, String key) {
        return key == null ? request : request.header("authorization", "Bearer " + key);
    }

    Response get(String pathAndQuery, String key) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(Duration.ofSeconds(30))
                .GET();
        if (key != null) {
            request.header("authorization", "Bearer " + key);
        }
        return send(request.build());
    }

    /** The product spend report by feature over a range that covers every test event. */
    static final String REPORT_ALL = "/api/v1/reports/spend?by=feature&from=2026-01-01&to=2026-12-31&limit=1000";

    Response report(String key) {
        return get(REPORT_ALL, key);
    }

    /** Polls the report until {@code done} holds or the time is up; returns the last answer. */
    JsonNode awaitReport(String key, Duration timeout, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            Response r = report(key);
            if (r.status() == 200) {
                last = r.body();
                if (done.test(last)) {
                    return last;
                }
            }
            sleep(50);
        }
        return last;
    }

    /** Polls a GET until it answers 200 with a body for which {@code done} holds; fails after {@code timeout}. */
    JsonNode await(String path, String key, Duration timeout, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            Response r = get(path, key);
            if (r.status() == 200) {
                last = r.body();
                if (done.test(last)) {
                    return last;
                }
            }
            sleep(50);
        }
        throw new AssertionError("not reached in " + timeout + "; last answer: " + last);
    }

    /** Asserts a problem+json answer with this status and code and, unless null, an error at this pointer. */
    static void assertProblem(Response r, int status, String code, String pointer) {
        assertThat(r.status()).as(r.raw().body()).isEqualTo(status);
        assertThat(r.raw().headers().firstValue("content-type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(r.body().get("code").asString()).isEqualTo(code);
        if (pointer != null) {
            assertThat(r.body().get("errors").findValuesAsString("pointer")).contains(pointer);
        }
    }

    private Response send(HttpRequest request) {
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            boolean json =
                    response.headers().firstValue("content-type").orElse("").contains("json");
            JsonNode body = json && !response.body().isEmpty() ? Json.MAPPER.readTree(response.body()) : null;
            return new Response(response.statusCode(), body, response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static long calls(JsonNode report) {
        return report == null ? -1 : report.get("totals").get("calls").asLong();
    }

    static String event(String externalId, String feature, String cost) {
        return eventAt(externalId, feature, cost, java.time.Instant.parse("2026-11-20T10:00:00Z"));
    }

    static String eventAt(String externalId, String feature, String cost, java.time.Instant ts) {
        String identity = externalId == null ? "" : ",\"source\":\"it\",\"externalId\":\"" + externalId + "\"";
        return "{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":100,\"outputTokens\":20,"
                + "\"costUsd\":" + cost + ",\"feature\":\"" + feature + "\",\"tenantId\":\"acme\","
                + "\"ts\":\"" + ts + "\"" + identity + "}";
    }

    static String batch(List<String> events) {
        return "{\"events\":[" + String.join(",", events) + "]}";
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
