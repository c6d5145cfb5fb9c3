package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * The {@code spendline} command, run in-process through its real command line, against the real
 * standalone process over HTTP: every command plain and with {@code --json}, and the error paths
 * (refused key, no login, FREE workspace, wrong and expired confirmations, unreachable service).
 * The credential store is the user-only file here; {@link CliProcessIT} covers the OS store.
 */
class CliIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(20);
    static final Pattern CONFIRM_COMMAND =
            Pattern.compile("spendline action confirm --token '(sct_[A-Za-z0-9_-]{43})' --phrase '([a-z ]+ [0-9]{4})'");
    private static final SkippingClock ACTIONS_CLOCK = new SkippingClock();

    private static Standalone spendline;
    private static SpendlineHttp http;

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-cli-it");
        ApplicationContextInitializer<ConfigurableApplicationContext> clock =
                context -> context.getBeanFactory().registerSingleton("skippingClock", ACTIONS_CLOCK);
        spendline = Standalone.start(dataDir, FreePorts.loopback(), null, 0, 2, Map.of(), List.of(clock));
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    record Key(String workspaceId, String secret) {}

    static Key newKey(Standalone spendline, Plan plan) {
        var ctx = spendline.context();
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("cli", plan);
        return new Key(
                ws.id(),
                ctx.getBean(ApiKeyRepository.class).issue(ws.id(), "cli").secret());
    }

    private Path configDir() {
        return home.resolve("config/spendline");
    }

    /** The CLI with the service URL, this test's config dir, the file store, and {@code extra} variables. */
    private CliRunner.Result cli(Map<String, String> extra, String... args) {
        Map<String, String> variables = new HashMap<>();
        variables.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        variables.put("SPENDLINE_URL", spendline.baseUrl());
        variables.put("SPENDLINE_CREDENTIAL_STORE", "file");
        variables.putAll(extra);
        return CliRunner.inProcess(variables, home, args);
    }

    private CliRunner.Result cli(String... args) {
        return cli(Map.of(), args);
    }

    private static Map<String, String> withKey(Key key) {
        return Map.of("SPENDLINE_API_KEY", key.secret());
    }

    @Test
    void loginSavesTheKeyInAUserOnlyFileWithAWarningAndLogoutRemovesIt() throws Exception {
        Key key = newKey(spendline, Plan.TEAM);
        Path credentials = configDir().resolve("credentials");

        CliRunner.Result login = cli(withKey(key), "auth", "login");
        assertThat(login.exitCode()).as(login.toString()).isZero();
        assertThat(login.out())
                .contains("Logged in to " + spendline.baseUrl() + " (workspace " + key.workspaceId() + ")");
        assertThat(login.errLines()).singleElement().asString().startsWith("warning: saved the key in " + credentials);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(credentials)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(configDir())))
                .isEqualTo("rwx------");
        assertThat(Files.readString(credentials).trim()).isEqualTo(key.secret());
        String config = Files.readString(configDir().resolve("config.json"));
        assertThat(config).contains("\"store\" : \"file\"", key.workspaceId()).doesNotContain(key.secret());

        // Later commands use the saved key and URL: no SPENDLINE_API_KEY, no SPENDLINE_URL.
        CliRunner.Result status = cli(Map.of("SPENDLINE_URL", ""), "auth", "status");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out())
                .contains("workspace " + key.workspaceId(), "The key is in " + credentials)
                .doesNotContain(key.secret());
        JsonNode statusJson = cli("auth", "status", "--json").json();
        assertThat(statusJson.get("workspaceId").asString()).isEqualTo(key.workspaceId());
        assertThat(statusJson.get("store").asString()).isEqualTo("file");
        assertThat(statusJson.get("location").asString()).isEqualTo(credentials.toString());
        assertThat(statusJson.toString()).doesNotContain(key.secret());

        CliRunner.Result logout = cli("auth", "logout");
        assertThat(logout.exitCode()).as(logout.toString()).isZero();
        assertThat(logout.out()).contains("Removed the saved credential from the credentials file");
        assertThat(credentials).doesNotExist();
        CliRunner.Result after = cli("auth", "status");
        assertThat(after.exitCode()).isEqualTo(3);
        assertThat(after.errLines())
                .containsExactly("spendline: Not logged in: set SPENDLINE_API_KEY and run 'spendline auth login'");
        assertThat(cli("--json", "auth", "logout").json().get("removed").size()).isZero();

        JsonNode loginJson = cli(withKey(key), "--json", "auth", "login").json();
        assertThat(loginJson.get("store").asString()).isEqualTo("file");
        assertThat(loginJson.get("workspaceId").asString()).isEqualTo(key.workspaceId());
        assertThat(cli("auth", "logout", "--json").json().get("removed").toString())
                .isEqualTo("[\"file\"]");
    }

    @Test
    void aRefusedKeyIsOneLineAndExitThreeAndNothingIsSaved() {
        String bogus = "spl_" + "x".repeat(43);
        CliRunner.Result login = cli(Map.of("SPENDLINE_API_KEY", bogus), "auth", "login");
        assertThat(login.exitCode()).as(login.toString()).isEqualTo(3);
        assertThat(login.errLines())
                .singleElement()
                .asString()
                .startsWith("spendline: The service refused the API key");
        assertThat(login.out()).isEmpty();
        assertThat(configDir()).doesNotExist();

        CliRunner.Result json = cli(Map.of("SPENDLINE_API_KEY", bogus), "auth", "login", "--json");
        assertThat(json.exitCode()).isEqualTo(3);
        assertThat(json.json().get("code").asString()).isEqualTo("unauthorized");
        assertThat(configDir()).doesNotExist();

        CliRunner.Result missing = cli("auth", "login");
        assertThat(missing.exitCode()).isEqualTo(3);
        assertThat(missing.errLines()).singleElement().asString().contains("Set SPENDLINE_API_KEY");
        assertThat(cli("auth", "login", "--json").json().get("code").asString()).isEqualTo("missing_api_key");
    }

    @Test
    void withoutALoginEveryServiceCommandSaysHowToLogIn() {
        for (List<String> command : List.of(
                List.of("ask", "spend by feature this month"),
                List.of("action", "confirm", "--token", "sct_x", "--phrase", "create budget 1234"),
                List.of("action", "prepare-shadow-guardrail", "exp-1"))) {
            CliRunner.Result plain = cli(command.toArray(String[]::new));
            assertThat(plain.exitCode()).as(plain.toString()).isEqualTo(3);
            assertThat(plain.errLines()).singleElement().asString().contains("Not logged in");
            CliRunner.Result json = cli(concat(command, "--json"));
            assertThat(json.exitCode()).isEqualTo(3);
            assertThat(json.json().get("code").asString()).isEqualTo("not_logged_in");
        }
    }

    @Test
    void askPrintsTheAnswerATableAndTheLinkAndJsonPrintsTheServiceAnswer() {
        Key key = newKey(spendline, Plan.TEAM);
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(http.post(
                                "/api/v1/events",
                                key.secret(),
                                SpendlineHttp.batch(List.of(
                                        SpendlineHttp.eventAt("q-1", "search", "1234.5", now),
                                        SpendlineHttp.eventAt("q-2", "support-bot", "310.25", now),
                                        SpendlineHttp.eventAt("q-3", "search", "0.004", now))))
                        .status())
                .isEqualTo(202);
        http.await(
                SpendlineHttp.REPORT_ALL,
                key.secret(),
                EVENTUALLY,
                r -> r.get("totals").get("costUsd").decimalValue().compareTo(new java.math.BigDecimal("1544.754"))
                        == 0);
        String question = "What did we spend by feature this month?";

        CliRunner.Result json = cli(withKey(key), "ask", question, "--json");
        assertThat(json.exitCode()).as(json.toString()).isZero();
        JsonNode answer = json.json();
        assertThat(answer.get("answered").asBoolean()).isTrue();
        assertThat(answer.get("question").asString()).isEqualTo(question);
        assertThat(answer.get("tool").get("name").asString()).isEqualTo("spend_by");
        assertThat(answer.get("data").get("rows").findValuesAsString("value")).containsExactly("search", "support-bot");
        // Unchanged: the same fields as the endpoint's own answer.
        JsonNode direct = http.post("/api/v1/ask", key.secret(), "{\"question\": \"" + question + "\"}")
                .body();
        assertThat(answer.propertyNames()).containsExactlyElementsOf(direct.propertyNames());
        assertThat(answer.get("data").get("rows")).isEqualTo(direct.get("data").get("rows"));

        CliRunner.Result plain = cli(withKey(key), "ask", "What", "did", "we", "spend", "by", "feature", "this month?");
        assertThat(plain.exitCode()).as(plain.toString()).isZero();
        assertThat(plain.err()).isEmpty();
        System.out.println("spendline ask output:\n" + plain.out());
        assertThat(plain.out())
                .startsWith(answer.get("answer").asString() + "\n")
                .contains(answer.get("interpretation").asString())
                .contains("Dashboard: " + answer.get("dashboardUrl").asString());
        List<String> lines = plain.out().lines().toList();
        String header =
                lines.stream().filter(l -> l.startsWith("feature ")).findFirst().orElseThrow();
        String search =
                lines.stream().filter(l -> l.startsWith("search ")).findFirst().orElseThrow();
        String bot = lines.stream()
                .filter(l -> l.startsWith("support-bot"))
                .findFirst()
                .orElseThrow();
        assertThat(header).containsPattern("^feature +cost +calls +inputTokens +outputTokens$");
        assertThat(search).contains("$1,234.50");
        assertThat(bot).contains("$310.25");
        // Money is right-aligned: the amounts end in the same column.
        int column = header.indexOf("cost") + "cost".length();
        assertThat(search.indexOf("$1,234.50") + "$1,234.50".length()).isEqualTo(column);
        assertThat(bot.indexOf("$310.25") + "$310.25".length()).isEqualTo(column);

        CliRunner.Result bad = cli(withKey(key), "ask", " ");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.errLines()).singleElement().asString().contains("invalid_question", "HTTP 400");
    }

    @Test
    void prepareBudgetChangesNothingAndPrintsTheCommandThatConfirmsItOnce() {
        Key key = newKey(spendline, Plan.TEAM);
        CliRunner.Result prepared = cli(
                withKey(key),
                "action",
                "prepare-budget",
                "--name",
                "Support bot",
                "--limit-usd",
                "500",
                "--scope",
                "FEATURE",
                "--scope-value",
                "support-bot");
        assertThat(prepared.exitCode()).as(prepared.toString()).isZero();
        assertThat(prepared.out())
                .contains(
                        "Prepared (nothing has changed yet): Create a MONTHLY budget 'Support bot' of $500.00 on feature support-bot")
                .contains("Expires at ");
        Matcher command = CONFIRM_COMMAND.matcher(prepared.out());
        assertThat(command.find()).as(prepared.out()).isTrue();
        String token = command.group(1);
        String phrase = command.group(2);
        SpendlineHttp.sleep(500);
        assertThat(http.get("/api/v1/reports/budget-status", key.secret())
                        .body()
                        .get("budgets")
                        .size())
                .isZero();

        String wrong = phrase.substring(0, phrase.length() - 1) + (phrase.endsWith("0") ? "1" : "0");
        CliRunner.Result refused = cli(withKey(key), "action", "confirm", "--token", token, "--phrase", wrong);
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(5);
        assertThat(refused.errLines())
                .singleElement()
                .asString()
                .startsWith("spendline: ")
                .contains("wrong_phrase", "HTTP 422");
        CliRunner.Result refusedJson =
                cli(withKey(key), "action", "confirm", "--token", token, "--phrase", wrong, "--json");
        assertThat(refusedJson.exitCode()).isEqualTo(5);
        assertThat(refusedJson.json().get("code").asString()).isEqualTo("wrong_phrase");
        assertThat(refusedJson.json().get("status").asInt()).isEqualTo(422);

        CliRunner.Result done = cli(withKey(key), "action", "confirm", "--token", token, "--phrase", phrase);
        assertThat(done.exitCode()).as(done.toString()).isZero();
        assertThat(done.out())
                .startsWith("Done: Create a MONTHLY budget 'Support bot'")
                .containsPattern("Id: bud_[a-z2-9]{20}");
        CliRunner.Result again = cli(withKey(key), "action", "confirm", "--token", token, "--phrase", phrase, "--json");
        assertThat(again.exitCode()).isZero();
        assertThat(again.json().get("replayed").asBoolean()).isTrue();
        assertThat(again.json().get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(cli(withKey(key), "action", "confirm", "--token", token, "--phrase", phrase)
                        .out())
                .startsWith("Already done earlier: ");

        JsonNode preparedJson = cli(
                        withKey(key),
                        "--json",
                        "action",
                        "prepare-budget",
                        "--name=Daily",
                        "--limit-usd=40",
                        "--scope=WORKSPACE",
                        "--period=DAILY")
                .json();
        assertThat(preparedJson.get("action").asString()).isEqualTo("create_budget");
        assertThat(preparedJson.get("arguments").get("period").asString()).isEqualTo("DAILY");
        JsonNode confirmed = cli(
                        withKey(key),
                        "action",
                        "confirm",
                        "--json",
                        "--token",
                        preparedJson.get("confirmationToken").asString(),
                        "--phrase",
                        preparedJson.get("confirmationPhrase").asString())
                .json();
        assertThat(confirmed.get("replayed").asBoolean()).isFalse();
        assertThat(confirmed.get("result").get("name").asString()).isEqualTo("Daily");
    }

    @Test
    void prepareAlertSnoozeAndConfirmSnoozeAnOpenAlert() {
        Key key = newKey(spendline, Plan.TEAM);
        // An alert: a 10 USD daily budget and 5.50 USD of calls today (55 %, over the 50 % threshold).
        assertThat(http.post(
                                "/api/v1/budgets",
                                key.secret(),
                                "{\"name\": \"Daily cap\", \"scope\": \"WORKSPACE\", \"period\": \"DAILY\","
                                        + " \"limitUsd\": 10}")
                        .status())
                .isEqualTo(201);
        http.await(
                "/api/v1/reports/budget-status",
                key.secret(),
                EVENTUALLY,
                r -> r.get("budgets").size() == 1);
        assertThat(http.post(
                                "/api/v1/events",
                                key.secret(),
                                SpendlineHttp.batch(
                                        List.of(SpendlineHttp.eventAt("al-1", "search", "5.5", Instant.now()))))
                        .status())
                .isEqualTo(202);
        JsonNode firstAlert = http.await(
                        "/api/v1/reports/active-alerts",
                        key.secret(),
                        EVENTUALLY,
                        r -> r.get("alerts").size() >= 1)
                .get("alerts")
                .get(0);
        String alertId = firstAlert.get("id").asString();
        // INFO at 55 % of the limit; WARNING when, early in the UTC day, the forecast already exceeds
        // it (alerts are judged on Kafka Streams' wall clock): the summary names whichever it is.
        String severity = firstAlert.get("severity").asString();

        CliRunner.Result plain =
                cli(withKey(key), "action", "prepare-alert-snooze", alertId, "--hours", "2", "--reason", "known spike");
        assertThat(plain.exitCode()).as(plain.toString()).isZero();
        assertThat(plain.out())
                .contains("Prepared (nothing has changed yet): Snooze the " + severity + " alert " + alertId);
        assertThat(CONFIRM_COMMAND.matcher(plain.out()).find()).isTrue();

        CliRunner.Result json = cli(
                withKey(key), "action", "prepare-alert-snooze", alertId, "--hours=2", "--reason=known spike", "--json");
        assertThat(json.exitCode()).as(json.toString()).isZero();
        assertThat(json.json().get("confirmationPhrase").asString()).matches("snooze alert [0-9]{4}");
        CliRunner.Result confirmed = cli(
                withKey(key),
                "action",
                "confirm",
                "--token",
                json.json().get("confirmationToken").asString(),
                "--phrase",
                json.json().get("confirmationPhrase").asString());
        assertThat(confirmed.exitCode()).as(confirmed.toString()).isZero();
        assertThat(confirmed.out())
                .startsWith("Done: Snooze the " + severity + " alert")
                .contains("Id: " + alertId);
        http.await(
                "/api/v1/reports/active-alerts",
                key.secret(),
                EVENTUALLY,
                r -> r.get("snoozed").size() == 1);
    }

    @Test
    void anExpiredOrUnknownConfirmationIsExitFive() {
        Key key = newKey(spendline, Plan.TEAM);
        JsonNode prepared = cli(
                        withKey(key),
                        "action",
                        "prepare-budget",
                        "--json",
                        "--name=Late",
                        "--limit-usd=10",
                        "--scope=FEATURE",
                        "--scope-value=chat")
                .json();
        ACTIONS_CLOCK.skip(Duration.ofMinutes(10));
        String[] confirm = {
            "action",
            "confirm",
            "--token",
            prepared.get("confirmationToken").asString(),
            "--phrase",
            prepared.get("confirmationPhrase").asString()
        };
        CliRunner.Result expired = cli(withKey(key), confirm);
        assertThat(expired.exitCode()).as(expired.toString()).isEqualTo(5);
        assertThat(expired.errLines()).singleElement().asString().contains("expired", "HTTP 410");
        CliRunner.Result expiredJson = cli(withKey(key), concat(List.of(confirm), "--json"));
        assertThat(expiredJson.exitCode()).isEqualTo(5);
        assertThat(expiredJson.json().get("code").asString()).isEqualTo("expired");

        CliRunner.Result unknown = cli(
                withKey(key),
                "action",
                "confirm",
                "--token",
                "sct_" + "b".repeat(43),
                "--phrase",
                "create budget 1234");
        assertThat(unknown.exitCode()).isEqualTo(5);
        assertThat(unknown.errLines()).singleElement().asString().contains("unknown_token", "HTTP 404");
    }

    @Test
    void aFreeWorkspaceCannotPrepareAndGetsExitFour() {
        Key free = newKey(spendline, Plan.FREE);
        String[] prepare = {
            "action", "prepare-budget", "--name=x", "--limit-usd=5", "--scope=FEATURE", "--scope-value=a"
        };
        CliRunner.Result plain = cli(withKey(free), prepare);
        assertThat(plain.exitCode()).as(plain.toString()).isEqualTo(4);
        assertThat(plain.errLines()).singleElement().asString().contains("plan_required", "HTTP 403");
        assertThat(plain.out()).isEmpty();
        CliRunner.Result json = cli(withKey(free), concat(List.of(prepare), "--json"));
        assertThat(json.exitCode()).isEqualTo(4);
        assertThat(json.json().get("code").asString()).isEqualTo("plan_required");
    }

    @Test
    void refusedPreparationsCarryTheServiceReasonAndEveryFieldProblem() {
        Key key = newKey(spendline, Plan.TEAM);
        CliRunner.Result unseen = cli(withKey(key), "action", "prepare-shadow-guardrail", "never-sent");
        assertThat(unseen.exitCode()).as(unseen.toString()).isEqualTo(1);
        assertThat(unseen.errLines())
                .singleElement()
                .asString()
                .contains("has not been seen", "guardrail_not_eligible");
        CliRunner.Result unseenJson = cli(withKey(key), "action", "prepare-shadow-guardrail", "never-sent", "--json");
        assertThat(unseenJson.exitCode()).isEqualTo(1);
        assertThat(unseenJson.json().get("code").asString()).isEqualTo("guardrail_not_eligible");

        CliRunner.Result alert = cli(
                withKey(key),
                "action",
                "prepare-alert-snooze",
                "alr_missing",
                "--hours",
                "2",
                "--reason",
                "known spike");
        assertThat(alert.exitCode()).as(alert.toString()).isEqualTo(1);
        assertThat(alert.errLines()).singleElement().asString().contains("/alertId", "invalid_action");
        CliRunner.Result alertJson =
                cli(withKey(key), "action", "prepare-alert-snooze", "alr_missing", "--hours=2", "--reason=x", "--json");
        assertThat(alertJson.exitCode()).isEqualTo(1);
        assertThat(alertJson.json().get("errors").findValuesAsString("pointer")).contains("/alertId");

        CliRunner.Result budget = cli(
                withKey(key),
                "action",
                "prepare-budget",
                "--name=",
                "--limit-usd=-5",
                "--scope=FEATURE",
                "--scope-value=a");
        assertThat(budget.exitCode()).isEqualTo(1);
        assertThat(budget.errLines()).singleElement().asString().contains("/limitUsd", "/name", "invalid_action");
    }

    @Test
    void usageErrorsAreExitTwoAndAnUnreachableServiceIsExitSix() {
        CliRunner.Result usage = cli("action", "confirm", "--token", "sct_x");
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.errLines().get(0)).isEqualTo("spendline: Missing required option: '--phrase=<phrase>'");

        Key key = newKey(spendline, Plan.TEAM);
        String nowhere = "http://127.0.0.1:" + FreePorts.loopback();
        CliRunner.Result down = cli(withKey(key), "--url", nowhere, "ask", "spend this month");
        assertThat(down.exitCode()).as(down.toString()).isEqualTo(6);
        assertThat(down.errLines()).singleElement().asString().contains(nowhere, "unreachable");
        CliRunner.Result debug = cli(withKey(key), "--url", nowhere, "--debug", "ask", "spend this month");
        assertThat(debug.exitCode()).isEqualTo(6);
        assertThat(debug.errLines().get(0)).isEqualTo(down.errLines().get(0));
        assertThat(debug.err()).contains("dev.spendline.cli.CliException", "at dev.spendline.cli.ServiceClient");
        CliRunner.Result downJson = cli(withKey(key), "--url", nowhere, "auth", "status", "--json");
        assertThat(downJson.exitCode()).isEqualTo(6);
        assertThat(downJson.json().get("code").asString()).isEqualTo("unreachable");
    }

    private static String[] concat(List<String> args, String... more) {
        return java.util.stream.Stream.concat(args.stream(), java.util.Arrays.stream(more))
                .toArray(String[]::new);
    }
}
