package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The analytics settings and tools through the standalone process over HTTP: revenue and budgets
 * set through the API go through Kafka into the topology, and the margin and budget reports
 * combine them with the events' cost.
 */
class AnalyticsIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(20);
    private static final String NOV = "from=2026-11&to=2026-11";

    private static Standalone spendline;
    private static SpendlineHttp http;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-analytics-it");
        int port = FreePorts.loopback();
        // A small FREE quota for the quota test (every other test uses TEAM workspaces).
        spendline = Standalone.start(dataDir, port, 0, 2, Map.of("spendline.quota.free-events-per-month", 5));
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
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("margin", Plan.TEAM);
        return ctx.getBean(ApiKeyRepository.class).issue(ws.id(), "it").secret();
    }

    @Test
    void revenueAndEventsMakeMarginsByCustomerAndByFeature() {
        String key = newKey();
        SpendlineHttp.Response set = http.put("/api/v1/settings/revenue/acme/2026-11", key, "{\"amountUsd\": 100.00}");
        assertThat(set.status()).isEqualTo(200);
        assertThat(set.body().get("amountUsd").decimalValue()).isEqualByComparingTo("100");
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(
                                        SpendlineHttp.event("m-1", "search", "30"),
                                        SpendlineHttp.event("m-2", "chat", "10"))))
                        .status())
                .isEqualTo(202);

        JsonNode customers = await(
                "/api/v1/reports/margin/customers?" + NOV,
                key,
                // Both events of the batch: a commit of the stream processor may fall between them.
                r -> r.get("totals").get("costUsd").decimalValue().compareTo(new java.math.BigDecimal("40")) == 0);
        JsonNode acme = customers.get("rows").get(0);
        assertThat(acme.get("tenantId").asString()).isEqualTo("acme");
        assertThat(acme.get("revenueUsd").decimalValue()).isEqualByComparingTo("100");
        assertThat(acme.get("costUsd").decimalValue()).isEqualByComparingTo("40");
        assertThat(acme.get("marginUsd").decimalValue()).isEqualByComparingTo("60");
        assertThat(acme.get("marginPercent").decimalValue()).isEqualByComparingTo("60.0");

        JsonNode features =
                http.get("/api/v1/reports/margin/features?" + NOV, key).body();
        assertThat(features.get("rows").findValuesAsString("feature")).containsExactly("chat", "search");
        assertThat(features.get("rows").get(1).get("allocatedRevenueUsd").decimalValue())
                .isEqualByComparingTo("75");
        assertThat(features.get("totals").get("revenueUsd").decimalValue()).isEqualByComparingTo("100");

        assertThat(http.delete("/api/v1/settings/revenue/acme/2026-11", key).status())
                .isEqualTo(204);
        JsonNode afterDelete = await(
                "/api/v1/reports/margin/customers?" + NOV,
                key,
                r -> r.get("totals").get("revenueUsd").decimalValue().signum() == 0);
        assertThat(afterDelete.get("rows").get(0).get("flags").toString()).contains("NO_REVENUE", "NEGATIVE_MARGIN");
        assertThat(afterDelete.get("customersWithoutRevenue").asInt()).isEqualTo(1);
    }

    @Test
    void badRevenueRequestsAreRefusedWithTheProblemAndChangeNothing() {
        String key = newKey();
        String path = "/api/v1/settings/revenue/acme/2026-11";
        assertProblem(http.put(path, key, "{\"amountUsd\": \"100\"}"), 400, "invalid_revenue", "/amountUsd");
        assertProblem(http.put(path, key, "{\"amountUsd\": -1}"), 400, "invalid_revenue", "/amountUsd");
        assertProblem(http.put(path, key, "{\"amountUsd\": 1e12}"), 400, "invalid_revenue", "/amountUsd");
        assertProblem(http.put(path, key, "{\"amountUsd\": 0.0000000001}"), 400, "invalid_revenue", "/amountUsd");
        assertProblem(http.put(path, key, "{}"), 400, "invalid_revenue", "/amountUsd");
        assertProblem(http.put(path, key, "{\"amountUsd\": 1, \"amount\": 2}"), 400, "invalid_revenue", "/amount");
        assertProblem(http.put(path, key, "{\"amountUsd\": 1"), 400, "invalid_revenue", "");
        assertProblem(http.put(path, key, "[1]"), 400, "invalid_revenue", "");
        assertProblem(
                http.put("/api/v1/settings/revenue/acme/2026-13", key, "{\"amountUsd\": 1}"),
                400,
                "invalid_revenue",
                "month");
        assertProblem(
                http.put("/api/v1/settings/revenue/acme/1999-01", key, "{\"amountUsd\": 1}"),
                400,
                "invalid_revenue",
                "month");
        assertThat(http.put(path, null, "{\"amountUsd\": 1}").status()).isEqualTo(401);
        assertThat(http.put(path, "spl_" + "x".repeat(43), "{\"amountUsd\": 1}").status())
                .isEqualTo(401);

        // Nothing above reached the topology.
        SpendlineHttp.sleep(1_000);
        JsonNode margins =
                http.get("/api/v1/reports/margin/customers?" + NOV, key).body();
        assertThat(margins.get("customers").asInt()).isZero();
    }

    @Test
    void marginReportParametersAreValidatedWithEveryProblemListed() {
        String key = newKey();
        SpendlineHttp.Response bad = http.get("/api/v1/reports/margin/customers?from=nope&limit=x&colour=red", key);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("code").asString()).isEqualTo("invalid_parameters");
        assertThat(bad.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("from", "limit", "colour");
        assertProblem(
                http.get("/api/v1/reports/margin/features?from=2026-12&to=2026-11", key),
                400,
                "invalid_parameters",
                "from");
        assertProblem(
                http.get("/api/v1/reports/margin/features?from=2025-01&to=2026-11", key),
                400,
                "invalid_parameters",
                "from");
        assertThat(http.get("/api/v1/reports/margin/customers", key).status()).isEqualTo(200);
        assertThat(http.get("/api/v1/reports/margin/customers", null).status()).isEqualTo(401);
    }

    @Test
    void budgetsAreCreatedListedReportedAndDeleted() {
        String key = newKey();
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(
                                        SpendlineHttp.event("b-1", "search", "30"),
                                        SpendlineHttp.event("b-2", "search", "15"),
                                        SpendlineHttp.event("b-3", "chat", "10"))))
                        .status())
                .isEqualTo(202);
        SpendlineHttp.Response created = http.post(
                "/api/v1/budgets",
                key,
                "{\"name\": \"Search\", \"scope\": \"FEATURE\", \"scopeValue\": \"search\", \"limitUsd\": 50}");
        assertThat(created.status()).as(created.raw().body()).isEqualTo(201);
        String id = created.body().get("id").asString();
        assertThat(id).matches("bud_[a-z2-9]{20}");
        assertThat(created.raw().headers().firstValue("location")).hasValue("/api/v1/budgets/" + id);
        assertThat(created.body().get("period").asString()).isEqualTo("MONTHLY");
        assertThat(created.body().get("createdBy").asString()).isNotBlank();
        SpendlineHttp.Response everything = http.post(
                "/api/v1/budgets",
                key,
                "{\"name\": \"All\", \"scope\": \"WORKSPACE\", \"period\": \"DAILY\", \"limitUsd\": 100}");
        assertThat(everything.status()).isEqualTo(201);

        // As of the end of 20 Nov: search spent 45 of 50 (90 %, WARNING); the whole workspace 55 of
        // 100 that day (55 %; a day that has fully passed forecasts what it spent: OK).
        JsonNode status = await(
                "/api/v1/reports/budget-status?asOf=2026-11-20T23:59:59Z",
                key,
                // Every event of the batch: a commit of the stream processor may fall between them.
                r -> r.get("budgets").size() == 2
                        && r.get("budgets").findValues("spentUsd").stream()
                                        .map(JsonNode::decimalValue)
                                        .reduce(java.math.BigDecimal.ZERO, java.math.BigDecimal::add)
                                        .compareTo(new java.math.BigDecimal("100"))
                                == 0);
        assertThat(status.get("budgets").get(0).get("budget").get("id").asString())
                .isEqualTo(id);
        assertThat(status.get("budgets").get(0).get("spentUsd").decimalValue()).isEqualByComparingTo("45");
        assertThat(status.get("budgets").get(0).get("percentUsed").decimalValue())
                .isEqualByComparingTo("90.0");
        assertThat(status.get("budgets").get(0).get("state").asString()).isEqualTo("WARNING");
        assertThat(status.get("budgets").get(1).get("spentUsd").decimalValue()).isEqualByComparingTo("55");
        assertThat(status.get("budgets").get(1).get("state").asString()).isEqualTo("OK");
        assertThat(status.get("warning").asInt()).isEqualTo(1);

        assertThat(http.get("/api/v1/budgets", key).body().get("budgets").size())
                .isEqualTo(2);
        assertThat(http.get("/api/v1/budgets/" + id, key)
                        .body()
                        .get("budget")
                        .get("name")
                        .asString())
                .isEqualTo("Search");
        assertThat(http.delete("/api/v1/budgets/" + id, key).status()).isEqualTo(204);
        await("/api/v1/budgets", key, r -> r.get("budgets").size() == 1);
        assertProblem(http.delete("/api/v1/budgets/" + id, key), 404, "unknown_budget", null);
        // Another workspace cannot see or delete this workspace's budgets.
        String otherKey = newKey();
        String remaining = everything.body().get("id").asString();
        assertProblem(http.get("/api/v1/budgets/" + remaining, otherKey), 404, "unknown_budget", null);
        assertProblem(http.delete("/api/v1/budgets/" + remaining, otherKey), 404, "unknown_budget", null);
        assertThat(http.get("/api/v1/budgets/" + remaining, key).status()).isEqualTo(200);
    }

    @Test
    void badBudgetRequestsAreRefusedWithEveryProblemAndChangeNothing() {
        String key = newKey();
        String path = "/api/v1/budgets";
        assertProblem(http.post(path, key, "{\"name\": 1"), 400, "invalid_budget", "");
        assertProblem(http.post(path, key, "[]"), 400, "invalid_budget", "");
        assertProblem(http.post(path, key, ""), 400, "invalid_budget", "");
        SpendlineHttp.Response many = http.post(
                path,
                key,
                "{\"name\": 7, \"scope\": \"TEAM\", \"period\": \"YEARLY\", \"limitUsd\": \"50\", \"colour\": \"red\"}");
        assertThat(many.status()).isEqualTo(400);
        assertThat(many.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("/colour", "/name", "/scope", "/period", "/limitUsd");
        assertProblem(
                http.post(path, key, "{\"name\": \"n\", \"scope\": \"FEATURE\", \"limitUsd\": 5}"),
                400,
                "invalid_budget",
                "/scopeValue");
        assertProblem(
                http.post(path, key, "{\"name\": \"n\", \"scope\": \"WORKSPACE\", \"limitUsd\": -5}"),
                400,
                "invalid_budget",
                "/limitUsd");
        assertProblem(
                http.post(path, key, "{\"name\": \"n\", \"scope\": \"WORKSPACE\", \"limitUsd\": 1e300}"),
                400,
                "invalid_budget",
                "/limitUsd");
        assertProblem(
                http.post(path, key, "{\"name\": \"n\", \"scope\": \"WORKSPACE\"}"),
                400,
                "invalid_budget",
                "/limitUsd");
        assertThat(http.post(path, null, "{}").status()).isEqualTo(401);
        assertThat(http.post(path, "spl_" + "x".repeat(43), "{}").status()).isEqualTo(401);
        assertProblem(http.get(path + "/bud_unknown", key), 404, "unknown_budget", null);
        assertProblem(
                http.get("/api/v1/reports/budget-status?asOf=yesterday&x=1", key), 400, "invalid_parameters", "asOf");

        // Nothing above reached the topology.
        SpendlineHttp.sleep(1_000);
        assertThat(http.get("/api/v1/reports/budget-status", key)
                        .body()
                        .get("budgets")
                        .size())
                .isZero();
    }

    @Test
    void aBudgetAlertIsPublishedWithinTwoSecondsAndSnoozingHidesIt() throws Exception {
        String key = newKey();
        try (KafkaConsumer<String, String> consumer = alertConsumer()) {
            SpendlineHttp.Response created = http.post(
                    "/api/v1/budgets",
                    key,
                    "{\"name\": \"Daily cap\", \"scope\": \"WORKSPACE\", \"period\": \"DAILY\", \"limitUsd\": 10}");
            assertThat(created.status()).isEqualTo(201);
            String workspaceId = created.body().get("workspaceId").asString();
            // Wait until the topology knows the budget, so the clock below measures only the alert.
            await("/api/v1/reports/budget-status", key, r -> r.get("budgets").size() == 1);

            Instant now = Instant.now();
            assertThat(http.post(
                                    "/api/v1/events",
                                    key,
                                    SpendlineHttp.batch(List.of(SpendlineHttp.eventAt("al-1", "search", "4", now))))
                            .status())
                    .isEqualTo(202);
            SpendlineHttp.sleep(300);
            // 40 %: no threshold alert. (Early in the UTC day a BUDGET_FORECAST may open: budgets are
            // judged on Kafka Streams' wall clock, and the forecast extrapolates the day so far.)
            assertThat(thresholdAlerts(alertsOf(consumer, workspaceId, Duration.ofMillis(500))))
                    .isEmpty();

            long accepted;
            assertThat(http.post(
                                    "/api/v1/events",
                                    key,
                                    SpendlineHttp.batch(List.of(SpendlineHttp.eventAt("al-2", "search", "1.5", now))))
                            .status())
                    .isEqualTo(202);
            accepted = System.nanoTime();
            List<JsonNode> published = new ArrayList<>();
            while (published.isEmpty()
                    && System.nanoTime() - accepted < Duration.ofSeconds(10).toNanos()) {
                published.addAll(thresholdAlerts(alertsOf(consumer, workspaceId, Duration.ofMillis(50))));
            }
            long millis = (System.nanoTime() - accepted) / 1_000_000;
            assertThat(published).as("an alert for 55 %% of the daily budget").isNotEmpty();
            assertThat(millis).as("202 → alert on spendline.alerts.v1").isLessThan(2_000);
            JsonNode alert = published.get(0);
            assertThat(alert.get("type").asString()).isEqualTo("BUDGET_THRESHOLD");
            assertThat(alert.get("lastChange").asString()).isEqualTo("OPENED");
            assertThat(alert.get("severity").asString()).isEqualTo("INFO");
            assertThat(alert.get("evidence").get("spentUsd").decimalValue()).isEqualByComparingTo("5.5");
            String alertId = alert.get("id").asString();

            // A resend of the same pair changes nothing: no second alert, no new spend.
            assertThat(http.post(
                                    "/api/v1/events",
                                    key,
                                    SpendlineHttp.batch(List.of(SpendlineHttp.eventAt("al-2", "search", "1.5", now))))
                            .status())
                    .isEqualTo(202);
            SpendlineHttp.sleep(500);
            assertThat(alertsOf(consumer, workspaceId, Duration.ofMillis(500)).stream()
                            .filter(a -> a.get("type").asString().equals("BUDGET_THRESHOLD")))
                    .isEmpty();

            JsonNode active = await(
                    "/api/v1/reports/active-alerts", key, r -> r.get("alerts").size() >= 1);
            assertThat(active.get("alerts").findValuesAsString("id")).contains(alertId);

            SpendlineHttp.Response snoozed = http.post(
                    "/api/v1/alerts/" + alertId + "/snooze", key, "{\"hours\": 2, \"reason\": \"known spike\"}");
            assertThat(snoozed.status()).as(snoozed.raw().body()).isEqualTo(200);
            JsonNode hidden = await("/api/v1/reports/active-alerts", key, r -> !r.get("alerts")
                    .findValuesAsString("id")
                    .contains(alertId));
            assertThat(hidden.get("snoozed").get(0).get("reason").asString()).isEqualTo("known spike");
            // Two hours from now the snooze has ended.
            JsonNode later = http.get(
                            "/api/v1/reports/active-alerts?asOf="
                                    + Instant.now().plus(Duration.ofHours(2).plusMinutes(1)),
                            key)
                    .body();
            assertThat(later.get("alerts").findValuesAsString("id")).contains(alertId);

            assertThat(http.delete("/api/v1/alerts/" + alertId + "/snooze", key).status())
                    .isEqualTo(204);
            await("/api/v1/reports/active-alerts", key, r -> r.get("alerts")
                    .findValuesAsString("id")
                    .contains(alertId));

            // Bad snoozes: every problem listed, unknown or foreign alerts are 404.
            String path = "/api/v1/alerts/" + alertId + "/snooze";
            SpendlineHttp.Response bad = http.post(path, key, "{\"hours\": \"2\", \"why\": 1}");
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.body().get("errors").findValuesAsString("pointer"))
                    .containsExactlyInAnyOrder("/hours", "/reason", "/why");
            assertProblem(http.post(path, key, "{\"hours\": 0, \"reason\": \"x\"}"), 400, "invalid_snooze", "/hours");
            assertProblem(http.post(path, key, "{\"hours\": 721, \"reason\": \"x\"}"), 400, "invalid_snooze", "/hours");
            assertProblem(http.post(path, key, "{\"hours\": 1, \"reason\": \" \"}"), 400, "invalid_snooze", "/reason");
            assertProblem(http.post(path, key, "{\"hours\": 1"), 400, "invalid_snooze", "");
            assertProblem(
                    http.post("/api/v1/alerts/alr_unknown/snooze", key, "{\"hours\": 1, \"reason\": \"x\"}"),
                    404,
                    "unknown_alert",
                    null);
            assertProblem(http.post(path, newKey(), "{\"hours\": 1, \"reason\": \"x\"}"), 404, "unknown_alert", null);
            assertThat(http.post(path, null, "{\"hours\": 1, \"reason\": \"x\"}")
                            .status())
                    .isEqualTo(401);
        }
    }

    @Test
    void aSpendAnomalyIsPublishedWithinTwoSeconds() throws Exception {
        String key = newKey();
        // A baseline: 0.10 USD in each of the 30 hours before the current one.
        Instant hour = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.HOURS);
        List<String> baseline = new ArrayList<>();
        for (int h = 1; h <= 30; h++) {
            baseline.add(SpendlineHttp.eventAt(
                    "an-" + h, "search", "0.1", hour.minus(Duration.ofHours(h)).plusSeconds(60)));
        }
        assertThat(http.post("/api/v1/events", key, SpendlineHttp.batch(baseline))
                        .status())
                .isEqualTo(202);
        String from = hour.minus(Duration.ofHours(31)).toString();
        JsonNode counted = await(
                "/api/v1/reports/spend?by=feature&from=" + from,
                key,
                r -> r.get("totals").get("calls").asLong() == 30);
        String workspaceId = counted.get("workspaceId").asString();
        try (KafkaConsumer<String, String> consumer = alertConsumer()) {
            alertsOf(consumer, workspaceId, Duration.ofMillis(500)); // joined, at the end of the topic
            // 5 USD in the current hour: the mean is 30 × 0.10 / 168 hours, so the threshold is the 1 USD floor
            // or mean + 3 σ, far below 5.
            assertThat(http.post(
                                    "/api/v1/events",
                                    key,
                                    SpendlineHttp.batch(
                                            List.of(SpendlineHttp.eventAt("an-spike", "search", "5", Instant.now()))))
                            .status())
                    .isEqualTo(202);
            long accepted = System.nanoTime();
            List<JsonNode> published = new ArrayList<>();
            while (published.isEmpty()
                    && System.nanoTime() - accepted < Duration.ofSeconds(10).toNanos()) {
                published.addAll(alertsOf(consumer, workspaceId, Duration.ofMillis(50)));
            }
            long millis = (System.nanoTime() - accepted) / 1_000_000;
            assertThat(published).as("a spend anomaly").isNotEmpty();
            assertThat(millis).as("202 → anomaly on spendline.alerts.v1").isLessThan(2_000);
            JsonNode alert = published.get(0);
            assertThat(alert.get("type").asString()).isEqualTo("SPEND_ANOMALY");
            assertThat(alert.get("evidence").get("spentUsd").decimalValue()).isEqualByComparingTo("5");
            assertThat(alert.get("evidence").get("baselineUsd").decimalValue())
                    .isEqualByComparingTo(
                            new BigDecimal("3").divide(new BigDecimal("168"), 9, java.math.RoundingMode.HALF_EVEN));
            JsonNode active = http.get("/api/v1/reports/active-alerts", key).body();
            assertThat(active.get("alerts").findValuesAsString("type")).contains("SPEND_ANOMALY");
        }
    }

    @Test
    void aWorkspaceAtItsQuotaGets429ForNewEventsAnd202ForResends() {
        var ctx = spendline.context();
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("quota", Plan.FREE);
        String key = ctx.getBean(ApiKeyRepository.class).issue(ws.id(), "it").secret();
        assertThat(post(key, "q-1", "q-2", "q-3").status()).isEqualTo(202);
        assertThat(post(key, "q-4", "q-5").status()).isEqualTo(202);
        // Wait until the stream processor has all five, so it can tell resends from new events.
        await(SpendlineHttp.REPORT_ALL, key, r -> SpendlineHttp.calls(r) == 5);

        SpendlineHttp.Response refused = post(key, "q-6");
        assertThat(refused.status()).as(refused.raw().body()).isEqualTo(429);
        assertThat(refused.body().get("code").asString()).isEqualTo("quota_exceeded");
        assertThat(refused.body().get("detail").asString())
                .contains("accepted 5 of its 5 events", "1 new event(s)", "Resends of events already accepted");
        long retryAfter =
                Long.parseLong(refused.raw().headers().firstValue("retry-after").orElseThrow());
        assertThat(retryAfter)
                .isPositive()
                .isLessThanOrEqualTo(Duration.ofDays(31).toSeconds());

        // Resends of accepted pairs are accepted, and consume nothing.
        assertThat(post(key, "q-2").status()).isEqualTo(202);
        assertThat(post(key, "q-1", "q-5", "q-1").status()).isEqualTo(202);
        // A batch is atomic: one new event among resends refuses all of it.
        assertThat(post(key, "q-3", "q-7").status()).isEqualTo(429);
        SpendlineHttp.sleep(1_000);
        assertThat(SpendlineHttp.calls(http.get(SpendlineHttp.REPORT_ALL, key).body()))
                .isEqualTo(5);
        // A TEAM workspace in the same installation is not affected.
        assertThat(post(newKey(), "q-6").status()).isEqualTo(202);
    }

    @Test
    void spendTakesAnyFiltersAPeriodAndAMetricAndCompareLinesUpTwoPeriods() {
        String key = newKey();
        String acmeSearchErr = SpendlineHttp.eventAt(
                        "f-1", "search", "3", java.time.Instant.parse("2026-11-20T10:00:00Z"))
                .replace("\"ts\"", "\"status\":\"error\",\"agentId\":\"triage\",\"ts\"");
        String acmeSearch = SpendlineHttp.eventAt("f-2", "search", "2", java.time.Instant.parse("2026-11-21T10:00:00Z"))
                .replace("\"ts\"", "\"agentId\":\"triage\",\"ts\"");
        String acmeChat = SpendlineHttp.eventAt("f-3", "chat", "5", java.time.Instant.parse("2026-11-21T11:00:00Z"));
        String octSearch = SpendlineHttp.eventAt("f-4", "search", "1", java.time.Instant.parse("2026-10-20T10:00:00Z"))
                .replace("\"ts\"", "\"agentId\":\"triage\",\"ts\"");
        String globex = SpendlineHttp.eventAt("f-5", "search", "7", java.time.Instant.parse("2026-11-21T12:00:00Z"))
                .replace("\"tenantId\":\"acme\"", "\"tenantId\":\"globex\"")
                .replace("\"ts\"", "\"agentId\":\"triage\",\"ts\"");
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(acmeSearchErr, acmeSearch, acmeChat, octSearch, globex)))
                        .status())
                .isEqualTo(202);
        String nov = "from=2026-11-01&to=2026-11-30";
        // Three filters, no pair holds them: the combination rollup answers.
        JsonNode byAgent = await(
                "/api/v1/reports/spend?by=agent&tenant=acme&feature=search&model=gpt-4.1&" + nov,
                key,
                r -> r.get("totals").get("calls").asLong() == 2);
        assertThat(byAgent.get("rows").get(0).get("value").asString()).isEqualTo("triage");
        assertThat(byAgent.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("5");
        // The batch is one write, but a commit of the stream processor may fall inside it.
        JsonNode errorRate = await(
                "/api/v1/reports/spend?by=tenant&feature=search&agent=triage&metric=error_rate&order=asc&" + nov,
                key,
                r -> r.get("totals").get("calls").asLong() == 3);
        assertThat(errorRate.get("rows").findValuesAsString("value")).containsExactly("globex", "acme");
        assertThat(errorRate.get("rows").get(1).get("metricValue").decimalValue())
                .isEqualByComparingTo("0.5");
        JsonNode daily = http.get("/api/v1/reports/spend?by=day&tenant=acme&from=2026-11-19&to=2026-11-21", key)
                .body();
        assertThat(daily.get("rows").findValuesAsString("value"))
                .containsExactly("2026-11-19", "2026-11-20", "2026-11-21");
        assertThat(daily.get("rows").get(2).get("measures").get("costUsd").decimalValue())
                .isEqualByComparingTo("7");
        JsonNode compared = http.get(
                        "/api/v1/reports/compare?by=feature&tenant=acme&from=2026-11-01&to=2026-11-30"
                                + "&baseFrom=2026-10-01&baseTo=2026-10-31",
                        key)
                .body();
        assertThat(compared.get("totals").get("current").decimalValue()).isEqualByComparingTo("10");
        assertThat(compared.get("totals").get("base").decimalValue()).isEqualByComparingTo("1");
        assertThat(compared.get("grewMost").get(0).asString()).isEqualTo("chat");
        // Ask reads the same question into the same call and answers from it.
        JsonNode asked = http.post(
                        "/api/v1/ask", key, "{\"question\":\"spend of acme on search by agent in november 2026\"}")
                .body();
        assertThat(asked.get("answered").asBoolean()).as(asked.toString()).isTrue();
        assertThat(asked.get("tool").get("arguments").get("tenant").asString()).isEqualTo("acme");
        assertThat(asked.get("data").get("totals").get("costUsd").decimalValue())
                .isEqualByComparingTo("5");
        assertThat(asked.get("dashboardUrl").asString()).contains("tenant=acme", "feature=search");

        SpendlineHttp.Response bad =
                http.get("/api/v1/reports/spend?by=fortnight&metric=profit&order=up&employee=x&tenant=", key);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("errors").findValuesAsString("pointer"))
                .contains("by", "metric", "order", "employee", "tenant");
        SpendlineHttp.Response badCompare = http.get("/api/v1/reports/compare?baseFrom=2026-10-01&report=x", key);
        assertThat(badCompare.status()).isEqualTo(400);
        assertThat(badCompare.body().get("errors").findValuesAsString("pointer"))
                .contains("report", "baseTo");
        assertThat(http.get("/api/v1/reports/compare", null).status()).isEqualTo(401);
    }

    @Test
    void topWasteShowsFailedAndRetriedSpendByKindAndFeature() {
        String key = newKey();
        String failed = SpendlineHttp.event("w-1", "search", "3").replace("\"ts\"", "\"status\":\"error\",\"ts\"");
        String retried = SpendlineHttp.event("w-2", "chat", "2").replace("\"ts\"", "\"retryCount\":1,\"ts\"");
        String clean = SpendlineHttp.event("w-3", "chat", "5");
        assertThat(http.post("/api/v1/events", key, SpendlineHttp.batch(List.of(failed, retried, clean)))
                        .status())
                .isEqualTo(202);
        String range = "from=2026-11-01&to=2026-11-30";
        JsonNode waste = await(
                "/api/v1/reports/waste?" + range,
                key,
                r -> r.get("spendUsd").decimalValue().compareTo(new java.math.BigDecimal("10")) == 0);
        assertThat(waste.get("wasteUsd").decimalValue()).isEqualByComparingTo("5");
        assertThat(waste.get("wastePercent").decimalValue()).isEqualByComparingTo("50.0");
        assertThat(waste.get("rows").findValuesAsString("kind")).containsExactly("FAILED_CALL", "RETRY");
        JsonNode byFeature =
                http.get("/api/v1/reports/waste?by=feature&" + range, key).body();
        assertThat(byFeature.get("rows").get(0).get("value").asString()).isEqualTo("search");
        assertThat(byFeature.get("rows").get(1).get("value").asString()).isEqualTo("chat");

        SpendlineHttp.Response bad = http.get("/api/v1/reports/waste?by=status&limit=0&colour=red", key);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("errors").findValuesAsString("pointer")).contains("by", "colour");
        assertThat(http.get("/api/v1/reports/waste", null).status()).isEqualTo(401);
    }

    @Test
    void savingsRecommendationsTurnWasteIntoAnEstimateAndABudget() {
        String key = newKey();
        String failed = SpendlineHttp.event("s-1", "search", "3").replace("\"ts\"", "\"status\":\"error\",\"ts\"");
        String clean = SpendlineHttp.event("s-2", "search", "7");
        assertThat(http.post("/api/v1/events", key, SpendlineHttp.batch(List.of(failed, clean)))
                        .status())
                .isEqualTo(202);
        // 30 days: the failed calls' 3 USD is 3.00 a month; the budget is search's 10 a month less that.
        String range = "from=2026-11-01&to=2026-11-30";
        JsonNode savings = await(
                "/api/v1/reports/savings?" + range,
                key,
                r -> r.get("recommendations").size() == 1);
        JsonNode rec = savings.get("recommendations").get(0);
        assertThat(rec.get("kind").asString()).isEqualTo("FIX_FAILING_CALLS");
        assertThat(rec.get("id").asString()).matches("rec_[0-9a-f]{16}");
        assertThat(rec.get("estimatedMonthlySavingUsd").decimalValue()).isEqualByComparingTo("3.00");
        assertThat(rec.get("evidence").get("value").asString()).isEqualTo("search");
        assertThat(rec.get("evidence").get("calls").asLong()).isEqualTo(1);
        assertThat(rec.get("action").get("type").asString()).isEqualTo("CREATE_BUDGET");
        assertThat(rec.get("action").get("budget").get("limitUsd").decimalValue())
                .isEqualByComparingTo("7");
        assertThat(rec.get("action").get("budget").get("scope").asString()).isEqualTo("FEATURE");
        assertThat(savings.get("totalEstimatedMonthlySavingUsd").decimalValue()).isEqualByComparingTo("3.00");

        SpendlineHttp.Response bad = http.get(
                "/api/v1/reports/savings?from=2026-11-01T00:00:00Z&to=2026-11-01T05:00:00Z&limit=500&by=x", key);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("errors").findValuesAsString("pointer")).contains("by");
        SpendlineHttp.Response shortRange =
                http.get("/api/v1/reports/savings?from=2026-11-01T00:00:00Z&to=2026-11-01T05:00:00Z", key);
        assertThat(shortRange.status()).isEqualTo(400);
        assertThat(shortRange.body().toString()).contains("at least one day");
        assertThat(http.get("/api/v1/reports/savings", null).status()).isEqualTo(401);
    }

    private static SpendlineHttp.Response post(String key, String... externalIds) {
        List<String> events = new ArrayList<>();
        for (String id : externalIds) {
            events.add(SpendlineHttp.event(id, "search", "0.5"));
        }
        return http.post("/api/v1/events", key, SpendlineHttp.batch(events));
    }

    private static KafkaConsumer<String, String> alertConsumer() {
        // The standalone's broker requires its credentials, like every client of Spendline's own.
        Map<String, Object> config = spendline.kafkaClientSettings().config();
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(Topics.ALERTS.name()).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // resolve the end now, before anything is published
        return consumer;
    }

    private static List<JsonNode> alertsOf(KafkaConsumer<String, String> consumer, String workspaceId, Duration wait) {
        List<JsonNode> alerts = new ArrayList<>();
        for (ConsumerRecord<String, String> record : consumer.poll(wait)) {
            if (workspaceId.equals(record.key())) {
                alerts.add(Json.MAPPER.readTree(record.value()));
            }
        }
        return alerts;
    }

    private static void assertProblem(SpendlineHttp.Response r, int status, String code, String pointer) {
        SpendlineHttp.assertProblem(r, status, code, pointer);
    }

    private static JsonNode await(String path, String key, Predicate<JsonNode> done) {
        return http.await(path, key, EVENTUALLY, done);
    }

    private static List<JsonNode> thresholdAlerts(List<JsonNode> alerts) {
        return alerts.stream()
                .filter(a -> a.get("type").asString().equals("BUDGET_THRESHOLD"))
                .toList();
    }
}
