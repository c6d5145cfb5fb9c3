package dev.spendline.standalone.clients;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The MCP Inspector's CLI mode, the installed {@code mcp-inspector --cli} (which starts its CLI
 * package with the {@code node} on PATH), against a streamable-HTTP MCP server with an API key:
 *
 * <pre>
 * mcp-inspector --cli URL --transport http --method tools/list --header "Authorization: Bearer KEY"
 * mcp-inspector --cli URL --transport http --method tools/call --tool-name spend_by \
 *     --tool-arg by=tenant from=2026-11-01 --header "Authorization: Bearer KEY"
 * </pre>
 *
 * It prints the JSON-RPC result as JSON on stdout (and a v1 deprecation notice on stderr).
 */
public final class McpInspector {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final NodeClients.Home home;

    private McpInspector(NodeClients.Home home) {
        this.home = home;
    }

    /** After {@link NodeClients#requireOrSkip()}, an Inspector with its own private HOME. */
    public static McpInspector create() {
        NodeClients.requireOrSkip();
        return new McpInspector(NodeClients.newHome("inspector"));
    }

    public NodeClients.Home home() {
        return home;
    }

    /** Runs {@code mcp-inspector --cli url --transport http ARGS --header "Authorization: Bearer key"}. */
    public NodeClients.Result run(String url, String bearer, List<String> args) {
        List<String> command =
                new ArrayList<>(List.of(NodeClients.INSPECTOR.toString(), "--cli", url, "--transport", "http"));
        command.addAll(args);
        if (bearer != null) {
            command.add("--header");
            command.add("Authorization: Bearer " + bearer);
        }
        return home.run(command, Map.of(), TIMEOUT);
    }

    /** {@code tools/list}: the result's JSON ({@code {"tools": [...]}}); fails unless the CLI succeeded. */
    public JsonNode listTools(String url, String bearer) {
        return json(run(url, bearer, List.of("--method", "tools/list")).assertSucceeded());
    }

    /**
     * {@code tools/call} with each argument as {@code --tool-arg key=value} (the CLI reads a value
     * that parses as JSON, a number say, as that JSON); the result's JSON ({@code content},
     * {@code structuredContent}, {@code isError}); fails unless the CLI succeeded.
     */
    public JsonNode callTool(String url, String bearer, String tool, Map<String, String> arguments) {
        List<String> args = new ArrayList<>(List.of("--method", "tools/call", "--tool-name", tool));
        if (!arguments.isEmpty()) {
            args.add("--tool-arg");
            arguments.forEach((key, value) -> args.add(key + "=" + value));
        }
        return json(run(url, bearer, args).assertSucceeded());
    }

    private static JsonNode json(NodeClients.Result result) {
        try {
            return JSON.readTree(result.stdout());
        } catch (RuntimeException e) {
            throw new AssertionError("the Inspector did not print JSON:\n" + result.describe(), e);
        }
    }
}
