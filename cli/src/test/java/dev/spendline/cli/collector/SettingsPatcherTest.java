package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tomlj.Toml;
import org.tomlj.TomlParseResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SettingsPatcherTest {

    private static final String CLAUDE =
            """
            {
              "permissions": {
                "allow": [
                  "Bash(npm run test:*)"
                ],
                "deny": []
              },
              "env": {
                "OTEL_RESOURCE_ATTRIBUTES": "department=engineering,user.email=old@example.com",
                "OTEL_LOGS_EXPORTER": "console",
                "FOO": "bar"
              },
              "cleanupPeriodDays": 20,
              "model": "opus",
              "price": 1.50
            }
            """;

    private static final String CODEX =
            """
            # My Codex settings
            model = "gpt-5-codex"   # the default model

            [otel]
            environment = "dev"
            # keep prompts out of telemetry
            log_user_prompt = false
            exporter = "none"

            [projects."/home/ada/src"]
            trust_level = "trusted"
            """;

    @TempDir
    Path home;

    private CollectorPaths paths() {
        return new CollectorPaths(
                home, home.resolve(".config/spendline"), home.resolve(".local/state/spendline/collector"));
    }

    private void write(Path file, String text) throws Exception {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    @Test
    void setupSetsTheTelemetryKeepsEverythingElseAndARerunChangesNothing() throws Exception {
        CollectorPaths paths = paths();
        write(paths.claudeSettings(), CLAUDE);
        write(paths.codexConfig(), CODEX);
        SettingsPatcher patcher = new SettingsPatcher(paths);

        List<SettingsPatcher.Outcome> first = patcher.apply(4319, "tok123", "ada@example.com");
        assertThat(first).allSatisfy(outcome -> {
            assertThat(outcome.problem()).isNull();
            assertThat(outcome.changed()).isTrue();
        });
        String claude = Files.readString(paths.claudeSettings());
        JsonNode env = JsonMapper.builder().build().readTree(claude).get("env");
        assertThat(env.get("CLAUDE_CODE_ENABLE_TELEMETRY").asString()).isEqualTo("1");
        assertThat(env.get("OTEL_LOGS_EXPORTER").asString()).isEqualTo("otlp");
        assertThat(env.get("OTEL_EXPORTER_OTLP_ENDPOINT").asString()).isEqualTo("http://127.0.0.1:4319");
        assertThat(env.get("OTEL_EXPORTER_OTLP_PROTOCOL").asString()).isEqualTo("http/json");
        assertThat(env.get("OTEL_EXPORTER_OTLP_HEADERS").asString()).isEqualTo("x-spendline-collector=tok123");
        assertThat(env.get("OTEL_RESOURCE_ATTRIBUTES").asString())
                .isEqualTo("department=engineering,user.email=ada@example.com");
        assertThat(env.get("FOO").asString()).isEqualTo("bar");
        // Same layout as before: 2 spaces, "key": value, [] kept, 1.50 kept, key order kept.
        assertThat(claude)
                .contains(
                        "  \"permissions\": {\n    \"allow\": [\n      \"Bash(npm run test:*)\"\n    ],\n    \"deny\": []\n");
        assertThat(claude).contains("\"price\": 1.50\n}\n");
        assertThat(claude.indexOf("\"cleanupPeriodDays\"")).isGreaterThan(claude.indexOf("\"env\""));
        assertThat(first.get(0).diff())
                .contains("-    \"OTEL_LOGS_EXPORTER\": \"console\",")
                .contains("+    \"OTEL_LOGS_EXPORTER\": \"otlp\",");

        String codex = Files.readString(paths.codexConfig());
        assertThat(codex)
                .startsWith(
                        "# My Codex settings\nmodel = \"gpt-5-codex\"   # the default model\n\n[otel]\nenvironment = \"dev\"\n# keep prompts out of telemetry\nlog_user_prompt = false\n");
        assertThat(codex)
                .contains(
                        "exporter = { otlp-http = { endpoint = \"http://127.0.0.1:4319/v1/logs\", protocol = \"json\", headers = { \"x-spendline-collector\" = \"tok123\", \"x-spendline-employee\" = \"ada@example.com\" } } }\n");
        assertThat(codex).doesNotContain("exporter = \"none\"");
        assertThat(codex).endsWith("[projects.\"/home/ada/src\"]\ntrust_level = \"trusted\"\n");
        TomlParseResult toml = Toml.parse(codex);
        assertThat(toml.errors()).isEmpty();
        assertThat(toml.getString(List.of("otel", "metrics_exporter", "otlp-http", "endpoint")))
                .isEqualTo("http://127.0.0.1:4319/v1/metrics");
        assertThat(toml.getString(List.of("otel", "exporter", "otlp-http", "headers", "x-spendline-collector")))
                .isEqualTo("tok123");

        byte[] claudeAfterFirst = Files.readAllBytes(paths.claudeSettings());
        byte[] codexAfterFirst = Files.readAllBytes(paths.codexConfig());
        List<SettingsPatcher.Outcome> second = patcher.apply(4319, "tok123", "ada@example.com");
        assertThat(second).allSatisfy(outcome -> assertThat(outcome.changed()).isFalse());
        assertThat(Files.readAllBytes(paths.claudeSettings())).isEqualTo(claudeAfterFirst);
        assertThat(Files.readAllBytes(paths.codexConfig())).isEqualTo(codexAfterFirst);
    }

    /** Docs: "nothing else changes". Lines setup does not set keep their bytes, whatever their style. */
    @Test
    void setupWritesOnlyTheEnvValuesItSetsAndUninstallTakesOnlyThoseOut() throws Exception {
        CollectorPaths paths = paths();
        String original = "{\n"
                + "    \"permissions\": {\"allow\": [\"Bash(ls)\"], \"deny\": []},\n"
                + "    \"env\": {\n"
                + "        \"FOO\":\"bar\",\n"
                + "        \"OTEL_LOGS_EXPORTER\" : \"console\"\n"
                + "    },\n"
                + "    \"model\":\"opus\",   \"price\": 1.50\n"
                + "}\n";
        write(paths.claudeSettings(), original);
        SettingsPatcher patcher = new SettingsPatcher(paths);

        patcher.apply(4319, "tok123", "ada@example.com");

        String patched = Files.readString(paths.claudeSettings());
        assertThat(patched)
                .startsWith("{\n"
                        + "    \"permissions\": {\"allow\": [\"Bash(ls)\"], \"deny\": []},\n"
                        + "    \"env\": {\n"
                        + "        \"FOO\":\"bar\",\n"
                        + "        \"OTEL_LOGS_EXPORTER\" : \"otlp\",\n"
                        + "        \"CLAUDE_CODE_ENABLE_TELEMETRY\": \"1\",\n")
                .endsWith("        \"OTEL_RESOURCE_ATTRIBUTES\": \"user.email=ada@example.com\"\n"
                        + "    },\n"
                        + "    \"model\":\"opus\",   \"price\": 1.50\n"
                        + "}\n");
        assertThat(JsonMapper.builder()
                        .build()
                        .readTree(patched)
                        .get("env")
                        .get("OTEL_EXPORTER_OTLP_ENDPOINT")
                        .asString())
                .isEqualTo("http://127.0.0.1:4319");

        // Edited after setup, so uninstall works on the content rather than restoring the backup.
        write(paths.claudeSettings(), patched.replace("\"FOO\":\"bar\"", "\"FOO\":\"baz\""));
        patcher.revert();

        assertThat(Files.readString(paths.claudeSettings()))
                .isEqualTo(original.replace("\"FOO\":\"bar\"", "\"FOO\":\"baz\""));
    }

    @Test
    void aFileWithoutEnvGetsOneAddedAndGetsItsOwnBytesBackOnUninstall() throws Exception {
        CollectorPaths paths = paths();
        String original = "{\n  \"model\":\"opus\",\n  \"hooks\": {}\n}";
        write(paths.claudeSettings(), original);
        SettingsPatcher patcher = new SettingsPatcher(paths);

        patcher.apply(4319, "tok123", "ada@example.com");

        String patched = Files.readString(paths.claudeSettings());
        assertThat(patched)
                .startsWith(
                        "{\n  \"model\":\"opus\",\n  \"hooks\": {},\n  \"env\": {\n    \"CLAUDE_CODE_ENABLE_TELEMETRY\": \"1\",\n")
                .endsWith("\n  }\n}");
        write(paths.claudeSettings(), patched.replace("\"opus\"", "\"sonnet\""));

        patcher.revert();

        assertThat(Files.readString(paths.claudeSettings())).isEqualTo(original.replace("\"opus\"", "\"sonnet\""));
    }

    @Test
    void uninstallRestoresUntouchedFilesByteForByte() throws Exception {
        CollectorPaths paths = paths();
        write(paths.claudeSettings(), CLAUDE);
        write(paths.codexConfig(), CODEX);
        SettingsPatcher patcher = new SettingsPatcher(paths);
        patcher.apply(4319, "tok123", "ada@example.com");
        patcher.apply(4320, "tok123", "ada@example.com"); // a second setup with another port

        patcher.revert();

        assertThat(Files.readString(paths.claudeSettings())).isEqualTo(CLAUDE);
        assertThat(Files.readString(paths.codexConfig())).isEqualTo(CODEX);
        assertThat(paths.installRecord()).doesNotExist();
    }

    @Test
    void uninstallAfterLaterEditsTakesOutOnlyWhatSetupAdded() throws Exception {
        CollectorPaths paths = paths();
        write(paths.claudeSettings(), CLAUDE);
        write(paths.codexConfig(), CODEX);
        SettingsPatcher patcher = new SettingsPatcher(paths);
        patcher.apply(4319, "tok123", "ada@example.com");
        // The user edits both files after setup.
        write(
                paths.claudeSettings(),
                Files.readString(paths.claudeSettings()).replace("\"FOO\": \"bar\"", "\"FOO\": \"baz\""));
        write(paths.codexConfig(), Files.readString(paths.codexConfig()) + "\n[tools]\nweb_search = true\n");

        patcher.revert();

        assertThat(Files.readString(paths.claudeSettings()))
                .isEqualTo(CLAUDE.replace("\"FOO\": \"bar\"", "\"FOO\": \"baz\""));
        assertThat(Files.readString(paths.codexConfig())).isEqualTo(CODEX + "\n[tools]\nweb_search = true\n");
    }

    @Test
    void missingFilesAreCreatedAndUninstallRemovesThem() throws Exception {
        CollectorPaths paths = paths();
        write(paths.codexConfig(), "model = \"o3\""); // no newline at the end, no [otel]
        SettingsPatcher patcher = new SettingsPatcher(paths);
        patcher.apply(4319, "tok", "ada@example.com");
        assertThat(Files.readString(paths.claudeSettings()))
                .startsWith("{\n  \"env\": {\n    \"CLAUDE_CODE_ENABLE_TELEMETRY\": \"1\",");
        assertThat(Files.readString(paths.codexConfig())).startsWith("model = \"o3\"\n\n[otel]\nexporter = ");
        // Edited after setup, so reverted by content, not from the backup.
        write(paths.codexConfig(), Files.readString(paths.codexConfig()).replace("\"o3\"", "\"o4\""));

        patcher.revert();

        assertThat(paths.claudeSettings()).doesNotExist();
        assertThat(Files.readString(paths.codexConfig())).isEqualTo("model = \"o4\"");
    }

    @Test
    void anInvalidFileIsLeftAloneWithAClearReason() throws Exception {
        CollectorPaths paths = paths();
        write(paths.claudeSettings(), "{ \"env\": ");
        write(paths.codexConfig(), "[otel\nexporter = 1\n");
        List<SettingsPatcher.Outcome> outcomes = new SettingsPatcher(paths).apply(4319, "tok", "ada@example.com");
        assertThat(outcomes.get(0).problem()).contains("settings.json was not changed: it is not valid JSON");
        assertThat(outcomes.get(1).problem()).contains("config.toml was not changed: it is not valid TOML");
        assertThat(Files.readString(paths.claudeSettings())).isEqualTo("{ \"env\": ");
    }
}
