package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Prepared write actions through the standalone process over HTTP: prepare changes nothing,
 * confirm executes once with the same key and the exact phrase before expiry, and the effect
 * shows in the read tools. Token expiry is tested with a clock the test moves forward.
 */
class WriteActionsIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(20);
    private static final String PREPARE = "/api/v1/ask/actions/prepare";
    private static final String CONFIRM = "/api/v1/ask/actions/confirm";
    private static final String BUDGET_STATUS = "/api/v1/reports/budget-status";
    private static final String ACTIVE_ALERTS = "/api/v1/reports/active-alerts";

    /** Real time plus an offset the expiry test moves forward; only token expiry reads it. */
    private static final SkippingClock ACTIONS_CLOCK = new SkippingClock();

    private static Standalone spendline;
    private static SpendlineHttp http;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-actions-it");
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

    /** A new workspace of this plan and the secret of a new key of it. */
    private static Keys workspace(Plan plan) {
        var ctx = spendline.context();
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("actions", plan);
        ApiKeyRepository keys = ctx.getBean(ApiKeyRepository.class);
        return new Keys(
                ws.id(),
                keys.issue(ws.id(), "first").secret(),
                keys.issue(ws.id(), "second").secret());
    }

    private record Keys(String workspaceId, String key, String otherKey) {}

    private static String budgetBody(String name, String limit) {
        return "{\"action\": \"create_budget\", \"name\": \"" + name + "\", \"limitUsd\": " + limit
                + ", \"scope\": \"FEATURE\", \"scopeValue\": \"support-bot\", \"period\": \"MONTHLY\"}";
    }

    private static String confirmBody(JsonNode prepared) {
        return confirmBody(
                prepared.get("confirmationToken").asString(),
                prepared.get("confirmationPhrase").asString());
    }

    private static String confirmBody(String token, String phrase) {
        return "{\"confirmationToken\": \"" + token + "\", \"confirmationPhrase\": \"" + phrase + "\"}";
    }

    private static JsonNode prepare(String key, String body) {
        SpendlineHttp.Response r = http.post(PREPARE, key, body);
        assertThat(r.status()).as(r.raw().body()).isEqualTo(200);
        return r.body();
    }

    @Test
    void freeWorkspacesCannotPrepareOrConfirm() {
        Keys free = workspace(Plan.FREE);

        assertProblem(http.post(PREPARE, free.key(), budgetBody("Support bot", "500")), 403, "plan_required", null);
        assertProblem(
                http.post(CONFIRM, free.key(), confirmBody("sct_" + "a".repeat(43), "create budget 1234")),
                403,
                "plan_required",
                null);
        assertThat(http.post(PREPARE, null, budgetBody("Support bot", "500")).status())
                .isEqualTo(401);
        assertThat(http.post(CONFIRM, null, "{}").status()).isEqualTo(401);
    }

    @Test
    void prepareChangesNothingAndConfirmCreatesTheBudgetOnceWithTheSameKeyAndExactPhrase() {
        Keys team = workspace(Plan.TEAM);
        Keys stranger = workspace(Plan.TEAM);

        JsonNode prepared = prepare(team.key(), budgetBody("Support bot", "500"));
        Instant preparedAt = ACTIONS_CLOCK.instant();
        assertThat(prepared.get("action").asString()).isEqualTo("create_budget");
        assertThat(prepared.get("summary").asString())
                .isEqualTo("Create a MONTHLY budget 'Support bot' of $500.00 on feature support-bot");
        JsonNode arguments = prepared.get("arguments");
        assertThat(arguments.get("name").asString()).isEqualTo("Support bot");
        assertThat(arguments.get("limitUsd").decimalValue()).isEqualByComparingTo("500");
        assertThat(arguments.get("scope").asString()).isEqualTo("FEATURE");
        assertThat(arguments.get("scopeValue").asString()).isEqualTo("support-bot");
        assertThat(arguments.get("period").asString()).isEqualTo("MONTHLY");
        String budgetId = arguments.get("budgetId").asString();
        assertThat(budgetId).matches("bud_[a-z2-9]{20}");
        assertThat(prepared.get("confirmationToken").asString()).matches("sct_[A-Za-z0-9_-]{43}");
        assertThat(prepared.get("confirmationPhrase").asString()).matches("create budget [0-9]{4}");
        Instant expiresAt = Instant.parse(prepared.get("expiresAt").asString());
        assertThat(Duration.between(preparedAt, expiresAt)).isBetween(Duration.ofMinutes(9), Duration.ofMinutes(10));
        assertThat(prepared.get("confirmWith").get("path").asString()).isEqualTo(CONFIRM);

        // Preparing changed nothing, not even eventually.
        SpendlineHttp.sleep(1_000);
        assertThat(http.get(BUDGET_STATUS, team.key()).body().get("budgets").size())
                .isZero();

        String token = prepared.get("confirmationToken").asString();
        String phrase = prepared.get("confirmationPhrase").asString();
        String wrongPhrase = phrase.substring(0, phrase.length() - 1) + (phrase.endsWith("0") ? "1" : "0");
        assertProblem(http.post(CONFIRM, team.key(), confirmBody(token, wrongPhrase)), 422, "wrong_phrase", null);
        assertProblem(
                http.post(CONFIRM, team.key(), confirmBody(token, phrase.toUpperCase())), 422, "wrong_phrase", null);
        assertProblem(http.post(CONFIRM, team.otherKey(), confirmBody(prepared)), 403, "other_credential", null);
        // Another workspace is not even told that the token exists.
        assertProblem(http.post(CONFIRM, stranger.key(), confirmBody(prepared)), 404, "unknown_token", null);
        assertProblem(
                http.post(CONFIRM, team.key(), confirmBody("sct_" + "b".repeat(43), phrase)),
                404,
                "unknown_token",
                null);
        assertProblem(http.post(CONFIRM, team.key(), confirmBody("not-a-token", phrase)), 404, "unknown_token", null);
        SpendlineHttp.sleep(500);
        assertThat(http.get(BUDGET_STATUS, team.key()).body().get("budgets").size())
                .isZero();

        // None of the refusals used the token up.
        SpendlineHttp.Response confirmed = http.post(CONFIRM, team.key(), confirmBody(prepared));
        assertThat(confirmed.status()).as(confirmed.raw().body()).isEqualTo(200);
        assertThat(confirmed.body().get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(confirmed.body().get("replayed").asBoolean()).isFalse();
        JsonNode budget = confirmed.body().get("result");
        assertThat(budget.get("id").asString()).isEqualTo(budgetId);
        assertThat(budget.get("workspaceId").asString()).isEqualTo(team.workspaceId());
        assertThat(budget.get("limitUsd").decimalValue()).isEqualByComparingTo("500");

        SpendlineHttp.Response again = http.post(CONFIRM, team.key(), confirmBody(prepared));
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body().get("replayed").asBoolean()).isTrue();
        assertThat(again.body().get("result")).isEqualTo(budget);
        assertThat(again.body().get("executedAt")).isEqualTo(confirmed.body().get("executedAt"));

        JsonNode status = await(BUDGET_STATUS, team.key(), r -> r.get("budgets").size() == 1);
        JsonNode listed = status.get("budgets").get(0).get("budget");
        assertThat(listed.get("id").asString()).isEqualTo(budgetId);
        assertThat(listed.get("name").asString()).isEqualTo("Support bot");
        assertThat(listed.get("scopeValue").asString()).isEqualTo("support-bot");
        SpendlineHttp.sleep(500);
        assertThat(http.get(BUDGET_STATUS, team.key()).body().get("budgets").size())
                .as("the repeated confirmation created nothing")
                .isEqualTo(1);
    }

    @Test
    void twentyConcurrentConfirmationsCreateExactlyOneBudget() throws Exception {
        Keys team = workspace(Plan.TEAM);
        JsonNode prepared = prepare(team.key(), budgetBody("Raced", "20"));
        String body = confirmBody(prepared);

        int threads = 20;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<SpendlineHttp.Response> answers = new ArrayList<>();
        try {
            List<Future<SpendlineHttp.Response>> futures = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return http.post(CONFIRM, team.key(), body);
                }));
            }
            start.countDown();
            for (Future<SpendlineHttp.Response> future : futures) {
                answers.add(future.get());
            }
        } finally {
            pool.shutdownNow();
        }

        List<SpendlineHttp.Response> ok =
                answers.stream().filter(r -> r.status() == 200).toList();
        assertThat(answers)
                .as("each answer is the result or a clear in-progress")
                .allMatch(r -> r.status() == 200
                        || (r.status() == 409 && r.body().get("code").asString().equals("in_progress")));
        // The confirmation that executes answers at once; every other one replays or is told to wait.
        List<SpendlineHttp.Response> executed =
                ok.stream().filter(r -> !r.body().get("replayed").asBoolean()).toList();
        assertThat(executed).as("exactly one execution").hasSize(1);
        JsonNode result = executed.get(0).body().get("result");
        assertThat(ok).extracting(r -> r.body().get("result")).containsOnly(result);
        assertThat(result.get("id").asString())
                .isEqualTo(prepared.get("arguments").get("budgetId").asString());
        // Whoever got 409 gets the stored result now.
        SpendlineHttp.Response after = http.post(CONFIRM, team.key(), body);
        assertThat(after.status()).isEqualTo(200);
        assertThat(after.body().get("replayed").asBoolean()).isTrue();
        assertThat(after.body().get("result")).isEqualTo(result);

        await(BUDGET_STATUS, team.key(), r -> r.get("budgets").size() == 1);
        SpendlineHttp.sleep(1_000);
        JsonNode status = http.get(BUDGET_STATUS, team.key()).body();
        assertThat(status.get("budgets").size()).as("exactly one budget").isEqualTo(1);
        JsonNode budget = status.get("budgets").get(0).get("budget");
        assertThat(budget.get("name").asString()).isEqualTo("Raced");
        // A second execution would have rewritten the budget with a later creation time.
        assertThat(budget.get("createdAt")).isEqualTo(result.get("createdAt"));
    }

    @Test
    void aTokenExpiresTenMinutesAfterPreparation() {
        Keys team = workspace(Plan.TEAM);
        JsonNode early = prepare(team.key(), budgetBody("Early", "10"));
        JsonNode late = prepare(team.key(), budgetBody("Late", "10"));

        ACTIONS_CLOCK.skip(Duration.ofMinutes(9));
        assertThat(http.post(CONFIRM, team.key(), confirmBody(early)).status()).isEqualTo(200);
        ACTIONS_CLOCK.skip(Duration.ofMinutes(1));
        assertProblem(http.post(CONFIRM, team.key(), confirmBody(late)), 410, "expired", null);
        assertProblem(http.post(CONFIRM, team.key(), confirmBody(late)), 410, "expired", null);
        // A confirmed action still answers its stored result after expiry.
        SpendlineHttp.Response replay = http.post(CONFIRM, team.key(), confirmBody(early));
        assertThat(replay.status()).isEqualTo(200);
        assertThat(replay.body().get("replayed").asBoolean()).isTrue();

        JsonNode status = await(BUDGET_STATUS, team.key(), r -> r.get("budgets").size() == 1);
        SpendlineHttp.sleep(500);
        assertThat(http.get(BUDGET_STATUS, team.key()).body().get("budgets").findValuesAsString("name"))
                .containsExactly("Early");
        assertThat(status.get("budgets").get(0).get("budget").get("name").asString())
                .isEqualTo("Early");
    }

    @Test
    void snoozingAnAlertThroughPrepareAndConfirmMovesItToTheSnoozedList() {
        Keys team = workspace(Plan.TEAM);
        // An alert: a 10 USD daily budget and 5.50 USD of calls today (55 %, over the 50 % threshold).
        assertThat(http.post(
                                "/api/v1/budgets",
                                team.key(),
                                "{\"name\": \"Daily cap\", \"scope\": \"WORKSPACE\", \"period\": \"DAILY\","
                                        + " \"limitUsd\": 10}")
                        .status())
                .isEqualTo(201);
        await(BUDGET_STATUS, team.key(), r -> r.get("budgets").size() == 1);
        Instant now = Instant.now();
        assertThat(http.post(
                                "/api/v1/events",
                                team.key(),
                                SpendlineHttp.batch(List.of(SpendlineHttp.eventAt("wa-1", "search", "5.5", now))))
                        .status())
                .isEqualTo(202);
        JsonNode active = await(ACTIVE_ALERTS, team.key(), r -> r.get("alerts").size() >= 1);
        String alertId = active.get("alerts").get(0).get("id").asString();
        // INFO at 55 % of the limit, or WARNING when early in the UTC day the forecast already
        // exceeds it: the summary names whichever the alert is.
        String severity = active.get("alerts").get(0).get("severity").asString();

        JsonNode prepared = prepare(
                team.key(),
                "{\"action\": \"snooze_alert\", \"alertId\": \"" + alertId
                        + "\", \"hours\": 2, \"reason\": \"known spike\"}");
        assertThat(prepared.get("summary").asString())
                .contains(alertId, "2 hour", "known spike")
                .startsWith("Snooze the " + severity + " alert");
        assertThat(prepared.get("confirmationPhrase").asString()).matches("snooze alert [0-9]{4}");
        assertThat(prepared.get("arguments").get("alertId").asString()).isEqualTo(alertId);
        assertThat(prepared.get("arguments").get("hours").decimalValue()).isEqualByComparingTo("2");

        // Preparing hid nothing.
        SpendlineHttp.sleep(1_000);
        JsonNode unchanged = http.get(ACTIVE_ALERTS, team.key()).body();
        assertThat(unchanged.get("alerts").findValuesAsString("id")).contains(alertId);
        assertThat(unchanged.get("snoozed").size()).isZero();

        SpendlineHttp.Response confirmed = http.post(CONFIRM, team.key(), confirmBody(prepared));
        assertThat(confirmed.status()).as(confirmed.raw().body()).isEqualTo(200);
        JsonNode snooze = confirmed.body().get("result");
        assertThat(snooze.get("alertId").asString()).isEqualTo(alertId);
        assertThat(snooze.get("reason").asString()).isEqualTo("known spike");
        Duration length = Duration.between(
                Instant.parse(snooze.get("createdAt").asString()),
                Instant.parse(snooze.get("until").asString()));
        assertThat(length).isEqualTo(Duration.ofHours(2));

        JsonNode hidden = await(ACTIVE_ALERTS, team.key(), r -> r.get("snoozed").size() == 1);
        assertThat(hidden.get("alerts").findValuesAsString("id")).doesNotContain(alertId);
        assertThat(hidden.get("snoozed").get(0).get("alert").get("id").asString())
                .isEqualTo(alertId);
        assertThat(hidden.get("snoozed").get(0).get("reason").asString()).isEqualTo("known spike");

        // An alert that is not open (or of another workspace) cannot be prepared.
        SpendlineHttp.Response unknown = http.post(
                PREPARE,
                team.key(),
                "{\"action\": \"snooze_alert\", \"alertId\": \"alr_unknown\", \"hours\": 0, \"reason\": \"x\"}");
        assertProblem(unknown, 400, "invalid_action", "/alertId");
        assertThat(unknown.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("/alertId", "/hours");
        assertProblem(
                http.post(
                        PREPARE,
                        workspace(Plan.TEAM).key(),
                        "{\"action\": \"snooze_alert\", \"alertId\": \"" + alertId
                                + "\", \"hours\": 1, \"reason\": \"x\"}"),
                400,
                "invalid_action",
                "/alertId");
    }

    @Test
    void badBodiesAreRefusedWithEveryProblemAndChangeNothing() {
        Keys team = workspace(Plan.TEAM);
        assertProblem(http.post(PREPARE, team.key(), "{\"action\": "), 400, "invalid_action", "");
        assertProblem(http.post(PREPARE, team.key(), "[]"), 400, "invalid_action", "");
        assertProblem(http.post(PREPARE, team.key(), ""), 400, "invalid_action", "");
        assertProblem(http.post(PREPARE, team.key(), "{\"name\": \"x\"}"), 400, "invalid_action", "/action");
        assertProblem(http.post(PREPARE, team.key(), "{\"action\": 7}"), 400, "invalid_action", "/action");
        SpendlineHttp.Response unknown = http.post(PREPARE, team.key(), "{\"action\": \"delete_everything\"}");
        assertProblem(unknown, 400, "unknown_action", "/action");
        assertThat(unknown.body().get("detail").asString()).contains("create_budget", "snooze_alert");
        SpendlineHttp.Response many = http.post(
                PREPARE,
                team.key(),
                "{\"action\": \"create_budget\", \"name\": 7, \"scope\": \"TEAM\", \"period\": \"YEARLY\","
                        + " \"limitUsd\": \"50\", \"colour\": \"red\"}");
        assertProblem(many, 400, "invalid_action", null);
        assertThat(many.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("/colour", "/name", "/scope", "/period", "/limitUsd");
        assertProblem(http.post(PREPARE, team.key(), budgetBody("n", "-5")), 400, "invalid_action", "/limitUsd");
        assertProblem(
                http.post(
                        PREPARE,
                        team.key(),
                        "{\"action\": \"create_budget\", \"name\": \"n\", \"scope\": \"FEATURE\", \"limitUsd\": 5}"),
                400,
                "invalid_action",
                "/scopeValue");
        SpendlineHttp.Response snooze =
                http.post(PREPARE, team.key(), "{\"action\": \"snooze_alert\", \"hours\": \"2\", \"why\": 1}");
        assertThat(snooze.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("/alertId", "/hours", "/reason", "/why");

        assertProblem(http.post(CONFIRM, team.key(), "{\"confirmationToken\": "), 400, "invalid_confirmation", "");
        assertProblem(http.post(CONFIRM, team.key(), "\"sct_x\""), 400, "invalid_confirmation", "");
        assertProblem(http.post(CONFIRM, team.key(), ""), 400, "invalid_confirmation", "");
        SpendlineHttp.Response confirm =
                http.post(CONFIRM, team.key(), "{\"confirmationToken\": 5, \"phrase\": \"create budget 1234\"}");
        assertProblem(confirm, 400, "invalid_confirmation", null);
        assertThat(confirm.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("/confirmationToken", "/confirmationPhrase", "/phrase");
        // A valid prepared action is not consumed by a malformed confirmation.
        JsonNode prepared = prepare(team.key(), budgetBody("Kept", "5"));
        assertProblem(
                http.post(
                        CONFIRM,
                        team.key(),
                        "{\"confirmationToken\": \""
                                + prepared.get("confirmationToken").asString()
                                + "\", \"confirmationPhrase\": [\"create\"]}"),
                400,
                "invalid_confirmation",
                "/confirmationPhrase");

        SpendlineHttp.sleep(1_000);
        assertThat(http.get(BUDGET_STATUS, team.key()).body().get("budgets").size())
                .isZero();
        assertThat(http.post(CONFIRM, team.key(), confirmBody(prepared)).status())
                .isEqualTo(200);
    }

    private static void assertProblem(SpendlineHttp.Response r, int status, String code, String pointer) {
        SpendlineHttp.assertProblem(r, status, code, pointer);
    }

    private static JsonNode await(String path, String key, Predicate<JsonNode> done) {
        return http.await(path, key, EVENTUALLY, done);
    }
}
