package dev.spendline.bench.run;

import dev.spendline.contracts.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.JsonNode;

/**
 * Latency of MCP tool calls as an MCP client sees them: JSON-RPC over the streamable HTTP
 * transport at {@code /api/mcp} with a workspace API key, one request at a time after a warm-up.
 * The server is stateless, so every call is one POST with the negotiated protocol version in its
 * header; the client here speaks the protocol directly so that the figure is the server's, not a
 * client library's.
 */
public final class McpBench {

    /** The protocol version asked for, the newest the server speaks. */
    static final String PROTOCOL = "2025-11-25";

    private final URI endpoint;
    private final String apiKey;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicLong ids = new AtomicLong();

    public McpBench(URI baseUrl, String apiKey) {
        this.endpoint = baseUrl.resolve("/api/mcp");
        this.apiKey = apiKey;
    }

    /** Name → tool and arguments of each timed call. */
    static Map<String, Map<String, Object>> calls() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String from = today.minusDays(30).toString();
        Map<String, Map<String, Object>> calls = new LinkedHashMap<>();
        calls.put(
                "tools/call spend_by tenant, 30 days",
                Map.of("name", "spend_by", "arguments", Map.of("by", "tenant", "from", from, "to", today.toString())));
        calls.put(
                "tools/call spend_by feature of one tenant, 30 days",
                Map.of(
                        "name",
                        "spend_by",
                        "arguments",
                        Map.of("by", "feature", "tenant", "t0", "from", from, "to", today.toString())));
        calls.put(
                "tools/call margin_by_customer, this month",
                Map.of(
                        "name",
                        "margin_by_customer",
                        "arguments",
                        Map.of(
                                "from",
                                YearMonth.from(today).toString(),
                                "to",
                                YearMonth.from(today).toString())));
        return calls;
    }

    public Map<String, Histogram> run(int warmup, int samples) throws IOException, InterruptedException {
        JsonNode init = call(
                "initialize",
                Map.of(
                        "protocolVersion",
                        PROTOCOL,
                        "capabilities",
                        Map.of(),
                        "clientInfo",
                        Map.of("name", "spendline-bench", "version", "1")));
        System.out.println(
                "server speaks " + init.path("result").path("protocolVersion").asString());
        Map<String, RequestLatencies.Request> requests = new LinkedHashMap<>();
        requests.put("tools/list", () -> checked(send("tools/list", Map.of())));
        calls().forEach((name, params) -> requests.put(name, () -> checked(send("tools/call", params))));
        return RequestLatencies.measure(requests, warmup, samples);
    }

    private JsonNode call(String method, Object params) throws IOException, InterruptedException {
        return Json.MAPPER.readTree(checked(send(method, params)).body());
    }

    private HttpResponse<String> send(String method, Object params) throws IOException, InterruptedException {
        String body = Json.MAPPER.writeValueAsString(
                Map.of("jsonrpc", "2.0", "id", ids.incrementAndGet(), "method", method, "params", params));
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + apiKey)
                .header("content-type", "application/json")
                .header("accept", "application/json, text/event-stream")
                .header("mcp-protocol-version", PROTOCOL)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A JSON-RPC error or a tool error is a failed sample, not a fast one. */
    private static HttpResponse<String> checked(HttpResponse<String> response) {
        if (response.statusCode() == 200) {
            JsonNode answer = Json.MAPPER.readTree(response.body());
            if (answer.has("error") || answer.path("result").path("isError").asBoolean(false)) {
                throw new IllegalStateException("The MCP call failed: " + response.body());
            }
        }
        return response;
    }
}
