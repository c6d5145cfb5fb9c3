package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * MCP at {@code /api/mcp} against the real standalone (embedded Kafka, the real security chains):
 * events ingested with an API key, every read tool called with the SDK's Java client and that key
 * as its bearer token, figures checked against the REST reports; a budget prepared and confirmed
 * over MCP; confirmations bound to the key that prepared them; no write tools below Team; and
 * one workspace's key never sees another's data.
 */
class McpIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);

    private static Standalone spendline;
    private static SpendlineHttp http;

    private final List<McpSyncClient> clients = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-mcp-it");
        spendline = Standalone.start(dataDir, FreePorts.loopback(), 0, 2, Map.of());
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @AfterEach
    void closeClients() {
        clients.forEach(McpSyncClient::closeGracefully);
    }

    private record Workspace(String id, String key, String otherKey) {}

    private static Workspace workspace(Plan plan) {
        var ctx = spendline.context();
        String id = ctx.getBean(WorkspaceRepository.class)
                .create("mcp " + UUID.randomUUID(), plan)
                .id();
        ApiKeyRepository keys = ctx.getBean(ApiKeyRepository.class);
        return new Workspace(
                id, keys.issue(id, "first").secret(), keys.issue(id, "second").secret());
    }

    /** The SDK's client with the key as bearer; Spendline's JSON mapper keeps decimals exact for comparing. */
    private McpSyncClient mcp(String key) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(spendline.baseUrl())
                .endpoint("/api/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(Json.MAPPER))
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + key))
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation("spendline-it", "1"))
                .requestTimeout(Duration.ofSeconds(30))
                .build();
        client.initialize();
        clients.add(client);
        return client;
    }

    private static void ingest(String key, List<String> events) {
        assertThat(http.post("/api/v1/events", key, SpendlineHttp.batch(events)).status())
                .isEqualTo(202);
    }

    /** Every read tool with explicit ranges (so REST and MCP read the same hours) and the REST query. */
    private static Map<String, Map<String, Object>> calls() {
        Map<String, Map<String, Object>> calls = new LinkedHashMap<>();
        calls.put("spend_by", Map.of("by", "feature", "from", "2026-11-01", "to", "2026-11-30"));
        calls.put("margin_by_customer", Map.of("from", "2026-11", "to", "2026-11"));
        calls.put("margin_by_feature", Map.of("from", "2026-11", "to", "2026-11", "tenant", "acme"));
        calls.put("top_waste", Map.of("from", "2026-11-01", "to", "2026-11-30", "limit", 5));
        calls.put("savings_recommendations", Map.of("from", "2026-11-01", "to", "2026-11-30"));
        calls.put("budget_status", Map.of("asOf", "2026-11-25T00:00:00Z"));
        calls.put("active_alerts", Map.of("asOf", "2026-11-25T00:00:00Z"));
        calls.put(
                "compare",
                Map.of(
                        "by",
                        "feature",
                        "from",
                        "2026-11-16",
                        "to",
                        "2026-11-30",
                        "baseFrom",
                        "2026-11-01",
                        "baseTo",
                        "2026-11-15"));
        return calls;
    }

    @Test
    void everyReadToolOverMcpAnswersWhatItsRestReportAnswers() {
        Workspace ws = workspace(Plan.TEAM);
        assertThat(http.put("/api/v1/settings/revenue/acme/2026-11", ws.key(), "{\"amountUsd\": 100.00}")
                        .status())
                .isEqualTo(200);
        ingest(
                ws.key(),
                List.of(
                        SpendlineHttp.event("mcp-1", "search", "30"),
                        SpendlineHttp.event("mcp-2", "chat", "10"),
                        SpendlineHttp.eventAt(
                                "mcp-3", "search", "5", java.time.Instant.parse("2026-11-05T10:00:00Z"))));
        McpSyncClient client = mcp(ws.key());

        JsonNode spend = awaitTool(
                client,
                "spend_by",
                calls().get("spend_by"),
                s -> s.at("/totals/costUsd").decimalValue().compareTo(new java.math.BigDecimal("45")) == 0);
        assertThat(spend.get("workspaceId").asString()).isEqualTo(ws.id());
        assertThat(spend.at("/rows/0/value").asString()).isEqualTo("search");
        assertThat(spend.at("/rows/0/measures/costUsd").decimalValue()).isEqualByComparingTo("35");
        awaitTool(client, "margin_by_customer", calls().get("margin_by_customer"), m -> m.toString()
                .contains("\"revenueUsd\":100"));

        assertThat(calls().keySet())
                .containsExactlyInAnyOrderElementsOf(List.of(ReadTool.values()).stream()
                        .map(ReadTool::toolName)
                        .toList());
        for (Map.Entry<String, Map<String, Object>> call : calls().entrySet()) {
            CallToolResult result = client.callTool(new McpSchema.CallToolRequest(call.getKey(), call.getValue()));
            assertThat(result.isError())
                    .as(call.getKey() + ": " + result.content())
                    .isFalse();
            SpendlineHttp.Response rest =
                    http.get(ReadTool.named(call.getKey()).path() + query(call.getValue()), ws.key());
            assertThat(rest.status()).as(rest.raw().body()).isEqualTo(200);
            assertThat(json(result.structuredContent())).as(call.getKey()).isEqualTo(rest.body());
        }
    }

    @Test
    void aTeamWorkspacePreparesAndConfirmsABudgetOverMcpOnlyWithTheKeyThatPreparedIt() {
        Workspace ws = workspace(Plan.TEAM);
        McpSyncClient first = mcp(ws.key());
        McpSyncClient second = mcp(ws.otherKey());
        assertThat(names(first)).contains("prepare_write_action", "confirm_write_action");

        CallToolResult prepared = first.callTool(new McpSchema.CallToolRequest(
                "prepare_write_action",
                Map.of(
                        "action",
                        "create_budget",
                        "name",
                        "Support bot",
                        "limitUsd",
                        500,
                        "scope",
                        "FEATURE",
                        "scopeValue",
                        "support-bot",
                        "period",
                        "MONTHLY")));
        assertThat(prepared.isError()).as(String.valueOf(prepared.content())).isFalse();
        JsonNode answer = json(prepared.structuredContent());
        assertThat(answer.get("summary").asString())
                .isEqualTo("Create a MONTHLY budget 'Support bot' of $500.00 on feature support-bot");
        String token = answer.get("confirmationToken").asString();
        String phrase = answer.get("confirmationPhrase").asString();
        assertThat(phrase).matches("create budget [0-9]{4}");

        CallToolResult otherKey = second.callTool(confirm(token, phrase));
        assertThat(otherKey.isError()).isTrue();
        assertThat(problem(otherKey).get("code").asString()).isEqualTo("other_credential");
        // Preparing changed nothing.
        assertThat(json(first.callTool(new McpSchema.CallToolRequest("budget_status", Map.of()))
                                .structuredContent())
                        .get("budgets"))
                .isEmpty();

        CallToolResult confirmed = first.callTool(confirm(token, phrase));
        assertThat(confirmed.isError()).as(String.valueOf(confirmed.content())).isFalse();
        JsonNode done = json(confirmed.structuredContent());
        assertThat(done.get("status").asString()).isEqualTo("SUCCEEDED");
        String budgetId = done.at("/result/id").asString();

        JsonNode status = awaitTool(
                first, "budget_status", Map.of(), s -> s.get("budgets").size() == 1);
        assertThat(status.at("/budgets/0/budget/id").asString()).isEqualTo(budgetId);
        assertThat(status.at("/budgets/0/budget/name").asString()).isEqualTo("Support bot");
        assertThat(http.get("/api/v1/reports/budget-status", ws.key())
                        .body()
                        .at("/budgets/0/budget/id")
                        .asString())
                .isEqualTo(budgetId);
        assertThat(problem(second.callTool(confirm(token, phrase))).get("code").asString())
                .as("still bound to the first key after it executed")
                .isEqualTo("other_credential");
    }

    @Test
    void aFreeWorkspaceListsNoWriteToolsAndIsRefusedWhenItCallsOneAnyway() {
        McpSyncClient client = mcp(workspace(Plan.FREE).key());
        assertThat(names(client))
                .containsExactlyElementsOf(List.of(ReadTool.values()).stream()
                        .map(ReadTool::toolName)
                        .toList());

        CallToolResult prepared = client.callTool(new McpSchema.CallToolRequest(
                "prepare_write_action",
                Map.of("action", "create_budget", "name", "Sneaky", "limitUsd", 1, "scope", "WORKSPACE")));
        assertThat(prepared.isError()).isTrue();
        assertThat(problem(prepared).get("code").asString()).isEqualTo("plan_required");
    }

    @Test
    void aWorkspacesKeyNeverSeesAnotherWorkspacesData() {
        Workspace a = workspace(Plan.TEAM);
        Workspace b = workspace(Plan.FREE);
        ingest(a.key(), List.of(SpendlineHttp.event("iso-a", "a-only", "11")));
        ingest(b.key(), List.of(SpendlineHttp.event("iso-b", "b-only", "7")));
        Map<String, Object> byFeature = Map.of("by", "feature", "from", "2026-11-01", "to", "2026-11-30");

        JsonNode seenByA = awaitTool(
                mcp(a.key()), "spend_by", byFeature, s -> s.get("rows").size() == 1);
        JsonNode seenByB = awaitTool(
                mcp(b.key()), "spend_by", byFeature, s -> s.get("rows").size() == 1);
        // Give the other workspace's event every chance to (wrongly) show up.
        SpendlineHttp.sleep(1_000);
        seenByA = json(mcp(a.key())
                .callTool(new McpSchema.CallToolRequest("spend_by", byFeature))
                .structuredContent());

        assertThat(seenByA.get("workspaceId").asString()).isEqualTo(a.id());
        assertThat(seenByA.get("rows"))
                .extracting(r -> r.get("value").asString())
                .containsExactly("a-only");
        assertThat(seenByB.get("workspaceId").asString()).isEqualTo(b.id());
        assertThat(seenByB.get("rows"))
                .extracting(r -> r.get("value").asString())
                .containsExactly("b-only");
        assertThat(seenByA.at("/totals/costUsd").decimalValue()).isEqualByComparingTo("11");
    }

    private static JsonNode awaitTool(
            McpSyncClient client, String tool, Map<String, Object> arguments, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
            assertThat(result.isError()).as(tool + ": " + result.content()).isFalse();
            last = json(result.structuredContent());
            if (done.test(last)) {
                return last;
            }
            SpendlineHttp.sleep(100);
        }
        throw new AssertionError(tool + " not as expected in " + EVENTUALLY + "; last answer: " + last);
    }

    private static McpSchema.CallToolRequest confirm(String token, String phrase) {
        return new McpSchema.CallToolRequest(
                "confirm_write_action", Map.of("confirmationToken", token, "confirmationPhrase", phrase));
    }

    private static List<String> names(McpSyncClient client) {
        return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    }

    /** A tool error's problem: the JSON of its one text block. */
    private static JsonNode problem(CallToolResult result) {
        assertThat(result.isError()).isTrue();
        assertThat(result.structuredContent()).isNull();
        return Json.MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }

    private static JsonNode json(Object value) {
        return Json.MAPPER.valueToTree(value);
    }

    private static String query(Map<String, Object> arguments) {
        return "?"
                + arguments.entrySet().stream()
                        .map(e -> e.getKey() + "="
                                + URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
    }
}
