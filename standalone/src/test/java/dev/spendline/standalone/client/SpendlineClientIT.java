package dev.spendline.standalone.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.client.ClientMetrics;
import dev.spendline.client.DeliveryListener;
import dev.spendline.client.InternalUsageRow;
import dev.spendline.client.Item;
import dev.spendline.client.ProductEvent;
import dev.spendline.client.SpendlineClient;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Java client against a real standalone Spendline (embedded KRaft broker, Kafka Streams, real
 * HTTP): every event and usage row sent arrives, resends with the same identity are counted once, and
 * a row the server refuses reaches the listener with the server's problem JSON.
 */
class SpendlineClientIT {

    private static final int N = 400;
    private static final int RESENT = 150;
    private static final Instant TS = Instant.parse("2026-11-20T10:00:00Z");
    private static final String RANGE = "from=2026-11-01&to=2026-11-30";
    private static final Duration EVENTUALLY = Duration.ofSeconds(60);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static StandaloneForClients spendline;

    @BeforeAll
    static void start() throws Exception {
        spendline = StandaloneForClients.start("spendline-client-it", EVENTUALLY);
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    private static SpendlineClient client(String key, DeliveryListener listener) {
        return SpendlineClient.builder(URI.create(spendline.baseUrl()))
                .apiKey(key)
                .batchSize(100)
                .linger(Duration.ofMillis(20))
                .requestTimeout(Duration.ofSeconds(30))
                .listener(listener)
                .build();
    }

    /** Event i costs i+1 micro-dollars, so the exact total is known: N(N+1)/2 µ$. */
    private static ProductEvent event(int i) {
        return ProductEvent.builder()
                .provider("openai")
                .model("gpt-4o-mini")
                .promptTokens(100)
                .outputTokens(10)
                .costUsd(BigDecimal.valueOf(i + 1, 6))
                .identity("client-it", "event-" + i)
                .ts(TS)
                .feature(i % 2 == 0 ? "search" : "summary")
                .tenantId("acme")
                .build();
    }

    /** Row i costs i+1 cents. */
    private static InternalUsageRow row(int i) {
        return InternalUsageRow.builder()
                .sourceKey("client-it")
                .sourceKind(InternalUsageRow.KIND_API)
                .tool("claude_code")
                .category(InternalUsageRow.CATEGORY_CODING_AGENT)
                .employeeEmail(i % 2 == 0 ? "ada@example.com" : "grace@example.com")
                .teamName("platform")
                .provider("anthropic")
                .model("claude-sonnet-4-5")
                .inputTokens(1000)
                .cachedInputTokens(200L)
                .outputTokens(50)
                .costBasis(InternalUsageRow.REPORTED)
                .costUsd(BigDecimal.valueOf(i + 1, 2))
                .ts(TS)
                .externalId("row-" + i)
                .build();
    }

    private static BigDecimal sumOfFirst(int n, int scale) {
        return BigDecimal.valueOf((long) n * (n + 1) / 2, scale);
    }

    @Test
    void everyItemArrivesOnceAndResendsAreNotCountedAgain() throws Exception {
        String key = spendline.newKey("client-it");
        Listener listener = new Listener();
        try (SpendlineClient client = client(key, listener)) {
            for (int i = 0; i < N; i++) {
                client.send(event(i));
                client.send(row(i));
            }
            assertThat(client.flush(EVENTUALLY)).isTrue();
        }
        // A second client, as after an application restart that resends what it was unsure of.
        Listener again = new Listener();
        SpendlineClient resender = client(key, again);
        for (int i = 0; i < RESENT; i++) {
            resender.send(event(i));
            resender.send(row(i));
        }
        assertThat(resender.close(EVENTUALLY)).isTrue();

        assertThat(listener.delivered).hasSize(2 * N);
        assertThat(again.delivered).hasSize(2 * RESENT);
        assertThat(listener.problems).isEmpty();
        assertThat(again.problems).isEmpty();
        assertThat(resender.metrics()).isEqualTo(new ClientMetrics(2 * RESENT, 0, 0, 0, 0, 0));

        JsonNode product = spendline.awaitReport(
                "/api/v1/reports/spend?by=feature&" + RANGE, key, r -> StandaloneForClients.calls(r) >= N);
        JsonNode internal = spendline.awaitReport(
                "/api/v1/reports/spend?usage=internal&by=employee&" + RANGE,
                key,
                r -> StandaloneForClients.calls(r) >= N);

        assertThat(StandaloneForClients.calls(product)).isEqualTo(N);
        assertThat(product.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo(sumOfFirst(N, 6));
        assertThat(StandaloneForClients.calls(internal)).isEqualTo(N);
        assertThat(internal.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo(sumOfFirst(N, 2));
        assertThat(internal.get("rows"))
                .extracting(r -> r.get("value").asString())
                .containsExactlyInAnyOrder("ada@example.com", "grace@example.com");
    }

    @Test
    void aRowTheServerRefusesIsRejectedWithItsProblemAndNotRetried() throws Exception {
        String key = spendline.newKey("client-it");
        Listener listener = new Listener();
        SpendlineClient client = client(key, listener);
        client.send(InternalUsageRow.builder()
                .sourceKey("client-it")
                .sourceKind("laptop") // not one of the decided kinds
                .tool("Claude Code") // not a slug
                .employeeEmail("ada@example.com")
                .inputTokens(1)
                .outputTokens(1)
                .costUsd("0.01")
                .externalId("bad-1")
                .build());
        assertThat(client.close(EVENTUALLY)).isTrue();

        assertThat(client.metrics()).isEqualTo(new ClientMetrics(0, 0, 0, 1, 0, 0));
        assertThat(listener.rejectedStatus).containsExactly(400);
        JsonNode problem = JSON.readTree(listener.problems.get(0));
        assertThat(problem.get("code").asString()).isEqualTo("validation_failed");
        assertThat(problem.get("errors").findValuesAsString("pointer")).contains("/rows/0/sourceKind", "/rows/0/tool");
    }

    @Test
    void aWrongKeyIsRejectedAs401AfterOneFreshTry() throws Exception {
        Listener listener = new Listener();
        SpendlineClient client = client("spl_not_a_key", listener);
        client.send(event(1));
        assertThat(client.close(EVENTUALLY)).isTrue();

        assertThat(listener.rejectedStatus).containsExactly(401);
        assertThat(client.metrics().rejected()).isEqualTo(1);
        assertThat(client.metrics().retried()).isEqualTo(1);
    }

    /** Records outcomes as an application's listener would. */
    private static final class Listener implements DeliveryListener {
        final List<Item> delivered = new CopyOnWriteArrayList<>();
        final List<Integer> rejectedStatus = new CopyOnWriteArrayList<>();
        final List<String> problems = new CopyOnWriteArrayList<>();

        @Override
        public void delivered(List<? extends Item> items) {
            delivered.addAll(items);
        }

        @Override
        public void rejected(List<? extends Item> items, int status, String problemJson) {
            rejectedStatus.add(status);
            problems.add(problemJson);
        }

        @Override
        public void failed(List<? extends Item> items, String reason) {
            problems.add(reason);
        }
    }
}
