package dev.spendline.standalone.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.standalone.clients.NodeClients;
import dev.spendline.streams.pricing.PriceBook;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The TypeScript sender ({@code sdks/typescript}, npm {@code @spendline/client}) against a real
 * standalone Spendline (embedded KRaft broker, Kafka Streams, real HTTP): a Node script
 * ({@code src/test/node/typescript-client.mjs}) sends events made by the package's OpenAI and Anthropic
 * helpers and usage rows, then all of them again from a second client, and one row the server refuses.
 * The spend reports count every call exactly once, with its tokens, and the costs the package computed
 * are the ones the server's own {@link PriceBook} gives for the same calls.
 *
 * <p>Builds the package first ({@code scripts/build.mjs}). Needs {@code node} and the package's
 * devDependencies ({@code npm ci} in {@code sdks/typescript}, which {@code .ci/run} does): skipped
 * without them, failed when {@value NodeClients#REQUIRE_VARIABLE} is set (CI).
 */
class TypeScriptClientIT {

    private static final Path SCRIPT = NodeClients.NODE_PROJECT.resolve("typescript-client.mjs");
    private static final Path SDK =
            NodeClients.NODE_PROJECT.resolve("../../../../sdks/typescript").normalize();
    private static final Duration EVENTUALLY = Duration.ofSeconds(60);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static StandaloneForClients spendline;
    private static Path node;

    @BeforeAll
    static void start() throws Exception {
        node = NodeClients.node().orElse(null);
        if (node == null || !Files.isRegularFile(SDK.resolve("node_modules/typescript/bin/tsc"))) {
            String message = "node or the TypeScript package's devDependencies missing: (cd sdks/typescript && npm ci)";
            String required = System.getenv(NodeClients.REQUIRE_VARIABLE);
            if (required != null && !required.isBlank() && !required.equals("0")) {
                throw new AssertionError(message);
            }
            Assumptions.abort(message);
        }
        // The package as its sources are now, not a dist/ left from an older build.
        Process build = new ProcessBuilder(node.toString(), "scripts/build.mjs")
                .directory(SDK.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(build.waitFor())
                .as("npm run build in sdks/typescript:%n%s", output)
                .isZero();
        spendline = StandaloneForClients.start("spendline-ts-client-it", EVENTUALLY);
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void everyCallIsCountedOnceWithTheServersPriceAndARefusalReachesTheListener() throws Exception {
        String key = spendline.newKey("ts-client-it");
        Instant ts = Instant.now().minus(1, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS);
        LocalDate day = LocalDate.ofInstant(ts, ZoneOffset.UTC);
        String range = "from=" + day + "&to=" + day;

        NodeClients.Home home = NodeClients.newHome("ts-client");
        NodeClients.Result run = home.run(
                        List.of(node.toString(), SCRIPT.toString()),
                        Map.of(
                                "SPENDLINE_URL", spendline.baseUrl(),
                                "SPENDLINE_API_KEY", key,
                                "SPENDLINE_TS", ts.toString()),
                        Duration.ofMinutes(3))
                .assertSucceeded();
        JsonNode out = JSON.readTree(run.stdout());

        JsonNode events = out.get("events");
        JsonNode rows = out.get("rows");
        int n = events.size();
        int m = rows.size();
        assertThat(n).isEqualTo(62);
        assertThat(m).isEqualTo(20);
        assertThat(out.get("firstFlushed").asBoolean()).as(run.describe()).isTrue();
        assertThat(out.get("firstClosed").asBoolean()).isTrue();
        assertThat(out.get("secondClosed").asBoolean()).isTrue();
        assertThat(out.get("thirdClosed").asBoolean()).isTrue();
        assertMetrics(out.get("metrics").get("first"), n + m, 0);
        assertMetrics(out.get("metrics").get("second"), n + m, 0);
        assertMetrics(out.get("metrics").get("third"), 0, 1);

        // The row the server refused: not retried, the server's problem JSON handed over as it came.
        JsonNode refusal = out.get("refusal");
        assertThat(refusal.get("status").asInt()).isEqualTo(400);
        JsonNode problem = JSON.readTree(refusal.get("problemJson").asString());
        assertThat(problem.get("code").asString()).isEqualTo("validation_failed");
        assertThat(problem.get("errors").findValuesAsString("pointer")).contains("/rows/0/tool");

        // The costs the package computed are the server's price book's for the same calls.
        PriceBook book = PriceBook.bundled();
        long costNanos = 0;
        long input = 0;
        long output = 0;
        long cacheRead = 0;
        long cacheWrite = 0;
        List<String> unpriced = new ArrayList<>();
        for (JsonNode e : events) {
            long prompt = e.get("promptTokens").asLong();
            long read = e.path("cacheReadTokens").asLong(0);
            long out1 = e.get("outputTokens").asLong();
            BigDecimal cost = new BigDecimal(e.get("costUsd").asString());
            if (!e.get("externalId").asString().equals("by-hand")) {
                long expected = book.costNanos(
                                e.get("provider").asString(),
                                e.get("model").asString(),
                                Instant.parse(e.get("ts").asString()),
                                prompt,
                                read,
                                out1)
                        .orElseGet(() -> {
                            unpriced.add(e.get("model").asString());
                            return 0L;
                        });
                assertThat(cost).as(e.toString()).isEqualByComparingTo(BigDecimal.valueOf(expected, 9));
            }
            costNanos += cost.movePointRight(9).longValueExact();
            input += prompt;
            output += out1;
            cacheRead += read;
            cacheWrite += e.path("cacheWriteTokens").asLong(0);
        }
        assertThat(unpriced).containsExactly("ft:gpt-4o-mini:acme::x1");
        assertThat(cacheWrite).as("the Anthropic calls' cache writes").isPositive();

        JsonNode product = spendline.awaitReport(
                "/api/v1/reports/spend?by=feature&limit=1000&" + range, key, r -> StandaloneForClients.calls(r) >= n);
        JsonNode totals = product.get("totals");
        assertThat(totals.get("calls").asLong()).isEqualTo(n);
        assertThat(totals.get("costUsd").decimalValue()).isEqualByComparingTo(BigDecimal.valueOf(costNanos, 9));
        assertThat(totals.get("inputTokens").asLong()).isEqualTo(input);
        assertThat(totals.get("outputTokens").asLong()).isEqualTo(output);
        assertThat(totals.get("cacheReadTokens").asLong()).isEqualTo(cacheRead);
        assertThat(totals.get("cacheWriteTokens").asLong()).isEqualTo(cacheWrite);
        assertThat(product.get("rows"))
                .extracting(r -> r.get("value").asString())
                .containsExactlyInAnyOrder("chat", "summary", "agent", "fine-tuned", "by-hand");

        long rowCostCents = (long) m * (m + 1) / 2;
        long rowInput = 0;
        for (JsonNode r : rows) {
            rowInput += r.get("inputTokens").asLong();
        }
        JsonNode internal = spendline.awaitReport(
                "/api/v1/reports/spend?usage=internal&by=employee&" + range,
                key,
                r -> StandaloneForClients.calls(r) >= m);
        assertThat(internal.get("totals").get("calls").asLong()).isEqualTo(m);
        assertThat(internal.get("totals").get("costUsd").decimalValue())
                .isEqualByComparingTo(BigDecimal.valueOf(rowCostCents, 2));
        assertThat(internal.get("totals").get("inputTokens").asLong()).isEqualTo(rowInput);
    }

    private static void assertMetrics(JsonNode metrics, int sent, int rejected) {
        assertThat(metrics.get("sent").asInt()).as(metrics.toString()).isEqualTo(sent);
        assertThat(metrics.get("rejected").asInt()).as(metrics.toString()).isEqualTo(rejected);
        assertThat(metrics.get("failed").asInt()).as(metrics.toString()).isZero();
        assertThat(metrics.get("dropped").asInt()).as(metrics.toString()).isZero();
        assertThat(metrics.get("retried").asInt()).as(metrics.toString()).isZero();
        assertThat(metrics.get("buffered").asInt()).as(metrics.toString()).isZero();
    }
}
