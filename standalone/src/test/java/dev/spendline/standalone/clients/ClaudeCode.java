package dev.spendline.standalone.clients;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Claude Code (the installed native {@code claude}) as a headless MCP client, its model answered by a
 * {@link FakeAnthropicApi}. Each instance has a private HOME; Claude Code writes its own
 * {@code ~/.claude.json} there at the first run (no onboarding or trust file is needed for
 * {@code -p}). The environment: {@code ANTHROPIC_BASE_URL} (the fake), {@code ANTHROPIC_API_KEY}
 * ({@link FakeAnthropicApi#API_KEY}), {@code DISABLE_AUTOUPDATER}, {@code DISABLE_TELEMETRY},
 * {@code DISABLE_ERROR_REPORTING} and {@code CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC} set to 1.
 *
 * <pre>
 * claude mcp add --transport http --scope user spendline URL --header "Authorization: Bearer KEY"
 * claude -p "PROMPT" --allowedTools mcp__spendline__spend_by
 * </pre>
 */
public final class ClaudeCode {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final NodeClients.Home home;
    private final FakeAnthropicApi api;

    private ClaudeCode(NodeClients.Home home, FakeAnthropicApi api) {
        this.home = home;
        this.api = api;
    }

    /** After {@link NodeClients#requireOrSkip()}, Claude Code with its own private HOME talking to {@code api}. */
    public static ClaudeCode create(FakeAnthropicApi api) {
        NodeClients.requireOrSkip();
        return new ClaudeCode(NodeClients.newHome("claude-code"), api);
    }

    /** Claude Code in an existing home (e.g. one shared with Codex and the collector). */
    public static ClaudeCode in(NodeClients.Home home, FakeAnthropicApi api) {
        return new ClaudeCode(home, api);
    }

    public NodeClients.Home home() {
        return home;
    }

    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ANTHROPIC_BASE_URL", api.baseUrl());
        env.put("ANTHROPIC_API_KEY", FakeAnthropicApi.API_KEY);
        env.put("DISABLE_AUTOUPDATER", "1");
        env.put("DISABLE_TELEMETRY", "1");
        env.put("DISABLE_ERROR_REPORTING", "1");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        return env;
    }

    /** {@code claude ARGS} in the private HOME's {@code work} directory. */
    public NodeClients.Result run(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(NodeClients.CLAUDE.toString());
        command.addAll(args);
        return home.run(command, environment(), TIMEOUT);
    }

    /**
     * {@code claude mcp add --transport http --scope user NAME URL --header "NAME: VALUE"...}: the
     * server in the user's configuration ({@code ~/.claude.json}'s {@code mcpServers}); fails unless it
     * succeeded.
     */
    public NodeClients.Result addHttpServer(String name, String url, Map<String, String> headers) {
        List<String> args = new ArrayList<>(List.of("mcp", "add", "--transport", "http", "--scope", "user", name, url));
        headers.forEach((header, value) -> {
            args.add("--header");
            args.add(header + ": " + value);
        });
        return run(args).assertSucceeded();
    }

    /** {@code claude mcp list}: connects to each configured server and prints its health. */
    public NodeClients.Result listServers() {
        return run(List.of("mcp", "list"));
    }

    /** {@code claude -p PROMPT --allowedTools TOOL...}: one headless turn, the listed tools allowed without asking. */
    public NodeClients.Result print(String prompt, String... allowedTools) {
        List<String> args = new ArrayList<>(List.of("-p", prompt));
        if (allowedTools.length > 0) {
            args.add("--allowedTools");
            args.add(String.join(",", allowedTools));
        }
        NodeClients.Result result = run(args);
        try {
            // What the model was asked and answered, next to what claude printed.
            Files.writeString(home.dir().resolve("fake-anthropic-api.log"), api.describe());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    /** The user configuration Claude Code keeps in the private HOME ({@code ~/.claude.json}). */
    public JsonNode userConfig() {
        try {
            return JSON.readTree(Files.readString(home.dir().resolve(".claude.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
