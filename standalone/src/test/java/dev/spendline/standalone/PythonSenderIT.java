package dev.spendline.standalone;

import static dev.spendline.standalone.SpendlineHttp.calls;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The Python sender ({@code sdks/python}) against a real standalone Spendline (embedded KRaft broker,
 * Kafka Streams, real HTTP): a Python process ({@code src/test/python/send_with_python_sender.py})
 * sends known events (plain ones, one built from an OpenAI chat completion and one from an Anthropic
 * message by the package's helpers, priced from its price book, and one of a model the book lacks,
 * sent at cost 0 and marked unpriced) and usage rows, then resends part of
 * them with the same identities from a second client, as after a restart. The reports must count
 * exactly what was sent, once; the row the server refuses reaches the listener with its problem JSON.
 */
class PythonSenderIT {

    private static final int EVENTS = 60;
    private static final int ROWS = 25;
    private static final int RESENT = 20;
    private static final Duration EVENTUALLY = Duration.ofSeconds(60);
    private static final String INTERNAL_REPORT =
            "/api/v1/reports/spend?usage=internal&by=employee&from=2026-11-01&to=2026-11-30";

    /** gpt-4o-mini (0.15 / 0.075 / 0.60 per million): 976 × 0.15 + 1,024 × 0.075 + 300 × 0.60 = 403.2. */
    private static final BigDecimal OPENAI_COST = new BigDecimal("0.0004032");
    /** claude-sonnet-4-5 (3.00 / 0.30 / 15.00), cache writes as input: 500 × 3 + 800 × 0.3 + 300 × 15 = 6,240. */
    private static final BigDecimal ANTHROPIC_COST = new BigDecimal("0.00624");

    private static Standalone spendline;
    private static SpendlineHttp http;

    @BeforeAll
    static void start() throws Exception {
        spendline = Standalone.start(
                Files.createTempDirectory("spendline-python-it"), FreePorts.loopback(), 0, 2, Map.of());
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
        String ws = ctx.getBean(WorkspaceRepository.class)
                .create("python " + UUID.randomUUID(), Plan.TEAM)
                .id();
        return ctx.getBean(ApiKeyRepository.class).issue(ws, "python-it").secret();
    }

    @Test
    void everythingThePythonSenderSendsIsCountedOnceAndARefusalReachesTheListener() {
        String key = newKey();
        PythonSdk.Result run = PythonSdk.run(
                PythonSdk.SCRIPTS,
                List.of("send_with_python_sender.py"),
                Map.of("SPENDLINE_URL", spendline.baseUrl(), "SPENDLINE_API_KEY", key),
                Duration.ofMinutes(3));
        run.assertSucceeded();
        JsonNode outcome = Json.MAPPER.readTree(run.stdout());

        JsonNode first = outcome.get("first");
        assertThat(first.get("settled").asBoolean()).as(run.describe()).isTrue();
        assertThat(first.get("delivered").asInt()).isEqualTo(EVENTS + 3 + ROWS);
        assertThat(first.get("metrics").get("sent").asInt()).isEqualTo(EVENTS + 3 + ROWS);
        assertThat(first.get("metrics").get("rejected").asInt()).isEqualTo(1);
        assertThat(first.get("metrics").get("failed").asInt()).isZero();
        assertThat(first.get("metrics").get("dropped").asInt()).isZero();
        assertThat(first.get("metrics").get("buffered").asInt()).isZero();
        JsonNode rejection = first.get("rejected").get(0);
        assertThat(rejection.get("status").asInt()).isEqualTo(400);
        assertThat(rejection.get("problem").get("code").asString()).isEqualTo("validation_failed");
        assertThat(rejection.get("problem").get("errors").findValuesAsString("pointer"))
                .contains("/rows/0/sourceKind", "/rows/0/tool");

        JsonNode resend = outcome.get("resend");
        assertThat(resend.get("settled").asBoolean()).as(run.describe()).isTrue();
        assertThat(resend.get("metrics").get("sent").asInt()).isEqualTo(2 * RESENT + 1);
        assertThat(resend.get("failed")).isEmpty();
        assertThat(resend.get("rejected")).isEmpty();

        http.awaitReport(key, EVENTUALLY, r -> calls(r) >= EVENTS + 3);
        sleepASecond(); // a late double count would show now
        JsonNode product = http.report(key).body();
        JsonNode totals = product.get("totals");
        assertThat(calls(product)).isEqualTo(EVENTS + 3);
        assertThat(totals.get("costUsd").decimalValue())
                .isEqualByComparingTo(microDollarsUpTo(EVENTS).add(OPENAI_COST).add(ANTHROPIC_COST));
        // The unpriced call adds its tokens (the OpenAI answer's again) and no cost.
        assertThat(totals.get("inputTokens").asLong()).isEqualTo(EVENTS * 100L + 2000 + 1300 + 2000);
        assertThat(totals.get("outputTokens").asLong()).isEqualTo(EVENTS * 10L + 300 + 300 + 300);
        assertThat(totals.get("cacheReadTokens").asLong()).isEqualTo(1024 + 800 + 1024);
        assertThat(totals.get("cacheWriteTokens").asLong()).isEqualTo(100);

        http.await(INTERNAL_REPORT, key, EVENTUALLY, r -> calls(r) >= ROWS);
        sleepASecond();
        JsonNode internal = http.get(INTERNAL_REPORT, key).body();
        assertThat(calls(internal)).isEqualTo(ROWS);
        assertThat(internal.get("totals").get("costUsd").decimalValue())
                .isEqualByComparingTo(BigDecimal.valueOf((long) ROWS * (ROWS + 1) / 2, 2));
        assertThat(internal.get("rows"))
                .extracting(r -> r.get("value").asString())
                .containsExactlyInAnyOrder("ada@example.com", "grace@example.com");
    }

