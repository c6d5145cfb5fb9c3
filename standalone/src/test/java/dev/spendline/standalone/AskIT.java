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
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/v1/ask} through the standalone process over HTTP: events, revenue and budgets
 * sent through the API, then questions whose answers must carry exactly the figures sent.
 */
class AskIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(20);
    private static final String BASE_URL = "https://spendline.example";

    private static Standalone spendline;
    private static SpendlineHttp http;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-ask-it");
        spendline = Standalone.start(dataDir, FreePorts.loopback(), 0, 2, Map.of("spendline.base-url", BASE_URL));
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    private static String newKey() {
        var ctx = spendline.context();
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("ask", Plan.TEAM);
        return ctx.getBean(ApiKeyRepository.class).issue(ws.id(), "it").secret();
    }

    private static String event(String id, String feature, String tenant, String cost, String status, Instant ts) {
        return "{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":100,\"outputTokens\":20,"
                + "\"costUsd\":" + cost + ",\"feature\":\"" + feature + "\",\"tenantId\":\"" + tenant + "\","
                + "\"status\":\"" + status + "\",\"ts\":\"" + ts + "\",\"source\":\"it\",\"externalId\":\"" + id
                + "\"}";
    }

    private static SpendlineHttp.Response ask(String key, String question) {
        return http.post("/api/v1/ask", key, "{\"question\": \"" + question + "\"}");
    }

    /** Asks until the answer satisfies {@code done}: figures arrive through Kafka a moment later. */
    private static JsonNode awaitAnswer(String key, String question, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            SpendlineHttp.Response r = ask(key, question);
            assertThat(r.status()).as(r.raw().body()).isEqualTo(200);
            last = r.body();
            if (done.test(last)) {
                return last;
            }
            SpendlineHttp.sleep(100);
        }
        throw new AssertionError("not reached in " + EVENTUALLY + "; last answer: " + last);
    }

    private static void awaitReport(String key, String path, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        while (System.nanoTime() < deadline) {
            SpendlineHttp.Response r = http.get(path, key);
            if (r.status() == 200 && done.test(r.body())) {
                return;
            }
            SpendlineHttp.sleep(50);
        }
        throw new AssertionError(path + " not reached in " + EVENTUALLY);
    }

    private static boolean decimal(JsonNode node, String expected) {
        return node != null && node.decimalValue().compareTo(new java.math.BigDecimal(expected)) == 0;
    }

    @Test
    void questionsAreAnsweredWithTheFiguresOfTheEventsSent() {
        String key = newKey();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String month = YearMonth.from(now.atZone(ZoneOffset.UTC)).toString();
        assertThat(http.put("/api/v1/settings/revenue/acme/" + month, key, "{\"amountUsd\": 100.00}")
                        .status())
                .isEqualTo(200);
        assertThat(http.post(
                                "/api/v1/budgets",
                                key,
                                "{\"name\": \"Search\", \"scope\": \"FEATURE\", \"scopeValue\": \"search\","
                                        + " \"limitUsd\": 50}")
                        .status())
                .isEqualTo(201);
        assertThat(http.post(
                                "/api/v1/budgets",
                                key,
                                "{\"name\": \"Daily\", \"scope\": \"WORKSPACE\", \"period\": \"DAILY\","
                                        + " \"limitUsd\": 40}")
                        .status())
                .isEqualTo(201);
        // Waits read the reports directly: Ask's vocabulary of names is cached for 30 s from the first
        // question, so the first question must come after the names are in the data.
        awaitReport(key, "/api/v1/reports/budget-status", r -> r.get("budgets").size() == 2);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(
                                        event("a-1", "search", "acme", "30", "success", now),
                                        event("a-2", "chat", "acme", "10", "success", now),
                                        event("a-3", "search", "globex", "5", "error", now))))
                        .status())
                .isEqualTo(202);

        awaitReport(key, SpendlineHttp.REPORT_ALL, r -> decimal(r.get("totals").get("costUsd"), "45"));

        // Spend by feature this month: 45 over three calls, search 35, chat 10.
        JsonNode spend = awaitAnswer(
                key,
                "What did we spend by feature this month?",
                a -> decimal(a.get("data").get("totals").get("costUsd"), "45"));
        assertThat(spend.get("answered").asBoolean()).isTrue();
        assertThat(spend.get("tool").get("name").asString()).isEqualTo("spend_by");
        assertThat(spend.get("tool").get("arguments").get("by").asString()).isEqualTo("feature");
        assertThat(spend.get("tool").get("arguments").get("from").asString()).isEqualTo(month + "-01");
        assertThat(spend.get("data").get("rows").findValuesAsString("value")).containsExactly("search", "chat");
        assertThat(spend.get("answer").asString())
                .contains("$45.00 in total over 3 calls; search $35.00 (77.8%), chat $10.00 (22.2%).");
        assertThat(spend.get("interpretation").asString()).startsWith("Read as: AI spend by feature, product usage, ");
        assertThat(spend.get("dashboardUrl").asString())
                .startsWith(BASE_URL + "/app/spend?by=feature&usage=product&from=" + month + "-01&to=");

        // A follow-up sends the answer's context back: the same call for globex only, then without search.
        String context = spend.get("context").asString();
        assertThat(context).startsWith("v1.");
        SpendlineHttp.Response globexOnly =
                http.post("/api/v1/ask", key, "{\"question\": \"only for globex\", \"context\": \"" + context + "\"}");
        assertThat(globexOnly.status()).as(globexOnly.raw().body()).isEqualTo(200);
        assertThat(globexOnly.body().get("tool").get("arguments").get("tenant").asString())
                .isEqualTo("globex");
        assertThat(globexOnly.body().get("tool").get("arguments").get("by").asString())
                .isEqualTo("feature");
        assertThat(globexOnly.body().get("answer").asString()).contains("$5.00 in total over 1 call");
        JsonNode withoutTop = http.post(
                        "/api/v1/ask", key, "{\"question\": \"exclude that one\", \"context\": \"" + context + "\"}")
                .body();
        // "That one" is the first row of the answer followed up: search.
        assertThat(withoutTop.get("tool").get("arguments").get("exclude").toString())
                .isEqualTo("[\"feature:search\"]");
        assertThat(withoutTop.get("answer").asString()).contains("$10.00 in total over 1 call");

        // A typo in a customer's name: read as acme, and said so.
        JsonNode acme =
                ask(key, "spend by feature for customer acmee this month").body();
        assertThat(acme.get("tool").get("arguments").get("tenant").asString()).isEqualTo("acme");
        assertThat(acme.get("notes").toString()).contains("'acmee' read as 'acme'");
        assertThat(acme.get("data").get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("40");
        assertThat(acme.get("answer").asString()).contains("$40.00 in total over 2 calls");

        // Margin by customer this month: acme 100 - 40 = 60 (60 %), globex -5 without revenue.
        JsonNode margin = awaitAnswer(
                key,
                "margin by customer this month",
                a -> decimal(a.get("data").get("totals").get("revenueUsd"), "100")
                        && decimal(a.get("data").get("totals").get("costUsd"), "45"));
        assertThat(margin.get("tool").get("name").asString()).isEqualTo("margin_by_customer");
        assertThat(margin.get("tool").get("arguments").get("from").asString()).isEqualTo(month);
        assertThat(margin.get("data").get("totals").get("marginUsd").decimalValue())
                .isEqualByComparingTo("55");
        assertThat(margin.get("answer").asString())
                .contains("revenue $100.00, AI cost $45.00, margin $55.00 (55%) over 2 customers")
                .contains("globex margin -$5.00 (no revenue)")
                .contains("acme margin $60.00 (60%) on revenue $100.00 and AI cost $40.00");

        // Waste this month: the failed call.
        JsonNode waste =
                awaitAnswer(key, "waste this month", a -> decimal(a.get("data").get("wasteUsd"), "5"));
        assertThat(waste.get("tool").get("name").asString()).isEqualTo("top_waste");
        assertThat(waste.get("answer").asString()).contains("$5.00 in 1 wasteful call of $45.00 spend");

        // Budgets: search 35 of 50; the whole workspace 45 of 40 today.
        JsonNode budgets = awaitAnswer(
                key, "Are we over budget?", a -> a.get("data").get("budgets").findValues("spentUsd").stream()
                        .anyMatch(v -> decimal(v, "45")));
        assertThat(budgets.get("tool").get("name").asString()).isEqualTo("budget_status");
        assertThat(budgets.get("data").get("exceeded").asInt()).isEqualTo(1);
        assertThat(budgets.get("answer").asString())
                .contains("Daily (whole workspace, daily): $45.00 of $40.00 (112.5%), EXCEEDED")
                .contains("Search (feature 'search', monthly): $35.00 of $50.00 (70%)");
        assertThat(budgets.get("dashboardUrl").asString()).isEqualTo(BASE_URL + "/app/budgets");

        // The exceeded daily budget raised an alert.
        JsonNode alerts = awaitAnswer(
                key,
                "show active alerts",
                a -> a.get("data").get("alerts").findValuesAsString("type").contains("BUDGET_THRESHOLD"));
        assertThat(alerts.get("tool").get("name").asString()).isEqualTo("active_alerts");
        assertThat(alerts.get("answer").asString())
                .startsWith("Active alerts as of ")
                .contains("budget threshold");
        assertThat(alerts.get("dashboardUrl").asString()).isEqualTo(BASE_URL + "/app/alerts");
    }

    @Test
    void aLeftOutNameIsSubtractedNeverTurnedIntoAFilter() {
        String key = newKey();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(
                                        event("x-1", "search", "acme", "30", "success", now),
                                        event("x-2", "chat", "acme", "10", "success", now),
                                        event("x-3", "search", "globex", "5", "success", now),
                                        event("x-4", "onboarding", "globex", "2.5", "success", now))))
                        .status())
                .isEqualTo(202);
        awaitReport(key, SpendlineHttp.REPORT_ALL, r -> decimal(r.get("totals").get("costUsd"), "47.5"));

        // On another dimension, subtracted: by feature without customer acme = globex's 7.5. Awaited:
        // within a commit the totals' store is written a moment before the combinations a filter reads.
        awaitReport(
                key,
                "/api/v1/reports/spend?by=feature&exclude=tenant:acme&exclude=feature:onboarding",
                r -> decimal(r.get("totals").get("costUsd"), "5"));
        SpendlineHttp.Response rest =
                http.get("/api/v1/reports/spend?by=feature&exclude=tenant:acme&exclude=feature:onboarding", key);
        assertThat(rest.status()).as(rest.raw().body()).isEqualTo(200);
        assertThat(rest.body().get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("5");
        assertThat(rest.body().get("rows").findValuesAsString("value")).containsExactly("search");
        assertThat(rest.body().get("excluded").get("tenant").get(0).asString()).isEqualTo("acme");

        SpendlineHttp.Response bad =
                http.get("/api/v1/reports/spend?by=feature&exclude=colour:red&exclude=search", key);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("errors").findValuesAsString("pointer")).containsExactly("exclude", "exclude");

        // Ask: "without onboarding" leaves it out; before, it was answered for onboarding only.
        JsonNode answer = awaitAnswer(
                key,
                "cost per feature this month without onboarding",
                a -> decimal(a.get("data").get("totals").get("costUsd"), "45"));
        assertThat(answer.get("data").get("rows").findValuesAsString("value")).containsExactly("search", "chat");
        assertThat(answer.get("answer").asString()).contains("without feature 'onboarding'");
    }

    @Test
    void aQuestionItCannotMapIsAnsweredWithExamples() {
        SpendlineHttp.Response r = ask(newKey(), "What's the weather in Paris?");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body().get("answered").asBoolean()).isFalse();
        assertThat(r.body().get("answer").asString()).startsWith("I can't answer that");
        assertThat(r.body().get("examples").size()).isGreaterThan(3);
        assertThat(r.body().has("tool")).isFalse();
        assertThat(r.body().has("data")).isFalse();
    }

    @Test
    void badBodiesAreRefusedAndAKeyIsRequired() {
        String key = newKey();
        assertProblem(http.post("/api/v1/ask", key, "{\"question\": "), "");
        assertProblem(http.post("/api/v1/ask", key, "[]"), "");
        assertProblem(http.post("/api/v1/ask", key, "{}"), "/question");
        assertProblem(http.post("/api/v1/ask", key, "{\"question\": 7}"), "/question");
        assertProblem(http.post("/api/v1/ask", key, "{\"question\": \" \"}"), "/question");
        assertProblem(http.post("/api/v1/ask", key, "{\"question\": \"" + "x".repeat(501) + "\"}"), "/question");
        assertProblem(http.post("/api/v1/ask", key, "{\"question\": \"spend\", \"limit\": 5}"), "/limit");
        assertProblem(http.post("/api/v1/ask", key, "{\"question\": \"and last month?\", \"context\": 5}"), "/context");
        assertProblem(
                http.post("/api/v1/ask", key, "{\"question\": \"and last month?\", \"context\": \"v1.e30.AAAA\"}"),
                "/context");
        SpendlineHttp.Response anonymous = http.post("/api/v1/ask", null, "{\"question\": \"spend\"}");
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.raw().headers().firstValue("content-type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(http.post("/api/v1/ask", "spl_" + "x".repeat(43), "{\"question\": \"spend\"}")
                        .status())
                .isEqualTo(401);
    }

    private static void assertProblem(SpendlineHttp.Response r, String pointer) {
        assertThat(r.status()).as(r.raw().body()).isEqualTo(400);
        assertThat(r.raw().headers().firstValue("content-type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(r.body().get("code").asString()).isEqualTo("invalid_question");
        assertThat(r.body().get("errors").findValuesAsString("pointer")).contains(pointer);
    }
}
