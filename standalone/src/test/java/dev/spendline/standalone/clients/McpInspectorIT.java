package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The MCP Inspector's CLI mode (the pinned {@code @modelcontextprotocol/inspector}), a client no one
 * here wrote, against the real standalone's {@code /api/mcp} with an API key: it lists the eight read
 * tools of a FREE workspace and calls {@code spend_by}, whose figures are the REST spend report's.
 */
class McpInspectorIT {

    private static SpendlineMcp spendline;
    private static McpInspector inspector;

    @BeforeAll
    static void start() {
        NodeClients.requireOrSkip();
        spendline = SpendlineMcp.start();
        inspector = McpInspector.create();
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    /** Numbers equal by value (0.00 and 0), everything else exactly. */
    private static final java.util.Comparator<JsonNode> SAME_NUMBER =
            (a, b) -> a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;

    @Test
    void listsTheReadToolsWithAnApiKey() {
        JsonNode listed = inspector.listTools(spendline.mcpUrl(), spendline.key());

        // Top-level names only: a tool's input schema may have a property called "name" too.
        List<String> names = new java.util.ArrayList<>();
        listed.get("tools").forEach(tool -> names.add(tool.get("name").asString()));
        assertThat(names).containsExactlyInAnyOrderElementsOf(SpendlineMcp.READ_TOOLS);
        for (JsonNode tool : listed.get("tools")) {
            String name = tool.get("name").asString();
            assertThat(tool.path("description").asString("")).as(name).isNotBlank();
            assertThat(tool.get("inputSchema").get("type").asString()).as(name).isEqualTo("object");
            assertThat(tool.path("annotations").path("readOnlyHint").asBoolean(false))
                    .as(name + " is read-only")
                    .isTrue();
        }
    }

    @Test
    void callsSpendByAndGetsTheRestReportsFigures() {
        JsonNode called =
                inspector.callTool(spendline.mcpUrl(), spendline.key(), "spend_by", spendline.spendByTenantArguments());

        assertThat(called.path("isError").asBoolean(false))
                .as(called.toString())
                .isFalse();
        JsonNode rest = spendline.restSpendByTenant();
        // The Inspector prints numbers as JavaScript holds them (0.00 becomes 0): equal by value.
        assertThat(called.get("structuredContent").equals(SAME_NUMBER, rest))
                .as(called + " equals " + rest)
                .isTrue();
        assertThat(rest.get("rows").findValuesAsString("value")).containsExactly("acme", "globex");
        // The readable text block names every customer with its cost.
        String text = called.get("content").findValuesAsString("text").toString();
        spendline
                .costsByCustomer()
                .forEach((customer, cost) -> assertThat(text).contains(customer).contains(cost));
    }

    @Test
    void withoutAKeyTheCliIsRefused() {
        NodeClients.Result refused = inspector.run(spendline.mcpUrl(), null, List.of("--method", "tools/list"));

        assertThat(refused.exitCode()).as(refused.describe()).isNotZero();
        assertThat(refused.stdout()).doesNotContain("spend_by");
    }
}
