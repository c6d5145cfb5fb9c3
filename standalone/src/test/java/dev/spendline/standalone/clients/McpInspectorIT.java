package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

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
        // Issue #31: the 401's body is what the client prints after "Error POSTing to endpoint: ".
        assertThat(refused.stderr())
                .contains("Error POSTing to endpoint: {")
                .contains("Missing or invalid access token")
                .contains("/.well-known/oauth-protected-resource/api/mcp");
    }

    /**
     * docs/mcp.md's Inspector commands, run as printed (issue #31: unpinned, npx on Node 20 took
     * 0.15.0, which refuses them): the version they pin is the one installed here, and each command,
     * with npx replaced by that installed copy and the doc's URL and key by the test's, succeeds.
     */
    @Test
    void theDocsInspectorCommandsPinTheInstalledVersionAndRunAsPrinted() throws Exception {
        String doc = Files.readString(
                NodeClients.NODE_PROJECT.resolve("../../../../docs/mcp.md").normalize());
        String installed = new ObjectMapper()
                .readTree(NodeClients.NODE_MODULES
                        .resolve("@modelcontextprotocol/inspector/package.json")
                        .toFile())
                .get("version")
                .asString();
        String npx = "npx -y @modelcontextprotocol/inspector@";
        List<String> commands = new java.util.ArrayList<>();
        String[] lines = doc.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(npx)) {
                StringBuilder command = new StringBuilder(lines[i]);
                while (command.toString().endsWith("\\")) {
                    command.setLength(command.length() - 1);
                    command.append(lines[++i].strip());
                }
                commands.add(command.toString());
            }
        }
        assertThat(commands).as("the Inspector commands in docs/mcp.md").hasSizeGreaterThanOrEqualTo(2);
        for (String command : commands) {
            String version = command.substring(npx.length(), command.indexOf(' ', npx.length()));
            assertThat(version).as(command).isEqualTo(installed);
            List<String> argv = new java.util.ArrayList<>();
            argv.add(NodeClients.INSPECTOR.toString());
            argv.addAll(words(command.substring(command.indexOf(' ', npx.length()) + 1)
                    .replace("http://127.0.0.1:8080/api/mcp", spendline.mcpUrl())
                    .replace("$SPENDLINE_API_KEY", spendline.key())));
            NodeClients.Result result =
                    inspector.home().run(argv, java.util.Map.of(), java.time.Duration.ofSeconds(60));
            assertThat(result.exitCode()).as(result.describe()).isZero();
            // tools/list names the tools; tools/call answers spend_by's report, by feature, at most 5 rows.
            assertThat(result.stdout())
                    .as(command)
                    .contains(command.contains("tools/list") ? "spend_by" : "\"by\": \"feature\"");
            if (command.contains("tools/call")) {
                assertThat(JSON_MAPPER
                                .readTree(result.stdout())
                                .at("/structuredContent/limit")
                                .asInt())
                        .isEqualTo(5);
            }
        }
    }

    private static final ObjectMapper JSON_MAPPER = new ObjectMapper();

    /** Shell words: spaces split, double quotes group (the docs' commands use nothing else). */
    private static List<String> words(String line) {
        List<String> words = new java.util.ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (c == ' ' && !quoted) {
                if (any) {
                    words.add(word.toString());
                }
                word.setLength(0);
                any = false;
            } else {
                word.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(word.toString());
        }
        return words;
    }
}
