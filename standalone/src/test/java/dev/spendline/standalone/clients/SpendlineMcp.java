package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.Standalone;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The real standalone (embedded Kafka, RocksDB, H2) for the real-MCP-client tests: a FREE workspace
 * with an API key and this month's spend of two customers (acme $41.25 in two calls, globex $7.36
 * in one), and the REST spend report by customer that the MCP tools' figures are compared with.
 */
final class SpendlineMcp implements AutoCloseable {

    /** The eight read tools, the only tools a FREE workspace lists. */
    static final List<String> READ_TOOLS = List.of(
            "spend_by",
            "margin_by_customer",
            "margin_by_feature",
            "top_waste",
            "savings_recommendations",
            "budget_status",
            "active_alerts",
            "compare");

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Standalone spendline;
    private final String key;
    private final LocalDate from;
    private final LocalDate to;

    private SpendlineMcp(Standalone spendline, String key, LocalDate from, LocalDate to) {
        this.spendline = spendline;
        this.key = key;
        this.from = from;
        this.to = to;
    }

    /** Starts the standalone, creates the workspace and key, sends the events and waits until the report counts them. */
    static SpendlineMcp start() {
        try {
            Standalone spendline = Standalone.start(
                    Files.createTempDirectory("spendline-mcp-clients-it"), FreePorts.loopback(), 0, 2, Map.of());
            var ctx = spendline.context();
            Workspace workspace = ctx.getBean(WorkspaceRepository.class).create("mcp clients", Plan.FREE);
            String key = ctx.getBean(ApiKeyRepository.class)
                    .issue(workspace.id(), "mcp")
                    .secret();
            // A minute ago is this month's unless the month began within the minute: the range is that minute's month.
            Instant at = Instant.now().minus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
            LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC);
            SpendlineMcp fixture =
                    new SpendlineMcp(spendline, key, day.withDayOfMonth(1), LocalDate.now(ZoneOffset.UTC));
            fixture.send(List.of(
                    event("mcp-1", "acme", "search", "12.34", at),
                    event("mcp-2", "acme", "chat", "28.91", at),
                    event("mcp-3", "globex", "search", "7.36", at)));
            fixture.awaitSpend();
            return fixture;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code {base_url}/api/mcp}, what a client is configured with. */
    String mcpUrl() {
        return spendline.baseUrl() + "/api/mcp";
    }

    String key() {
        return key;
    }

    /** The first day of the month, what "this month" starts at. */
    LocalDate from() {
        return from;
    }

    /** Today (UTC), included. */
    LocalDate to() {
        return to;
    }

    /** {@code spend_by}'s arguments for this month's spend by customer. */
    Map<String, String> spendByTenantArguments() {
        Map<String, String> arguments = new LinkedHashMap<>();
        arguments.put("by", "tenant");
        arguments.put("from", from.toString());
        arguments.put("to", to.toString());
        return arguments;
    }

    /** {@code GET /api/v1/reports/spend} with {@link #spendByTenantArguments()}: the figures MCP must give. */
    JsonNode restSpendByTenant() {
        StringBuilder query = new StringBuilder("/api/v1/reports/spend?");
        spendByTenantArguments()
                .forEach((name, value) ->
                        query.append(name).append('=').append(value).append('&'));
        HttpResponse<String> response = get(query.substring(0, query.length() - 1));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /**
     * Each customer of the REST report with its cost as plain decimals ({@code acme -> 41.25}), for
     * finding the figures in a tool result whatever its wording.
     */
    Map<String, String> costsByCustomer() {
        Map<String, String> costs = new LinkedHashMap<>();
        for (JsonNode row : restSpendByTenant().get("rows")) {
            BigDecimal cost = row.get("measures").get("costUsd").decimalValue();
            costs.put(row.get("value").asString(), cost.stripTrailingZeros().toPlainString());
        }
        return costs;
    }

    @Override
    public void close() {
        spendline.close();
    }

    private void awaitSpend() {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = restSpendByTenant();
            if (last.get("totals").get("calls").asLong() == 3) {
                assertThat(costsByCustomer()).containsExactly(Map.entry("acme", "41.25"), Map.entry("globex", "7.36"));
                return;
            }
            sleep(100);
        }
        throw new AssertionError("the three events were not counted in " + EVENTUALLY + "; last report: " + last);
    }

    private void send(List<String> events) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(spendline.baseUrl() + "/api/v1/events"))
                .timeout(Duration.ofSeconds(30))
                .header("content-type", "application/json")
                .header("authorization", "Bearer " + key)
                .POST(HttpRequest.BodyPublishers.ofString("{\"events\":[" + String.join(",", events) + "]}"))
                .build();
        HttpResponse<String> response = send(request);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private HttpResponse<String> get(String pathAndQuery) {
        return send(HttpRequest.newBuilder(URI.create(spendline.baseUrl() + pathAndQuery))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + key)
                .GET()
                .build());
    }

    private static HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String event(String externalId, String tenant, String feature, String cost, Instant at) {
        return "{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":100,\"outputTokens\":20,"
                + "\"costUsd\":" + cost + ",\"feature\":\"" + feature + "\",\"tenantId\":\"" + tenant + "\","
                + "\"ts\":\"" + at + "\",\"source\":\"mcp-it\",\"externalId\":\"" + externalId + "\"}";
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
