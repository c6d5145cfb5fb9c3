package dev.spendline.standalone;

import static dev.spendline.standalone.SpendlineHttp.batch;
import static dev.spendline.standalone.SpendlineHttp.calls;
import static dev.spendline.standalone.SpendlineHttp.event;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Standalone Spendline end to end, in this JVM: real embedded KRaft broker, Kafka Streams with
 * RocksDB, H2 control plane, real HTTP on one base URL. Each test uses its own workspace.
 */
class StandaloneIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(20);

    private static Path dataDir;
    private static int port;
    private static Standalone spendline;
    private static SpendlineHttp http;

    @BeforeAll
    static void start() throws Exception {
        dataDir = Files.createTempDirectory("spendline-it");
        port = FreePorts.loopback();
        spendline = startStandalone();
        http = new SpendlineHttp(spendline.baseUrl());
    }

    private static Standalone startStandalone() {
        return Standalone.start(dataDir, port, 0, 2, Map.of("spendline.auth.key-cache-ttl", "1s"));
    }

    @AfterAll
    static void stop() {
        spendline.close();
    }

    private static IssuedApiKey newWorkspaceKey(Plan plan) {
        var ctx = spendline.context();
        String ws = ctx.getBean(WorkspaceRepository.class)
                .create("it " + UUID.randomUUID(), plan)
                .id();
        return ctx.getBean(ApiKeyRepository.class).issue(ws, "it");
    }

    @Test
    void firstStartCreatesAWorkspaceWithAKeyThatWorks() {
        IssuedApiKey first = spendline.firstKey().orElseThrow();
        assertThat(first.secret()).startsWith("spl_");
        assertThat(http.report(first.secret()).status()).isEqualTo(200);
    }

    /** A report path no read tool has is the API's one 404 problem, as for any unknown path. */
    @Test
    void anUnknownReportIsTheUsualNotFoundProblem() {
        String key = newWorkspaceKey(Plan.FREE).secret();
        SpendlineHttp.Response unknown = http.get("/api/v1/reports/no-such-report", key);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.raw().headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(unknown.body().get("code").asString()).isEqualTo("not_found");
        assertThat(http.get("/no-such-path", key).body().get("detail").asString())
                .as("the same answer as the security chains give an unknown path")
                .isEqualTo(unknown.body().get("detail").asString());
    }

    @Test
    void anAcceptedEventIsInTheSpendReportWithinOneSecond() {
        String key = newWorkspaceKey(Plan.FREE).secret();
        SpendlineHttp.Response accepted = http.post("/api/v1/events", key, event("fresh-1", "search", "0.0042"));
        long acceptedAt = System.nanoTime();
        assertThat(accepted.status()).isEqualTo(202);

        JsonNode report = http.awaitReport(key, Duration.ofSeconds(1), r -> calls(r) == 1);
        long visibleAfterMs = (System.nanoTime() - acceptedAt) / 1_000_000;

        assertThat(calls(report)).as("visible after %d ms", visibleAfterMs).isEqualTo(1);
        assertThat(visibleAfterMs).isLessThan(1_000);
        JsonNode row = report.get("rows").get(0);
        assertThat(row.get("value").asString()).isEqualTo("search");
        assertThat(row.get("measures").get("costUsd").decimalValue()).isEqualByComparingTo("0.0042");
        assertThat(row.get("measures").get("inputTokens").asLong()).isEqualTo(100);
    }

    @Test
    void resentIdentitiesCountOnceWhetherSingleOrInsideBatches() {
        String key = newWorkspaceKey(Plan.FREE).secret();
        assertThat(http.post("/api/v1/events", key, event("r-1", "chat", "1")).status())
                .isEqualTo(202);
        assertThat(http.post("/api/v1/events", key, event("r-1", "chat", "1")).status())
                .isEqualTo(202);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                batch(List.of(
                                        event("r-1", "chat", "1"),
                                        event("r-2", "chat", "1"),
                                        event("r-2", "chat", "1"))))
                        .status())
                .isEqualTo(202);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                batch(List.of(event("r-2", "chat", "1"), event("r-3", "chat", "1"))))
                        .status())
                .isEqualTo(202);

        // Six copies of three identities: three calls, $3, and it stays that way.
        JsonNode report = http.awaitReport(key, EVENTUALLY, r -> calls(r) >= 3);
        SpendlineHttp.sleep(1_500);
        report = http.report(key).body();
        assertThat(calls(report)).isEqualTo(3);
        assertThat(report.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("3");
    }

    @Test
    void aThousandEventBatchCountsFullyAndABatchWithOneInvalidEventCountsNothing() {
        String key = newWorkspaceKey(Plan.FREE).secret();
        List<String> valid = IntStream.range(0, 1_000)
                .mapToObj(i -> event("b-" + i, "f" + (i % 7), "0.01"))
                .toList();
        assertThat(http.post("/api/v1/events", key, batch(valid)).status()).isEqualTo(202);

        List<String> oneBad = new ArrayList<>(IntStream.range(0, 1_000)
                .mapToObj(i -> event("c-" + i, "other", "0.01"))
                .toList());
        oneBad.set(412, event("c-412", "other", "-1"));
        SpendlineHttp.Response refused = http.post("/api/v1/events", key, batch(oneBad));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.raw().headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(refused.body().get("errors").get(0).get("pointer").asString())
                .isEqualTo("/events/412/costUsd");
        assertThat(refused.body().get("errors")).hasSize(1);

        // A marker sent after the refused batch: once it is counted, anything before it would be too.
        assertThat(http.post("/api/v1/events", key, event("marker", "marker", "0"))
                        .status())
                .isEqualTo(202);
        JsonNode report = http.awaitReport(key, EVENTUALLY, r -> calls(r) >= 1_001);
        assertThat(calls(report)).isEqualTo(1_001);
        // The marker was sent with cost 0: its cost is estimated from the price book, apart.
        JsonNode totals = report.get("totals");
        assertThat(totals.get("costUsd")
                        .decimalValue()
                        .subtract(totals.get("estimatedCostUsd").decimalValue()))
                .isEqualByComparingTo("10");
        assertThat(totals.get("estimatedCostUsd").decimalValue()).isPositive();
        assertThat(report.get("rows").findValuesAsString("value")).doesNotContain("other");
    }

    @Test
    void aKeyOfOneWorkspaceNeverSeesAnotherWorkspacesData() {
        String a = newWorkspaceKey(Plan.FREE).secret();
        String b = newWorkspaceKey(Plan.TEAM).secret();
        assertThat(http.post("/api/v1/events", a, event("same-id", "a-feature", "5"))
                        .status())
                .isEqualTo(202);
        assertThat(http.post("/api/v1/events", b, event("same-id", "b-feature", "7"))
                        .status())
                .isEqualTo(202);

        JsonNode reportA = http.awaitReport(a, EVENTUALLY, r -> calls(r) == 1);
        JsonNode reportB = http.awaitReport(b, EVENTUALLY, r -> calls(r) == 1);
        assertThat(reportA.get("rows").findValuesAsString("value")).containsExactly("a-feature");
        assertThat(reportB.get("rows").findValuesAsString("value")).containsExactly("b-feature");
        assertThat(reportA.get("workspaceId").asString())
                .isNotEqualTo(reportB.get("workspaceId").asString());
        // There is no parameter to name another workspace: an attempt is refused, not honoured.
        assertThat(http.get(
                                "/api/v1/reports/spend?by=feature&workspace="
                                        + reportB.get("workspaceId").asString(),
                                a)
                        .status())
                .isEqualTo(400);
    }

    @Test
    void missingWrongAndRevokedKeysAre401Everywhere() {
        IssuedApiKey key = newWorkspaceKey(Plan.FREE);
        assertThat(http.report(null).status()).isEqualTo(401);
        assertThat(http.post("/api/v1/events", null, event("x", "f", "1")).status())
                .isEqualTo(401);
        assertThat(http.report("spl_" + "n".repeat(43)).status()).isEqualTo(401);
        assertThat(http.report(null).body().get("code").asString()).isEqualTo("unauthorized");

        assertThat(http.report(key.secret()).status()).isEqualTo(200);
        new picocli.CommandLine(new StandaloneMain())
                .execute(
                        "revoke-key",
                        "--data-dir",
                        dataDir.toString(),
                        key.key().id());
        // Other processes' revokes take effect within the key cache time (1 s here).
        SpendlineHttp.sleep(1_500);
        assertThat(http.report(key.secret()).status()).isEqualTo(401);
        assertThat(http.post("/api/v1/events", key.secret(), event("y", "f", "1"))
                        .status())
                .isEqualTo(401);
    }

    @Test
    void refusedKeysAreAnsweredOnEveryRequestOfAKeptAliveConnection() {
        // Regression: refusals written off the container thread now and then lost the kept-alive
        // connection through the servlet adapter (about 1 in 100 requests got no answer at all).
        String unknownKey = "spl_" + "u".repeat(43);
        assertThat(http.report(unknownKey).status()).isEqualTo(401);
        for (int i = 0; i < 300; i++) {
            assertThat(http.post("/api/v1/events", unknownKey, event("k-" + i, "f", "1"))
                            .status())
                    .as("request %d", i)
                    .isEqualTo(401);
        }
    }

    @Test
    void oversizedBodiesAreAnswered413AndTheConnectionStaysUsable() {
        // Regression: a 413 sent before the rest of a 6 MB body was read reset the connection for
        // about one sender in ten, who then saw a connection error instead of the answer.
        String key = newWorkspaceKey(Plan.FREE).secret();
        String oversized = "{\"events\":[" + " ".repeat(6 * 1024 * 1024) + "]}";
        for (int i = 0; i < 30; i++) {
            SpendlineHttp.Response refused = http.post("/api/v1/events", key, oversized);
            assertThat(refused.status()).as("oversized request %d", i).isEqualTo(413);
            assertThat(refused.body().get("code").asString()).isEqualTo("body_too_large");
            assertThat(http.post("/api/v1/events", key, event("big-" + i, "f", "1"))
                            .status())
                    .as("request %d after it", i)
                    .isEqualTo(202);
        }
    }

    @Test
    void reportParametersAreValidatedWithEveryProblemListed() {
        String key = newWorkspaceKey(Plan.FREE).secret();
        SpendlineHttp.Response bad = http.get("/api/v1/reports/spend?by=colour&from=yesterday&limit=x", key);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("code").asString()).isEqualTo("invalid_parameters");
        assertThat(bad.body().get("errors").findValuesAsString("pointer"))
                .containsExactlyInAnyOrder("by", "from", "limit");
        assertThat(http.get("/api/v1/reports/spend?usage=internal&by=employee", key)
                        .status())
                .isEqualTo(200);
        assertThat(http.get("/api/v1/reports/spend?by=model&feature=search", key)
                        .status())
                .isEqualTo(200);
        // Any filters combine; a filter of the other usage is refused by name.
        assertThat(http.get("/api/v1/reports/spend?by=user&feature=search&model=gpt-4.1", key)
                        .status())
                .isEqualTo(200);
        SpendlineHttp.Response otherUsage = http.get("/api/v1/reports/spend?by=user&employee=bob@example.com", key);
        assertThat(otherUsage.status()).isEqualTo(400);
        assertThat(otherUsage.body().get("errors").findValuesAsString("pointer"))
                .containsExactly("employee");
    }

    @Test
    void internalUsageIsReportedSeparately() {
        String key = newWorkspaceKey(Plan.FREE).secret();
        String row = "{\"sourceKey\":\"laptop-1\",\"sourceKind\":\"collector\",\"tool\":\"codex\","
                + "\"employeeEmail\":\"Bob@Example.com\",\"teamName\":\"data\",\"inputTokens\":500,\"outputTokens\":50,"
                + "\"costUsd\":0.75,\"externalId\":\"u-1\",\"ts\":\"2026-11-20T09:00:00Z\"}";
        assertThat(http.post("/api/v1/internal-usage", key, row).status()).isEqualTo(202);
        assertThat(http.post("/api/v1/internal-usage", key, "{\"rows\":[" + row + "]}")
                        .status())
                .isEqualTo(202);

        JsonNode byEmployee =
                awaitInternal(key, r -> r.get("totals").get("calls").asLong() >= 1);
        assertThat(byEmployee.get("rows").get(0).get("value").asString()).isEqualTo("bob@example.com");
        assertThat(byEmployee.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("0.75");
        assertThat(calls(http.report(key).body())).isZero();
    }

    private static JsonNode awaitInternal(String key, java.util.function.Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = http.get("/api/v1/reports/spend?usage=internal&by=employee&from=2026-01-01&to=2027-01-01", key)
                    .body();
            if (done.test(last)) {
                SpendlineHttp.sleep(1_000);
                return http.get("/api/v1/reports/spend?usage=internal&by=employee&from=2026-01-01&to=2027-01-01", key)
                        .body();
            }
            SpendlineHttp.sleep(50);
        }
        return last;
    }

    /** Actuator moved to the internal port (issue #13); the public port keeps the probes. */
    @Test
    void healthAndMetricsAreExposedOnTheInternalPortAndProbesOnThePublicOne() {
        SpendlineHttp internal = new SpendlineHttp(spendline.internalUrl());
        SpendlineHttp.Response health = internal.get("/actuator/health", null);
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body().get("status").asString()).isEqualTo("UP");
        String metrics = internal.get("/actuator/prometheus", null).raw().body();
        assertThat(metrics).contains("spendline_ingest_accepted_total", "kafka_stream");
        assertThat(http.get("/livez", null).status()).isEqualTo(200);
        assertThat(http.get("/readyz", null).status()).isEqualTo(200);
    }
}
