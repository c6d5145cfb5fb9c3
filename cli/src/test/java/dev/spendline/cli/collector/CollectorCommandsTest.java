package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.cli.Environment;
import dev.spendline.cli.InProcessCli;
import dev.spendline.cli.InProcessCli.Result;
import dev.spendline.cli.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The commands in-process, as the e2e tests drive them: HOME, the file store, --url. */
class CollectorCommandsTest {

    private static final String CLAUDE = "{\n  \"model\": \"opus\",\n  \"env\": {\n    \"FOO\": \"bar\"\n  }\n}\n";
    private static final String CODEX = "# mine\nmodel = \"gpt-5.1-codex\"\n\n[tui]\nnotifications = true\n";

    @TempDir
    Path home;

    private FakeSpendline spendline;

    @BeforeEach
    void start() throws Exception {
        spendline = new FakeSpendline();
    }

    @AfterEach
    void stop() {
        spendline.close();
    }

    private Result run(String... args) {
        Properties properties = new Properties();
        properties.setProperty("user.home", "/nonexistent-home-of-the-jvm");
        return InProcessCli.run(
                new Environment(Map.of("HOME", home.toString(), Environment.CREDENTIAL_STORE, "file"), properties),
                args);
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] {"", "setup", "status", "uninstall", "run"}) {
            Result result = command.isEmpty() ? run("collector", "--help") : run("collector", command, "--help");
            assertThat(result.exitCode()).as(command).isZero();
            assertThat(result.out())
                    .as(command)
                    .contains("Usage: spendline collector" + (command.isEmpty() ? "" : " " + command));
        }
        assertThat(run("collector", "setup", "--help").out())
                .contains("--no-browser", "--no-service", "--team", "--port");
        assertThat(run("--help").out()).contains("collector");
    }

    @Test
    void setupWithTheDeviceGrantPatchesBothAgentsAndARerunChangesNothingAndUninstallRestoresThem() throws Exception {
        Path claude = home.resolve(".claude/settings.json");
        Path codex = home.resolve(".codex/config.toml");
        Files.createDirectories(claude.getParent());
        Files.createDirectories(codex.getParent());
        Files.writeString(claude, CLAUDE);
        Files.writeString(codex, CODEX);
        spendline.deviceAnswers.add("authorization_pending");

        Result setup = run(
                "collector",
                "setup",
                "--url",
                spendline.url(),
                "--no-browser",
                "--no-service",
                "--team",
                "Platform",
                "--port",
                "4999");
        assertThat(setup.exitCode()).as(setup.toString()).isZero();
        assertThat(setup.out())
                .contains("Code: WDJB-MJHT")
                .contains("Open: " + spendline.url() + "/activate")
                .contains("Signed in as ada@example.com in workspace Acme.")
                .contains("Claude Code: updated " + claude)
                .contains("+    \"OTEL_EXPORTER_OTLP_ENDPOINT\": \"http://127.0.0.1:4999\"")
                .contains("Codex: updated " + codex)
                .contains("No service installed (--no-service)")
                .contains("Restart running Claude Code and Codex sessions");
        assertThat(setup.err())
                .contains("warning: saved the secret in " + home.resolve(".config/spendline/collector-credentials"));
        CollectorConfig config =
                CollectorConfig.read(CollectorPaths.of(environmentFor())).orElseThrow();
        assertThat(config.email()).isEqualTo("ada@example.com");
        assertThat(config.team()).isEqualTo("Platform");
        assertThat(config.port()).isEqualTo(4999);
        assertThat(config.store()).isEqualTo("file");
        assertThat(Files.readString(claude))
                .contains("\"OTEL_EXPORTER_OTLP_HEADERS\": \"x-spendline-collector=" + config.receiverToken() + "\"");
        assertThat(Files.readString(codex)).contains("\"x-spendline-collector\" = \"" + config.receiverToken() + "\"");
        byte[] claudeAfter = Files.readAllBytes(claude);
        byte[] codexAfter = Files.readAllBytes(codex);
        String firstRefreshToken = spendline.currentRefreshToken;

        Result rerun = run("collector", "setup", "--url", spendline.url(), "--no-browser", "--no-service");
        assertThat(rerun.exitCode()).as(rerun.toString()).isZero();
        assertThat(rerun.out())
                .contains("Claude Code: " + claude + " is already set up; unchanged.")
                .contains("Codex: " + codex + " is already set up; unchanged.");
        assertThat(Files.readAllBytes(claude)).isEqualTo(claudeAfter);
        assertThat(Files.readAllBytes(codex)).isEqualTo(codexAfter);
        assertThat(spendline.revoked).containsExactly(firstRefreshToken);

        Result status = run("collector", "status", "--json");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        JsonNode json = Json.mapper().readTree(status.out());
        assertThat(json.at("/session/email").asString()).isEqualTo("ada@example.com");
        assertThat(json.at("/session/workspaceName").asString()).isEqualTo("Acme");
        assertThat(json.at("/session/refreshable").asBoolean()).isTrue();
        assertThat(json.at("/receiver/port").asInt()).isEqualTo(4999);
        assertThat(json.at("/delivery/bufferedRows").asLong()).isZero();
        assertThat(run("collector", "status").out()).contains("Session:   ada@example.com in workspace Acme (ws_1)");

        String secondRefreshToken = spendline.currentRefreshToken;
        Result uninstall = run("collector", "uninstall");
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out())
                .contains("Claude Code: restored " + claude)
                .contains("The collector is uninstalled.");
        assertThat(Files.readString(claude)).isEqualTo(CLAUDE);
        assertThat(Files.readString(codex)).isEqualTo(CODEX);
        assertThat(spendline.revoked).contains(secondRefreshToken);
        assertThat(home.resolve(".config/spendline/collector-credentials")).doesNotExist();
        assertThat(home.resolve(".config/spendline/collector.json")).doesNotExist();
        // Nothing else was in them: Spendline's directories go, the shared parents stay.
        assertThat(home.resolve(".config/spendline")).doesNotExist();
        assertThat(home.resolve(".local/state/spendline")).doesNotExist();
        assertThat(home.resolve(".config")).isDirectory();
        assertThat(run("collector", "status").exitCode()).isEqualTo(3);
    }

    @Test
    void statusCountsDeliveredRejectedAndDroppedRows() throws Exception {
        Result setup = run("collector", "setup", "--url", spendline.url(), "--no-browser", "--no-service");
        assertThat(setup.exitCode()).as(setup.toString()).isZero();
        // Before run counted anything: every counter is there, at 0.
        JsonNode before =
                Json.mapper().readTree(run("collector", "status", "--json").out());
        assertThat(before.at("/delivery/deliveredRows").asLong(-1)).isZero();
        assertThat(before.at("/delivery/rejectedRows").asLong(-1)).isZero();
        assertThat(before.at("/delivery/droppedRows").asLong(-1)).isZero();
        assertThat(run("collector", "status").out())
                .contains("Rows:      0 delivered, 0 rejected (refused for good), 0 dropped (buffer full)");

        // What run records as it delivers (the state file status reads).
        CollectorState state =
                CollectorState.read(CollectorPaths.of(environmentFor()).state());
        state.delivered(12);
        state.rejected(2, "400 invalid_row");
        state.dropped(3);

        JsonNode after =
                Json.mapper().readTree(run("collector", "status", "--json").out());
        assertThat(after.at("/delivery/deliveredRows").asLong()).isEqualTo(12);
        assertThat(after.at("/delivery/rejectedRows").asLong()).isEqualTo(2);
        assertThat(after.at("/delivery/droppedRows").asLong()).isEqualTo(3);
        assertThat(run("collector", "status").out())
                .contains("Rows:      12 delivered, 2 rejected (refused for good), 3 dropped (buffer full)")
                .contains("Last error: rejected 2 row(s): 400 invalid_row");
    }

    @Test
    void uninstallKeepsSpendlinesDirectoriesThatHoldSomethingElse() throws Exception {
        Path other = home.resolve(".config/spendline/cli.properties");
        Files.createDirectories(other.getParent());
        Files.writeString(other, "url=http://127.0.0.1:8080\n");
        Result setup = run("collector", "setup", "--url", spendline.url(), "--no-browser", "--no-service");
        assertThat(setup.exitCode()).as(setup.toString()).isZero();

        Result uninstall = run("collector", "uninstall");

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(other).hasContent("url=http://127.0.0.1:8080\n");
        assertThat(home.resolve(".config/spendline/collector.json")).doesNotExist();
        assertThat(home.resolve(".local/state/spendline")).doesNotExist();
    }

    /** Issue #28 (9): the collector printed workspace_name raw; ESC, BEL, CR, LF and RLO must not reach the terminal. */
    @Test
    void aHostileWorkspaceNameIsPrintedEscapedAndQuarantinedRowsAreCounted() throws Exception {
        spendline.workspaceName = "Acme\u001b]0;owned\u0007\r\nSigned in as root\u202eevil";
        Result setup = run("collector", "setup", "--url", spendline.url(), "--no-browser", "--no-service");
        assertThat(setup.exitCode()).as(setup.toString()).isZero();
        assertThat(setup.out())
                .contains("in workspace Acme\\u001b]0;owned\\u0007\\u000d\\u000aSigned in as root\\u202eevil.")
                .doesNotContain("\u001b", "\u0007", "\r", "\u202e");

        Path quarantine = CollectorPaths.of(environmentFor()).quarantine();
        Files.writeString(quarantine, "{\"reason\":\"400\",\"row\":{}}\n{\"reason\":\"400\",\"row\":{}}\n");
        Result status = run("collector", "status");
        assertThat(status.out())
                .contains("Quarantine: 2 row(s) quarantined (refused for good), see " + quarantine)
                .contains("Session:   ada@example.com in workspace Acme\\u001b]0;owned")
                .doesNotContain("\u001b", "\u0007", "\r", "\u202e");
        Result json = run("collector", "status", "--json");
        assertThat(json.out()).doesNotContain("\u001b", "\u0007", "\r", "\u202e");
        JsonNode parsed = Json.mapper().readTree(json.out());
        assertThat(parsed.at("/session/workspaceName").asString()).isEqualTo(spendline.workspaceName);
        assertThat(parsed.at("/delivery/quarantinedRows").asLong()).isEqualTo(2);
        assertThat(parsed.at("/delivery/quarantineFile").asString()).isEqualTo(quarantine.toString());
    }

    @Test
    void runWithoutSetupSaysWhatToRun() {
        Result result = run("collector", "run");
        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.err()).contains("The collector is not set up").contains("spendline collector setup");
    }

    private Environment environmentFor() {
        Properties properties = new Properties();
        properties.setProperty("user.home", "/nonexistent-home-of-the-jvm");
        return new Environment(Map.of("HOME", home.toString()), properties);
    }
}
