package dev.spendline.standalone.clients;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Codex (the installed {@code codex}, whose native binary comes from the npm registry as an optional
 * dependency) run headless with {@code codex exec}, its model answered by a {@link FakeOpenAiApi}.
 * Each instance has a private HOME; {@link #create} writes {@code ~/.codex/config.toml} with a model
 * provider for the fake:
 *
 * <pre>
 * model = "gpt-5-codex"
 * model_provider = "spendline-fake"
 *
 * [model_providers.spendline-fake]
 * name = "Spendline fake OpenAI"
 * base_url = "http://127.0.0.1:PORT/v1"
 * wire_api = "responses"
 * env_key = "SPENDLINE_FAKE_OPENAI_KEY"
 * </pre>
 *
 * and the key is given in {@code SPENDLINE_FAKE_OPENAI_KEY}. Codex finds its configuration in
 * {@code $HOME/.codex} ({@code CODEX_HOME} is not set), where the collector's setup patches it.
 *
 * <pre>
 * codex exec --skip-git-repo-check "PROMPT"
 * </pre>
 *
 * {@code exec} never asks for approval and runs read-only; {@code --skip-git-repo-check} lets it run
 * outside a git repository. It prints the model's final answer on standard output.
 */
public final class Codex {

    /** The variable {@code env_key} names. */
    public static final String KEY_VARIABLE = "SPENDLINE_FAKE_OPENAI_KEY";

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final NodeClients.Home home;
    private final FakeOpenAiApi api;

    private Codex(NodeClients.Home home, FakeOpenAiApi api) {
        this.home = home;
        this.api = api;
    }

    /** After {@link NodeClients#requireOrSkip()}, Codex with its own private HOME talking to {@code api}. */
    public static Codex create(FakeOpenAiApi api) {
        NodeClients.requireOrSkip();
        return in(NodeClients.newHome("codex"), api);
    }

    /** Codex in an existing home (e.g. one shared with Claude Code and the collector); writes its config.toml there. */
    public static Codex in(NodeClients.Home home, FakeOpenAiApi api) {
        Codex codex = new Codex(home, api);
        codex.writeConfig("");
        return codex;
    }

    public NodeClients.Home home() {
        return home;
    }

    /** {@code ~/.codex/config.toml}. */
    public Path configFile() {
        return home.dir().resolve(".codex/config.toml");
    }

    /** Writes config.toml: the fake's model provider, then {@code more} (TOML tables such as {@code [otel]}). */
    public void writeConfig(String more) {
        String config = "model = \"" + FakeOpenAiApi.MODEL + "\"\n"
                + "model_provider = \"spendline-fake\"\n"
                + "\n"
                + "[model_providers.spendline-fake]\n"
                + "name = \"Spendline fake OpenAI\"\n"
                + "base_url = \"" + api.baseUrl() + "\"\n"
                + "wire_api = \"responses\"\n"
                + "env_key = \"" + KEY_VARIABLE + "\"\n"
                + (more.isEmpty() ? "" : "\n" + more);
        try {
            Files.createDirectories(configFile().getParent());
            Files.writeString(configFile(), config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put(KEY_VARIABLE, FakeOpenAiApi.API_KEY);
        return env;
    }

    /** {@code codex ARGS} in the private HOME's {@code work} directory. */
    public NodeClients.Result run(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(NodeClients.CODEX.toString());
        command.addAll(args);
        return home.run(command, environment(), TIMEOUT);
    }

    /** {@code codex exec --skip-git-repo-check PROMPT}: one headless turn. */
    public NodeClients.Result exec(String prompt) {
        NodeClients.Result result = run(List.of("exec", "--skip-git-repo-check", prompt));
        try {
            Files.writeString(home.dir().resolve("fake-openai-api.log"), api.describe());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }
}
