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
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Experiment guardrails end to end through the standalone process: events carry the experiment in
 * their metadata, {@code create_experiment_guardrail} is refused without evidence and created in
 * shadow mode with it, and under load the topology records what it would have stopped — without
 * dropping a single call.
 */
class GuardrailIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);
    private static final String PREPARE = "/api/v1/ask/actions/prepare";
    private static final String CONFIRM = "/api/v1/ask/actions/confirm";

    private static Standalone spendline;
    private static SpendlineHttp http;
    private static int sent;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-guardrail-it");
        spendline = Standalone.start(dataDir, FreePorts.loopback(), 0, 2, Map.of());
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    private static String newKey(Plan plan) {
        var ctx = spendline.context();
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("experiments", plan);
        return ctx.getBean(ApiKeyRepository.class).issue(ws.id(), "it").secret();
    }

    @Test
    void prepareRefusesAnExperimentWithoutEnoughEvidenceWithTheReasons() {
        String key = newKey(Plan.TEAM);
        send(key, "thin", "control", 150, "0.10", "success");
        send(key, "thin", "b", 40, "0.10", "success");
        send(key, "nocontrol", "a", 150, "0.10", "success");
        send(key, "nocontrol", "b", 150, "0.10", "success");
        awaitCalls(key, "thin", "b", 40);
        awaitCalls(key, "nocontrol", "b", 150);

        SpendlineHttp.Response thin = prepare(key, "thin");
        SpendlineHttp.assertProblem(thin, 409, "guardrail_not_eligible", null);
        assertThat(thin.body().get("detail").asString())
                .contains("the most has 40 calls and 40 successful calls ('b')", "needs at least 100");
        SpendlineHttp.Response noControl = prepare(key, "nocontrol");
        SpendlineHttp.assertProblem(noControl, 409, "guardrail_not_eligible", null);
        assertThat(noControl.body().get("detail").asString()).contains("no variant is named 'control'");
        SpendlineHttp.Response unseen = prepare(key, "never-sent");
        SpendlineHttp.assertProblem(unseen, 409, "guardrail_not_eligible", null);
        assertThat(unseen.body().get("detail").asString()).contains("has not been seen");

        SpendlineHttp.assertProblem(
                http.post(PREPARE, key, "{\"action\":\"create_experiment_guardrail\"}"),
                400,
                "invalid_action",
                "/experimentId");
        SpendlineHttp.assertProblem(
                http.post(PREPARE, key, "{\"action\":\"create_experiment_guardrail\",\"experimentId\":7}"),
                400,
                "invalid_action",
                "/experimentId");
        SpendlineHttp.assertProblem(
                http.post(
                        PREPARE,
                        key,
                        "{\"action\":\"create_experiment_guardrail\",\"experimentId\":\"thin\",\"mode\":\"ENFORCE\"}"),
                400,
                "invalid_action",
                "/mode");
        SpendlineHttp.assertProblem(prepare(newKey(Plan.FREE), "thin"), 403, "plan_required", null);
    }

    @Test
    void aConfirmedGuardrailIsInShadowModeAndRecordsWhatItWouldHaveStoppedUnderLoad() {
        String key = newKey(Plan.TEAM);
        // Enough evidence, and b already 25 % more expensive per success than control.
        send(key, "prompt-v2", "control", 200, "0.10", "success");
        send(key, "prompt-v2", "b", 200, "0.125", "success");
        send(key, "prompt-v2", "c", 200, "0.10", "success");
        awaitCalls(key, "prompt-v2", "c", 200);

        SpendlineHttp.Response prepared = prepare(key, "prompt-v2");
        assertThat(prepared.status()).isEqualTo(200);
        assertThat(prepared.body().get("summary").asString())
                .startsWith("Create a shadow guardrail on experiment 'prompt-v2'")
                .contains("control 200 calls, $0.1 per successful call", "b 200 calls, $0.125 per successful call");
        assertThat(prepared.body().get("arguments").get("mode").asString()).isEqualTo("SHADOW");
        // Prepare changed nothing.
        SpendlineHttp.sleep(500);
        assertThat(experiment(key, "prompt-v2").get("guardrail").isNull()).isTrue();

        SpendlineHttp.Response confirmed = http.post(
                CONFIRM,
                key,
                "{\"confirmationToken\":\""
                        + prepared.body().get("confirmationToken").asString()
                        + "\",\"confirmationPhrase\":\""
                        + prepared.body().get("confirmationPhrase").asString()
                        + "\"}");
        assertThat(confirmed.status()).isEqualTo(200);
        JsonNode guardrail = confirmed.body().get("result");
        assertThat(guardrail.get("mode").asString()).isEqualTo("SHADOW");
        assertThat(guardrail.get("experimentId").asString()).isEqualTo("prompt-v2");
        assertThat(guardrail.get("id").asString())
                .isEqualTo(prepared.body().get("arguments").get("guardrailId").asString());

        // Judged at once on the evidence so far: b would have been stopped.
        JsonNode withDecision = http.await(
                "/api/v1/experiments/prompt-v2",
                key,
                EVENTUALLY,
                e -> e.get("shadowDecisions").size() == 1);
        JsonNode decision = withDecision.get("shadowDecisions").get(0);
        assertThat(decision.get("variant").asString()).isEqualTo("b");
        assertThat(decision.get("enforced").asBoolean()).isFalse();
        assertThat(decision.get("increasePercent").decimalValue()).isEqualByComparingTo("25.0");
        assertThat(withDecision.get("guardrail").get("id").asString())
                .isEqualTo(guardrail.get("id").asString());

        // Under load: 3,000 more calls in batches, during which c turns expensive (0.20 per call).
        send(key, "prompt-v2", "control", 1000, "0.10", "success");
        send(key, "prompt-v2", "b", 1000, "0.125", "success");
        send(key, "prompt-v2", "c", 1000, "0.20", "success");
        JsonNode loaded = awaitCalls(key, "prompt-v2", "c", 1200);
        // Nothing was blocked: every call of every variant is counted.
        assertThat(calls(loaded, "control")).isEqualTo(1200);
        assertThat(calls(loaded, "b")).isEqualTo(1200);
        JsonNode decisions = http.await(
                        "/api/v1/experiments/prompt-v2",
                        key,
                        EVENTUALLY,
                        e -> e.get("shadowDecisions").size() == 2)
                .get("shadowDecisions");
        assertThat(StreamSupport.stream(decisions.spliterator(), false)
                        .map(d -> d.get("variant").asString())
                        .toList())
                .containsExactlyInAnyOrder("b", "c");

        // Each decision is an alert of its own type in active_alerts.
        JsonNode alerts = http.await(
                "/api/v1/reports/active-alerts",
                key,
                EVENTUALLY,
                a -> a.get("alerts").size() == 2);
        for (JsonNode alert : alerts.get("alerts")) {
            assertThat(alert.get("type").asString()).isEqualTo("EXPERIMENT_GUARDRAIL");
            assertThat(alert.get("message").asString()).contains("nothing was blocked");
            assertThat(alert.get("evidence")
                            .get("shadowDecision")
                            .get("enforced")
                            .asBoolean())
                    .isFalse();
        }

        // The experiment is guarded now: a second guardrail is refused with the reason.
        SpendlineHttp.Response again = prepare(key, "prompt-v2");
        SpendlineHttp.assertProblem(again, 409, "guardrail_not_eligible", null);
        assertThat(again.body().get("detail").asString()).contains("already has a guardrail");
        // And another workspace sees none of it.
        SpendlineHttp.assertProblem(
                http.get("/api/v1/experiments/prompt-v2", newKey(Plan.TEAM)), 404, "unknown_experiment", null);
    }

    private static SpendlineHttp.Response prepare(String key, String experimentId) {
        return http.post(
                PREPARE, key, "{\"action\":\"create_experiment_guardrail\",\"experimentId\":\"" + experimentId + "\"}");
    }

    private static JsonNode experiment(String key, String experimentId) {
        SpendlineHttp.Response r = http.get("/api/v1/experiments/" + experimentId, key);
        assertThat(r.status()).isEqualTo(200);
        return r.body();
    }

    private static JsonNode awaitCalls(String key, String experimentId, String variant, long calls) {
        JsonNode last =
                http.await("/api/v1/experiments/" + experimentId, key, EVENTUALLY, e -> calls(e, variant) >= calls);
        assertThat(calls(last, variant)).isEqualTo(calls);
        return last;
    }

    private static long calls(JsonNode experiment, String variant) {
        if (experiment == null || experiment.get("variants") == null) {
            return -1;
        }
        for (JsonNode v : experiment.get("variants")) {
            if (v.get("variant").asString().equals(variant)) {
                return v.get("calls").asLong();
            }
        }
        return 0;
    }

    /** {@code n} calls of one variant, in batches of 250, each with its own identity. */
    private static void send(String key, String experiment, String variant, int n, String cost, String status) {
        List<String> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sent++;
            batch.add("{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":100,\"outputTokens\":20,"
                    + "\"costUsd\":" + cost + ",\"feature\":\"support-bot\",\"tenantId\":\"acme\",\"status\":\""
                    + status + "\",\"ts\":\"" + Instant.now() + "\",\"source\":\"it\",\"externalId\":\"g-" + sent
                    + "\",\"metadata\":{\"experimentId\":\"" + experiment + "\",\"variant\":\"" + variant + "\"}}");
            if (batch.size() == 250 || i == n - 1) {
                SpendlineHttp.Response r = http.post("/api/v1/events", key, SpendlineHttp.batch(batch));
                assertThat(r.status()).as(r.raw().body()).isEqualTo(202);
                batch.clear();
            }
        }
    }
}