    /**
     * The Python side of OTLP traces in (issue #32): a Python process posts what the official Python
     * OpenAI instrumentation ({@code opentelemetry-instrumentation-openai-v2}) exports for one chat
     * completion and one failed call — the recorded export {@code PythonOpenAiV2FixtureTest} maps in
     * the gateway — to {@code /v1/traces}, then again as an exporter's retry
     * ({@code src/test/python/post_otlp_fixture.py}). The report shows exactly two calls with the
     * recorded tokens, attributed from the resource, and the retry adds nothing.
     */
    @Test
    void whatThePythonOpenAiInstrumentationExportsIsOneCallPerModelCall() {
        String key = newKey();
        Path fixture = Path.of(System.getProperty("basedir", "."))
                .toAbsolutePath()
                .normalize()
                .resolveSibling("gateway")
                .resolve("src/test/resources/otlp/python-openai-v2-chat.json");
        PythonSdk.Result run = PythonSdk.run(
                PythonSdk.SCRIPTS,
                List.of("post_otlp_fixture.py", fixture.toString()),
                Map.of("SPENDLINE_URL", spendline.baseUrl(), "SPENDLINE_API_KEY", key),
                Duration.ofMinutes(1));
        run.assertSucceeded();
        for (JsonNode answer : Json.MAPPER.readTree(run.stdout()).get("answers")) {
            assertThat(answer.get("status").asInt()).as(run.describe()).isEqualTo(200);
            assertThat(answer.get("body").asString()).as("nothing rejected").isEqualTo("{}");
        }

        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String range = "&from=" + today.minusDays(1) + "&to=" + today;
        String byModel = "/api/v1/reports/spend?by=model" + range;
        http.await(byModel, key, EVENTUALLY, r -> calls(r) >= 2);
        sleepASecond(); // a late double count would show now
        JsonNode report = http.get(byModel, key).body();
        assertThat(calls(report)).as(report.toString()).isEqualTo(2);
        assertThat(report.get("totals").get("inputTokens").asLong()).isEqualTo(1234);
        assertThat(report.get("totals").get("outputTokens").asLong()).isEqualTo(56);
        // The answered call under the response's model, the failed one under the request's.
        assertThat(report.get("rows"))
                .extracting(r -> r.get("value").asString() + "="
                        + r.get("measures").get("calls").asLong())
                .containsExactlyInAnyOrder("gpt-4o-mini-2024-07-18=1", "gpt-4o-mini=1");
        for (String[] expected :
                new String[][] {{"provider", "openai"}, {"tenant", "acme"}, {"feature", "ticket-triage"}}) {
            JsonNode by = http.get("/api/v1/reports/spend?by=" + expected[0] + range, key)
                    .body();
            assertThat(by.get("rows")).as(by.toString()).hasSize(1);
            assertThat(by.get("rows").get(0).get("value").asString()).isEqualTo(expected[1]);
        }
    }

    /** 1 + 2 + … + n micro-dollars: event i costs i + 1. */
    private static BigDecimal microDollarsUpTo(int n) {
        return BigDecimal.valueOf((long) n * (n + 1) / 2, 6);
    }

    private static void sleepASecond() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
