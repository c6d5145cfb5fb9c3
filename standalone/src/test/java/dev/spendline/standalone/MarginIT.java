package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.ApiKeyRepository;
import dev.spendline.controlplane.Plan;
import dev.spendline.controlplane.Workspace;
import dev.spendline.controlplane.WorkspaceRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Customer revenue and the margin tools through the standalone process over HTTP: revenue set in
 * the settings goes through Kafka into the topology, and the margin reports combine it with the
 * events' cost.
 */
class MarginIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(20);
    private static final String NOV = "from=2026-11&to=2026-11";

    private static Standalone spendline;
    private static SpendlineHttp http;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-margin-it");
        int port = SpendlineHttp.freePort();
        spendline = Standalone.start(dataDir, port, 0, 2, Map.of());
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
                r -> r.get("totals").get("costUsd").decimalValue().signum() > 0);
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

    private static void assertProblem(SpendlineHttp.Response r, int status, String code, String pointer) {
        assertThat(r.status()).as(r.raw().body()).isEqualTo(status);
        assertThat(r.body().get("code").asString()).isEqualTo(code);
        assertThat(r.body().get("errors").findValuesAsString("pointer")).contains(pointer);
    }

    private static JsonNode await(String path, String key, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            SpendlineHttp.Response r = http.get(path, key);
            if (r.status() == 200) {
                last = r.body();
                if (done.test(last)) {
                    return last;
                }
            }
            SpendlineHttp.sleep(50);
        }
        throw new AssertionError("not reached in " + EVENTUALLY + "; last answer: " + last);
    }
}
