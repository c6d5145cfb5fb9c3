package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.SetupLinks;
import dev.spendline.standalone.Standalone;
import dev.spendline.standalone.collector.DeviceApproval;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Issue #18's acceptance, end to end with nothing faked but the model APIs: a real standalone, the
 * {@code spendline} CLI as a subprocess ({@code collector setup --no-service --no-browser}, the
 * device code approved through the real sign-in by {@link DeviceApproval}; {@code collector run};
 * {@code collector uninstall}), and the real Claude Code and Codex from the npm registry answered by
 * {@link FakeAnthropicApi} and {@link FakeOpenAiApi} with known usage, in one private HOME whose
 * settings files setup patches.
 *
 * <p>Each test has its own workspace (the owner's, chosen on the consent page) and API key, so its
 * report holds its rows only. The standalone issues collector access tokens for {@value #TOKEN_TTL}:
 * every test runs on refreshed sessions, and one waits out a token's whole validity.
 *
 * <p>Figures: Claude Code's one model call reports 1,000 input, 300 cache-creation, 200 cache-read
 * and 40 output tokens; Claude Code prices them itself (claude-opus-4-8: 5 / 6.25 / 0.50 / 25 USD
 * per million) at 0.007975 USD, which the row carries ({@code costBasis=reported}). Codex's one call
 * reports 1,200 input tokens of which 200 cached, and 30 output tokens; the service prices them
 * from its price book (gpt-5-codex: 1.25 / 0.125 / 10.00): 1000 × 1.25 + 200 × 0.125 + 30 × 10 =
 * 1,575 micro-dollars.
 */
class CollectorAgentsIT {

    private static final String TOKEN_TTL = "5s";
    private static final String EMAIL = "ada@example.com";
    private static final String NAME = "Ada Lovelace";
    private static final String PASSWORD = "a long enough password";
    private static final String TEAM = "Platform";

    static final FakeAnthropicApi.Usage CLAUDE_USAGE = new FakeAnthropicApi.Usage(1000, 300, 200, 40);
    static final BigDecimal CLAUDE_COST = new BigDecimal("0.007975");
    static final FakeOpenAiApi.Usage CODEX_USAGE = new FakeOpenAiApi.Usage(1200, 200, 30, 10);
    /** gpt-5-codex in the bundled price book (2025-09-15): input, cached input, output per million. */
    static final BigDecimal CODEX_COST = new BigDecimal("1000")
            .multiply(new BigDecimal("1.25"))
            .add(new BigDecimal("200").multiply(new BigDecimal("0.125")))
            .add(new BigDecimal("30").multiply(new BigDecimal("10.00")))
            .movePointLeft(6);

    private static final Pattern CODE = Pattern.compile("^Code:\\s*(\\S+)");
    private static final Duration SETUP = Duration.ofSeconds(90);
    private static final Duration EVENTUALLY = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final AtomicInteger WORKSPACES = new AtomicInteger();

    private static Path dataDir;
    private static int port;
    private static Standalone spendline;
    private static FakeAnthropicApi anthropic;
    private static FakeOpenAiApi openai;

    @BeforeAll
    static void start() throws Exception {
        NodeClients.requireOrSkip();
        dataDir = Files.createTempDirectory("spendline-collector-agents-it");
        port = FreePorts.loopback();
        spendline = startSpendline();
        // Ada creates her account through the first start's setup link, as a person would (form, CSRF, cookie).
        SetupLinks.claim(spendline.setupLink().orElseThrow(), EMAIL, NAME, PASSWORD);
        anthropic = FakeAnthropicApi.start(request -> FakeAnthropicApi.Reply.text("Hi from Claude"), CLAUDE_USAGE);
        openai = FakeOpenAiApi.start("Hi from Codex", CODEX_USAGE);
    }

    @AfterAll
    static void stop() {
        if (anthropic != null) {
            anthropic.close();
        }
        if (openai != null) {
            openai.close();
        }
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void onePromptInEachAgentIsExactlyOneUsageRowEachWithTheEmployeeToolModelTokensAndCost() throws Exception {
        Tenant tenant = newWorkspace();
        Machine machine = new Machine();
        String claudeBefore = machine.claudeSettings();
        setup(machine, tenant);

        // Setup pointed both agents at the collector and kept what was there.
        JsonNode claudeEnv = JSON.readTree(machine.claudeSettings()).get("env");
        assertThat(claudeEnv.get("CLAUDE_CODE_ENABLE_TELEMETRY").asString()).isEqualTo("1");
        assertThat(claudeEnv.get("OTEL_EXPORTER_OTLP_ENDPOINT").asString()).contains("127.0.0.1:" + machine.port);
        assertThat(claudeEnv.get("OTEL_RESOURCE_ATTRIBUTES").asString()).contains("user.email=" + EMAIL);
        assertThat(claudeEnv.get("KEEP_ME").asString()).isEqualTo("yes");
        assertThat(JSON.readTree(machine.claudeSettings()).get("permissions"))
                .isEqualTo(JSON.readTree("{\"allow\": [\"Bash(git status)\"]}"));
        assertThat(machine.claudeSettings()).isNotEqualTo(claudeBefore);
        String codexConfig = machine.codexConfig();
        assertThat(codexConfig).contains("[otel]", "127.0.0.1:" + machine.port, "/v1/logs");
        assertThat(codexConfig).contains("[model_providers.spendline-fake]", openai.baseUrl());

        try (SpendlineCliProcess.Running collector = machine.run()) {
            NodeClients.Result claudeResult = machine.claude.print("say hi").assertSucceeded();
            NodeClients.Result codexResult = machine.codex.exec("say hi").assertSucceeded();
            assertThat(claudeResult.stdout()).contains("Hi from Claude");
            assertThat(codexResult.stdout()).contains("Hi from Codex");

            String claudeModel = lastClaudeModel();
            JsonNode byTool = awaitRows(tenant, "tool", 2);
            assertRow(row(byTool, "claude_code"), CLAUDE_COST, 1500, 200, 40);
            assertRow(row(byTool, "codex"), CODEX_COST, 1200, 200, 30);

            JsonNode byEmployee = report(tenant, "employee");
            assertThat(byEmployee.get("rows")).hasSize(1);
            assertRow(row(byEmployee, EMAIL), 2, CLAUDE_COST.add(CODEX_COST), 2700, 400, 70);

            JsonNode byModel = report(tenant, "model");
            assertRow(row(byModel, claudeModel), CLAUDE_COST, 1500, 200, 40);
            assertRow(row(byModel, FakeOpenAiApi.MODEL), CODEX_COST, 1200, 200, 30);
            JsonNode byTeam = report(tenant, "team");
            assertThat(row(byTeam, TEAM).get("measures").get("calls").asInt()).isEqualTo(2);
            JsonNode byCategory = report(tenant, "category");
            assertThat(row(byCategory, "coding_agent")
                            .get("measures")
                            .get("calls")
                            .asInt())
                    .isEqualTo(2);

            // Nothing else trickles in: no second row from the metrics or from Codex's second completed record.
            Thread.sleep(3_000);
            assertThat(report(tenant, "employee").get("totals").get("calls").asInt())
                    .isEqualTo(2);
            assertThat(collector.process().isAlive()).as(collector.output()).isTrue();
            JsonNode status = machine.status();
            assertThat(status.get("session").get("email").asString()).isEqualTo(EMAIL);
            assertThat(status.get("session").get("team").asString()).isEqualTo(TEAM);
            assertThat(status.get("receiver").get("listening").asBoolean()).isTrue();
            assertThat(status.get("delivery").get("bufferedRows").asInt()).isZero();
            assertThat(status.get("delivery").get("deliveredRows").asInt()).isEqualTo(2);
        }
    }

    @Test
    void rowsSpooledWhileSpendlineIsDownAreDeliveredExactlyOnceByTheRestartedCollector() throws Exception {
        Tenant tenant = newWorkspace();
        Machine machine = new Machine();
        setup(machine, tenant);

        try (SpendlineCliProcess.Running collector = machine.run()) {
            spendline.close();
            spendline = null;
            try {
                machine.claude.print("say hi").assertSucceeded();
                machine.codex.exec("say hi").assertSucceeded();
                // Both rows wait in the collector's spool; it cannot deliver them and is killed.
                Thread.sleep(2_000);
                assertThat(machine.status().get("delivery").get("bufferedRows").asInt())
                        .isEqualTo(2);
                collector.kill();
                JsonNode status = machine.status();
                assertThat(status.get("delivery").get("bufferedRows").asInt()).isEqualTo(2);
                assertThat(status.get("receiver").get("listening").asBoolean()).isFalse();
            } finally {
                spendline = startSpendline();
            }
        }
        try (SpendlineCliProcess.Running restarted = machine.run()) {
            JsonNode byTool = awaitRows(tenant, "tool", 2);
            assertRow(row(byTool, "claude_code"), CLAUDE_COST, 1500, 200, 40);
            assertRow(row(byTool, "codex"), CODEX_COST, 1200, 200, 30);
            restarted.kill();
        }
        // Killed once more right after delivering, and restarted: nothing is sent twice.
        try (SpendlineCliProcess.Running again = machine.run()) {
            Thread.sleep(3_000);
            JsonNode byTool = report(tenant, "tool");
            assertThat(byTool.get("totals").get("calls").asInt()).isEqualTo(2);
            assertThat(row(byTool, "claude_code").get("measures").get("calls").asInt())
                    .isEqualTo(1);
            assertThat(row(byTool, "codex").get("measures").get("calls").asInt())
                    .isEqualTo(1);
        }
    }

    @Test
    void rowsReceivedJustBeforeTheCollectorIsKilledAreDeliveredExactlyOnceAfterItsRestart() throws Exception {
        Tenant tenant = newWorkspace();
        Machine machine = new Machine();
        setup(machine, tenant);

        try (SpendlineCliProcess.Running collector = machine.run()) {
            machine.claude.print("say hi").assertSucceeded();
            machine.codex.exec("say hi").assertSucceeded();
            // An agent may still be exporting when its command returns (Codex's exporter flushes at
            // exit, with its own timeout): kill only once both rows were received, spooled or sent.
            awaitReceived(machine, tenant, 2);
            collector.kill();
        }
        try (SpendlineCliProcess.Running restarted = machine.run()) {
            JsonNode byTool = awaitRows(tenant, "tool", 2);
            Thread.sleep(3_000);
            byTool = report(tenant, "tool");
            assertThat(byTool.get("totals").get("calls").asInt()).isEqualTo(2);
            assertRow(row(byTool, "claude_code"), CLAUDE_COST, 1500, 200, 40);
            assertRow(row(byTool, "codex"), CODEX_COST, 1200, 200, 30);
        }
    }

    @Test
    void theCollectorRefreshesItsSessionOnceTheAccessTokenHasExpired() throws Exception {
        Tenant tenant = newWorkspace();
        Machine machine = new Machine();
        setup(machine, tenant);

        try (SpendlineCliProcess.Running collector = machine.run()) {
            machine.claude.print("say hi").assertSucceeded();
            awaitRows(tenant, "tool", 1);
            String session = Files.readString(machine.sessionFile());
            // Past the token's lifetime and the server's 1 s of clock skew: whatever the collector
            // held when it started is refused now.
            Thread.sleep(Duration.parse("PT" + TOKEN_TTL.toUpperCase())
                    .plusSeconds(3)
                    .toMillis());
            machine.codex.exec("say hi").assertSucceeded();
            JsonNode byTool = awaitRows(tenant, "tool", 2);
            assertRow(row(byTool, "codex"), CODEX_COST, 1200, 200, 30);
            assertThat(collector.process().isAlive()).as(collector.output()).isTrue();
            assertThat(Files.readString(machine.sessionFile()))
                    .as("the stored refresh token, rotated by a refresh")
                    .isNotEqualTo(session);
        }
    }

    @Test
    void agentsAnswerUnaffectedWhenTheCollectorIsNotRunning() throws Exception {
        Tenant tenant = newWorkspace();
        Machine machine = new Machine();
        setup(machine, tenant);

        long started = System.nanoTime();
        NodeClients.Result claudeResult = machine.claude.print("say hi").assertSucceeded();
        NodeClients.Result codexResult = machine.codex.exec("say hi").assertSucceeded();
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;

        assertThat(claudeResult.stdout()).contains("Hi from Claude");
        assertThat(codexResult.stdout()).contains("Hi from Codex");
        assertThat(seconds).as("both runs, in seconds").isLessThan(60);
        assertThat(report(tenant, "tool").get("rows")).isEmpty();
    }

    @Test
    void setupIsIdempotentAndUninstallRestoresTheOriginalSettingsByteForByte() throws Exception {
        Tenant tenant = newWorkspace();
        Machine machine = new Machine();
        byte[] claudeOriginal = Files.readAllBytes(machine.claudeSettingsFile());
        byte[] codexOriginal = Files.readAllBytes(machine.codex.configFile());

        setup(machine, tenant);
        byte[] claudePatched = Files.readAllBytes(machine.claudeSettingsFile());
        byte[] codexPatched = Files.readAllBytes(machine.codex.configFile());
        assertThat(claudePatched).isNotEqualTo(claudeOriginal);
        assertThat(codexPatched).isNotEqualTo(codexOriginal);

        SpendlineCliProcess.Running rerun = setup(machine, tenant);
        assertThat(Files.readAllBytes(machine.claudeSettingsFile())).isEqualTo(claudePatched);
        assertThat(Files.readAllBytes(machine.codex.configFile())).isEqualTo(codexPatched);
        assertThat(rerun.output()).containsIgnoringCase("restart");

        machine.cli
                .run("uninstall", List.of("collector", "uninstall"), Duration.ofSeconds(60))
                .assertSucceeded(Duration.ofSeconds(1));
        assertThat(Files.readAllBytes(machine.claudeSettingsFile())).isEqualTo(claudeOriginal);
        assertThat(Files.readAllBytes(machine.codex.configFile())).isEqualTo(codexOriginal);
        try (var files = Files.walk(machine.cli.configDir())) {
            assertThat(files.map(Path::getFileName).map(Path::toString))
                    .as("the session is removed")
                    .noneMatch(name -> name.contains("credential"));
        } catch (java.nio.file.NoSuchFileException gone) {
            // The whole configuration directory removed: the session with it.
        }
    }

    // A developer's machine: one HOME for the agents and the CLI, with settings of their own.

    private final class Machine {
        final NodeClients.Home home = NodeClients.newHome("collector");
        final ClaudeCode claude = ClaudeCode.in(home, anthropic);
        final Codex codex = Codex.in(home, openai);
        final SpendlineCliProcess cli = new SpendlineCliProcess(home);
        final int port = FreePorts.loopback();

        Machine() throws IOException {
            // Unrelated settings that setup must keep and uninstall must give back unchanged.
            Files.createDirectories(claudeSettingsFile().getParent());
            Files.writeString(
                    claudeSettingsFile(),
                    "{\n  \"permissions\": {\n    \"allow\": [\"Bash(git status)\"]\n  },\n"
                            + "  \"env\": {\n    \"KEEP_ME\": \"yes\"\n  }\n}\n");
        }

        Path claudeSettingsFile() {
            return home.dir().resolve(".claude/settings.json");
        }

        String claudeSettings() throws IOException {
            return Files.readString(claudeSettingsFile());
        }

        String codexConfig() throws IOException {
            return Files.readString(codex.configFile());
        }

        /** Where the session (the refresh token) is kept with {@code SPENDLINE_CREDENTIAL_STORE=file}. */
        Path sessionFile() {
            return cli.configDir().resolve("collector-credentials");
        }

        /** {@code collector status --json}: what it printed as JSON (its standard error may precede it). */
        JsonNode status() {
            SpendlineCliProcess.Running status =
                    cli.run("status", List.of("collector", "status", "--json"), Duration.ofSeconds(60));
            String output = status.output();
            assertThat(status.process().exitValue()).as(output).isZero();
            return JSON.readTree(output.substring(output.indexOf('{'), output.lastIndexOf('}') + 1));
        }

        /** {@code collector run --port N}, once it listens. */
        SpendlineCliProcess.Running run() {
            SpendlineCliProcess.Running running =
                    cli.start("run", List.of("collector", "run", "--port", String.valueOf(port)));
            running.awaitLine(Pattern.compile("Listening on"), Duration.ofSeconds(60));
            return running;
        }
    }

    /**
     * {@code collector setup --url URL --no-service --no-browser --team Platform --port N}: the code it
     * prints approved by Ada for the tenant's workspace; fails unless setup then exits 0.
     */
    private static SpendlineCliProcess.Running setup(Machine machine, Tenant tenant) throws Exception {
        SpendlineCliProcess.Running setup = machine.cli.start(
                "setup",
                List.of(
                        "collector",
                        "setup",
                        "--url",
                        spendline.baseUrl(),
                        "--no-service",
                        "--no-browser",
                        "--team",
                        TEAM,
                        "--port",
                        String.valueOf(machine.port)));
        String code = setup.awaitLine(CODE, SETUP);
        DeviceApproval.approve(
                spendline.baseUrl(), EMAIL, PASSWORD, code, tenant.workspace().name());
        return setup.assertSucceeded(SETUP);
    }

    // The service.

    private record Tenant(Workspace workspace, String key) {}

    private static Standalone startSpendline() {
        // One second of clock skew instead of 60: the refresh test waits past the token's expiry.
        return Standalone.start(
                dataDir,
                port,
                0,
                2,
                Map.of("spendline.oauth.access-token-ttl", TOKEN_TTL, "spendline.oauth.clock-skew", "1s"));
    }

    /** A workspace of Ada's (she owns it), with an API key for the reports. */
    private static Tenant newWorkspace() {
        var ctx = spendline.context();
        Workspace workspace =
                ctx.getBean(WorkspaceRepository.class).create("Agents " + WORKSPACES.incrementAndGet(), Plan.TEAM);
        String userId = ctx.getBean(UserRepository.class)
                .findByEmail(EMAIL)
                .orElseThrow()
                .id();
        ctx.getBean(MembershipRepository.class).add(workspace.id(), userId, Role.OWNER);
        String key = ctx.getBean(ApiKeyRepository.class)
                .issue(workspace.id(), "reports")
                .secret();
        return new Tenant(workspace, key);
    }

    /** {@code GET /api/v1/reports/spend?usage=internal&by=BY} over this month and today. */
    private static JsonNode report(Tenant tenant, String by) throws IOException, InterruptedException {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String query = "usage=internal&by=" + by + "&from=" + today.minusDays(1) + "&to=" + today;
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(spendline.baseUrl() + "/api/v1/reports/spend?" + query))
                        .header("authorization", "Bearer " + tenant.key())
                        .timeout(Duration.ofSeconds(10))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** The report by {@code by} once it counts {@code calls} rows in all (fails after a minute with the last answer). */
    private static JsonNode awaitRows(Tenant tenant, String by, int calls) throws Exception {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = report(tenant, by);
                if (last.get("totals").get("calls").asInt() >= calls) {
                    return last;
                }
            } catch (AssertionError notYet) {
                // 503 while the workspace's data is restoring after a restart.
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the report by " + by + " did not count " + calls + " rows within " + EVENTUALLY
                + "; last answer: " + last);
    }

    /**
     * Waits until the collector has received {@code rows} rows: those still in its spool plus those
     * the report already counts (a row being sent is in both, hence at least).
     */
    private static void awaitReceived(Machine machine, Tenant tenant, int rows) throws Exception {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        int seen = 0;
        while (System.nanoTime() < deadline) {
            try {
                int buffered =
                        machine.status().get("delivery").get("bufferedRows").asInt();
                int counted = report(tenant, "tool").get("totals").get("calls").asInt();
                seen = buffered + counted;
                if (seen >= rows) {
                    return;
                }
            } catch (AssertionError notYet) {
                // 503 while the workspace's data is loading.
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the collector received " + seen + " of " + rows + " rows within " + EVENTUALLY);
    }

    private static JsonNode row(JsonNode report, String value) {
        for (JsonNode row : report.get("rows")) {
            if (value.equals(row.get("value").asString(null))) {
                return row;
            }
        }
        throw new AssertionError("no row " + value + " in " + report);
    }

    /** One model call's row: one call with that cost and those tokens. */
    private static void assertRow(JsonNode row, BigDecimal cost, long input, long cacheRead, long output) {
        assertRow(row, 1, cost, input, cacheRead, output);
    }

    private static void assertRow(JsonNode row, int calls, BigDecimal cost, long input, long cacheRead, long output) {
        JsonNode m = row.get("measures");
        assertThat(m.get("calls").asInt()).as("calls of %s", row).isEqualTo(calls);
        assertThat(m.get("costUsd").decimalValue()).as("cost of %s", row).isEqualByComparingTo(cost);
        assertThat(m.get("inputTokens").asLong()).as("input tokens of %s", row).isEqualTo(input);
        assertThat(m.get("cacheReadTokens").asLong())
                .as("cached input tokens of %s", row)
                .isEqualTo(cacheRead);
        assertThat(m.get("outputTokens").asLong())
                .as("output tokens of %s", row)
                .isEqualTo(output);
    }

    /** The model Claude Code asked the fake for in its last message (what its telemetry names). */
    private static String lastClaudeModel() {
        List<FakeAnthropicApi.Exchange> messages = anthropic.messages();
        return messages.get(messages.size() - 1).body().get("model").asString();
    }
}
