package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Claude Code itself (the pinned {@code @anthropic-ai/claude-code}) as the MCP client of the real
 * standalone's {@code /api/mcp}: configured with {@code claude mcp add --transport http} and the API
 * key header, run headless with {@code claude -p} against {@link FakeAnthropicApi}. The fake sees the
 * Spendline tools in the request's tool list, answers with a {@code tool_use} of {@code spend_by},
 * and the next request carries the tool result with the REST spend report's figures.
 */
class ClaudeCodeMcpIT {

    private static final String SPEND_BY = "mcp__spendline__spend_by";
    private static final String FINAL_TEXT = "acme and globex are this month's customers (from the fake model)";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static SpendlineMcp spendline;

    @BeforeAll
    static void start() {
        NodeClients.requireOrSkip();
        spendline = SpendlineMcp.start();
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void claudeCodeCallsSpendByAndTheModelGetsTheRightFigures() {
        ObjectNode input = JSON.createObjectNode();
        spendline.spendByTenantArguments().forEach(input::put);
        try (FakeAnthropicApi api = FakeAnthropicApi.start(
                FakeAnthropicApi.Script.callToolThenAnswer(SPEND_BY, input, result -> FINAL_TEXT))) {
            ClaudeCode claude = ClaudeCode.create(api);
            claude.addHttpServer("spendline", spendline.mcpUrl(), Map.of("Authorization", "Bearer " + spendline.key()));
            NodeClients.Result health = claude.listServers();
            assertThat(health.stdout())
                    .as(health.describe())
                    .contains("spendline")
                    .contains("Connected");

            NodeClients.Result run = claude.print("What did each customer cost this month?", SPEND_BY);
            run.assertSucceeded();

            List<FakeAnthropicApi.Exchange> messages = api.messages();
            FakeAnthropicApi.Exchange first = messages.stream()
                    .filter(m -> FakeAnthropicApi.offersTool(m.body(), SPEND_BY))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no request offered " + SPEND_BY + ":\n" + api.describe()));
            assertThat(FakeAnthropicApi.toolNames(first.body()))
                    .as("the Spendline tools reach the model under Claude Code's mcp__<server>__<tool> names")
                    .containsAll(SpendlineMcp.READ_TOOLS.stream()
                            .map(tool -> "mcp__spendline__" + tool)
                            .toList());
            JsonNode toolUse = first.reply().toolUse().orElseThrow();
            assertThat(toolUse.get("name").asString()).isEqualTo(SPEND_BY);

            FakeAnthropicApi.Exchange next = messages.get(messages.indexOf(first) + 1);
            JsonNode result = FakeAnthropicApi.lastToolResult(next.body())
                    .orElseThrow(
                            () -> new AssertionError("the next request carries no tool_result:\n" + api.describe()));
            assertThat(result.get("tool_use_id").asString())
                    .isEqualTo(toolUse.get("id").asString());
            assertThat(result.path("is_error").asBoolean(false))
                    .as(result.toString())
                    .isFalse();
            String text = FakeAnthropicApi.toolResultText(result);
            Map<String, String> costs = spendline.costsByCustomer();
            assertThat(costs).containsExactly(Map.entry("acme", "41.25"), Map.entry("globex", "7.36"));
            costs.forEach((customer, cost) ->
                    assertThat(text).as(text).contains(customer).contains(cost));

            assertThat(run.stdout()).contains(FINAL_TEXT);
        }
    }
}
