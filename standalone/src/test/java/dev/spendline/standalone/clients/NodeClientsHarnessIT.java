package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The real-client harness itself, against {@link ToyMcpServer} (the official MCP Java SDK, one tool
 * {@code spend_by}) instead of Spendline's {@code /api/mcp}: the pinned MCP Inspector CLI lists and
 * calls the tool with an API key, and Claude Code, configured with {@code claude mcp add --transport
 * http} and the key header, runs headless against {@link FakeAnthropicApi}, which sees the tool,
 * calls it and gets the figures back in the next request.
 */
class NodeClientsHarnessIT {

    private static final String KEY = "sl_toy_harness_key";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ToyMcpServer mcp;

    @BeforeAll
    static void start() {
        NodeClients.requireOrSkip();
        mcp = ToyMcpServer.start(KEY);
    }

    @AfterAll
    static void stop() {
        if (mcp != null) {
            mcp.close();
        }
    }

    @Test
    void theInspectorCliListsAndCallsTheToolWithAnApiKey() {
        McpInspector inspector = McpInspector.create();

        JsonNode listed = inspector.listTools(mcp.url(), KEY);
        assertThat(listed.get("tools").findValuesAsString("name")).containsExactly("spend_by");
        JsonNode tool = listed.get("tools").get(0);
        assertThat(tool.get("inputSchema").get("required").get(0).asString()).isEqualTo("by");
        assertThat(tool.get("annotations").get("readOnlyHint").asBoolean()).isTrue();

        JsonNode called = inspector.callTool(mcp.url(), KEY, "spend_by", Map.of("by", "tenant", "from", "2026-11-01"));
        assertThat(called.path("isError").asBoolean(false))
                .as(called.toString())
                .isFalse();
        assertThat(called.get("structuredContent")).isEqualTo(JSON.readTree(ToyMcpServer.FIGURES));
        assertThat(JSON.readTree(called.get("content").get(0).get("text").asString()))
                .isEqualTo(JSON.readTree(ToyMcpServer.FIGURES));
        assertThat(mcp.calls()).contains(Map.of("by", "tenant", "from", "2026-11-01"));
        assertThat(mcp.seen())
                .allSatisfy(seen -> assertThat(seen.authorization()).isEqualTo("Bearer " + KEY));
        assertThat(mcp.seen()).extracting(ToyMcpServer.Seen::protocolVersion).contains("2025-11-25");

        // Without the key the server refuses, and the CLI says so with a failing exit.
        NodeClients.Result refused = inspector.run(mcp.url(), null, List.of("--method", "tools/list"));
        assertThat(refused.exitCode()).as(refused.describe()).isNotZero();
    }

    @Test
    void claudeCodeCallsTheToolThroughAFakeModelAndSendsTheResultBack() {
        String tool = "mcp__spendline__spend_by";
        JsonNode input = JSON.readTree("{\"by\": \"tenant\", \"from\": \"2026-11-01\", \"to\": \"2026-11-30\"}");
        try (FakeAnthropicApi api = FakeAnthropicApi.start(FakeAnthropicApi.Script.callToolThenAnswer(
                tool, input, result -> "Answer from the fake model: " + figures(result)))) {
            ClaudeCode claude = ClaudeCode.create(api);
            claude.addHttpServer("spendline", mcp.url(), Map.of("Authorization", "Bearer " + KEY));
            JsonNode configured = claude.userConfig().get("mcpServers").get("spendline");
            assertThat(configured.get("type").asString()).isEqualTo("http");
            assertThat(configured.get("url").asString()).isEqualTo(mcp.url());
            assertThat(configured.get("headers").get("Authorization").asString())
                    .isEqualTo("Bearer " + KEY);
            NodeClients.Result health = claude.listServers();
            assertThat(health.stdout())
                    .as(health.describe())
                    .contains("spendline")
                    .contains("Connected");

            NodeClients.Result run = claude.print("What did each customer cost this month?", tool);
            run.assertSucceeded();

            List<FakeAnthropicApi.Exchange> messages = api.messages();
            assertThat(messages).as(api.describe()).hasSizeGreaterThanOrEqualTo(2);
            FakeAnthropicApi.Exchange first = messages.stream()
                    .filter(m -> FakeAnthropicApi.offersTool(m.body(), tool))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no request offered " + tool + ":\n" + api.describe()));
            assertThat(first.header("x-api-key")).contains(FakeAnthropicApi.API_KEY);
            assertThat(first.reply().isToolUse()).isTrue();
            JsonNode toolUse = first.reply().toolUse().orElseThrow();
            assertThat(toolUse.get("name").asString()).isEqualTo(tool);

            FakeAnthropicApi.Exchange next = messages.get(messages.indexOf(first) + 1);
            JsonNode result = FakeAnthropicApi.lastToolResult(next.body())
                    .orElseThrow(
                            () -> new AssertionError("the next request carries no tool_result:\n" + api.describe()));
            assertThat(result.get("tool_use_id").asString())
                    .isEqualTo(toolUse.get("id").asString());
            assertThat(result.path("is_error").asBoolean(false))
                    .as(result.toString())
                    .isFalse();
            assertThat(JSON.readTree(FakeAnthropicApi.toolResultText(result)))
                    .isEqualTo(JSON.readTree(ToyMcpServer.FIGURES));
            assertThat(mcp.calls()).contains(Map.of("by", "tenant", "from", "2026-11-01", "to", "2026-11-30"));

            assertThat(run.stdout()).contains("Answer from the fake model: acme $40.25, globex $7.50");
            Optional<FakeAnthropicApi.Exchange> unanswered =
                    api.exchanges().stream().filter(e -> e.status() >= 500).findFirst();
            assertThat(unanswered).as(api.describe()).isEmpty();
        }
    }

    /** "acme $40.25, globex $7.50" from the tool result's rows. */
    private static String figures(JsonNode toolResult) {
        JsonNode answer = JSON.readTree(FakeAnthropicApi.toolResultText(toolResult));
        StringBuilder text = new StringBuilder();
        for (JsonNode row : answer.get("rows")) {
            if (text.length() > 0) {
                text.append(", ");
            }
            text.append(row.get("value").asString())
                    .append(" $")
                    .append(row.get("costUsd")
                            .decimalValue()
                            .setScale(2, java.math.RoundingMode.HALF_EVEN)
                            .toPlainString());
        }
        return text.toString();
    }
}
