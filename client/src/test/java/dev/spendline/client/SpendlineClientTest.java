package dev.spendline.client;

import static dev.spendline.client.FakeIngest.hangUp;
import static dev.spendline.client.FakeIngest.problem;
import static dev.spendline.client.FakeIngest.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SpendlineClientTest {

    private static final Duration SETTLE = Duration.ofSeconds(10);

    private FakeIngest server;
    private final Recorder recorder = new Recorder();
    private final List<SpendlineClient> clients = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = new FakeIngest();
    }

    @AfterEach
    void stop() {
        clients.forEach(c -> c.close(Duration.ofSeconds(1)));
        server.close();
    }

    /** Fast retries so the tests stay quick; each test overrides what it is about. */
    private SpendlineClient.Builder client() {
        return SpendlineClient.builder(server.uri())
                .apiKey("spl_test")
                .linger(Duration.ofMillis(20))
                .backoff(Duration.ofMillis(10), Duration.ofSeconds(5))
                .requestTimeout(Duration.ofSeconds(5))
                .listener(recorder);
    }

    private SpendlineClient started(SpendlineClient.Builder builder) {
        SpendlineClient client = builder.build();
        clients.add(client);
        return client;
    }

    static ProductEvent event(String id) {
        return ProductEvent.builder()
                .provider("openai")
                .model("gpt-4o-mini")
                .promptTokens(1000)
                .outputTokens(200)
                .costUsd("0.00027")
                .identity("client-test", id)
                .build();
    }

    static InternalUsageRow row(String id) {
        return InternalUsageRow.builder()
                .sourceKey("client-test")
                .sourceKind(InternalUsageRow.KIND_API)
                .tool("claude_code")
                .employeeEmail("ada@example.com")
                .inputTokens(100)
                .outputTokens(10)
                .costUsd("0.01")
                .externalId(id)
                .build();
    }

    @Test
    void sendsEventsAndRowsInSeparateBatchesToTheirEndpoints() throws Exception {
        SpendlineClient client = started(client().linger(Duration.ofSeconds(30)));
        client.send(event("e1"));
        client.send(row("r1"));
        client.send(event("e2"));
        client.send(row("r2"));
        client.send(event("e3"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(2);
        FakeIngest.Request events = server.requests().stream()
                .filter(r -> r.path().equals("/api/v1/events"))
                .findFirst()
                .orElseThrow();
        FakeIngest.Request rows = server.requests().stream()
                .filter(r -> r.path().equals("/api/v1/internal-usage"))
                .findFirst()
                .orElseThrow();
        assertThat(events.externalIds()).containsExactly("e1", "e2", "e3");
        assertThat(events.body().propertyNames()).containsExactly("events");
        assertThat(rows.externalIds()).containsExactly("r1", "r2");
        assertThat(rows.body().propertyNames()).containsExactly("rows");
        assertThat(events.authorization()).isEqualTo("Bearer spl_test");
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(5, 0, 0, 0, 0, 0));
        assertThat(recorder.delivered).hasSize(5);
    }

    @Test
    void splitsBatchesAtTheBatchSize() throws Exception {
        SpendlineClient client = started(client().batchSize(3).linger(Duration.ofSeconds(30)));
        for (int i = 0; i < 7; i++) {
            client.send(event("e" + i));
        }
        // Two full batches leave at once; the last, partial one only when asked.
        server.awaitRequests(2);
        assertThat(server.requests()).extracting(r -> r.externalIds().size()).containsExactly(3, 3);

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests())
                .extracting(FakeIngest.Request::externalIds)
                .containsExactly(List.of("e0", "e1", "e2"), List.of("e3", "e4", "e5"), List.of("e6"));
    }

    @Test
    void aPartialBatchWaitsForTheLingerThenLeaves() throws Exception {
        SpendlineClient client = started(client().linger(Duration.ofMillis(400)));
        long sentAt = System.nanoTime();
        client.send(event("e1"));

        Thread.sleep(200);
        assertThat(server.requests()).isEmpty();
        server.awaitRequests(1);

        long waitedMs = TimeUnit.NANOSECONDS.toMillis(server.requests().get(0).atNanos() - sentAt);
        assertThat(waitedMs).isBetween(400L, 5_000L);
    }

    @Test
    void retriesA500AndDeliversOnce() throws Exception {
        server.then(problem(500, "internal_error"));
        SpendlineClient client = started(client());
        client.send(event("e1"));
        client.send(event("e2"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(2);
        assertThat(server.requests().get(1).body())
                .isEqualTo(server.requests().get(0).body());
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(2, 2, 0, 0, 0, 0));
        assertThat(recorder.delivered).extracting(Item::externalId).containsExactly("e1", "e2");
        assertThat(recorder.failed).isEmpty();
    }

    @Test
    void waitsAtLeastRetryAfterOnA429() throws Exception {
        server.then(status(429, "{\"code\":\"quota_exceeded\"}", "Retry-After", "1"));
        SpendlineClient client = started(client());
        client.send(event("e1"));

        assertThat(client.flush(SETTLE)).isTrue();

        List<FakeIngest.Request> requests = server.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).atNanos() - requests.get(0).atNanos())
                .isGreaterThanOrEqualTo(TimeUnit.SECONDS.toNanos(1));
        assertThat(client.metrics().sent()).isEqualTo(1);
        assertThat(client.metrics().retried()).isEqualTo(1);
    }

    @Test
    void givesUpAtOnceWhenRetryAfterIsBeyondTheLongestBackoff() throws Exception {
        server.then(status(429, "{\"code\":\"quota_exceeded\"}", "Retry-After", "86400"));
        SpendlineClient client = started(client());
        client.send(event("e1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(1);
        assertThat(recorder.failedReasons).singleElement().asString().contains("HTTP 429", "Retry-After");
        assertThat(client.metrics().failed()).isEqualTo(1);
    }

    @Test
    void doesNotRetryA400AndReportsTheProblem() throws Exception {
        String problem = "{\"code\":\"validation_failed\",\"errors\":[{\"pointer\":\"/events/0/costUsd\","
                + "\"message\":\"must be at most 100000\"}]}";
        server.then(status(400, problem));
        SpendlineClient client = started(client());
        client.send(event("e1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(1);
        assertThat(recorder.rejectedStatus.get()).isEqualTo(400);
        assertThat(recorder.rejectedBody.get()).isEqualTo(problem);
        assertThat(recorder.rejected).extracting(Item::externalId).containsExactly("e1");
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(0, 0, 0, 1, 0, 0));
    }

    @Test
    void refreshesTheTokenOnceAfterA401() throws Exception {
        List<String> unauthorized = new CopyOnWriteArrayList<>();
        AtomicReference<String> current = new AtomicReference<>("expired-token");
        server.then(problem(401, "unauthorized"));
        SpendlineClient client = started(client().credentials(new BearerCredentials() {
            @Override
            public String token() {
                return current.get();
            }

            @Override
            public void unauthorized(String rejected) {
                unauthorized.add(rejected);
                current.set("fresh-token");
            }
        }));
        client.send(row("r1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(unauthorized).containsExactly("expired-token");
        assertThat(server.requests())
                .extracting(FakeIngest.Request::authorization)
                .containsExactly("Bearer expired-token", "Bearer fresh-token");
        assertThat(client.metrics().sent()).isEqualTo(1);
    }

    @Test
    void aSecond401IsRejectedNotRetriedForever() throws Exception {
        server.otherwise(problem(401, "unauthorized"));
        SpendlineClient client = started(client().maxRetries(5));
        client.send(row("r1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(2);
        assertThat(recorder.rejectedStatus.get()).isEqualTo(401);
        assertThat(client.metrics().rejected()).isEqualTo(1);
    }

    @Test
    void retriesWhenTheServerHangsUp() throws Exception {
        server.then(hangUp(), hangUp());
        SpendlineClient client = started(client());
        client.send(event("e1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(3);
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(1, 2, 0, 0, 0, 0));
    }

    @Test
    void failsAfterTheLastRetry() throws Exception {
        server.otherwise(problem(503, "unavailable"));
        SpendlineClient client = started(client().maxRetries(2));
        client.send(event("e1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(3);
        assertThat(recorder.failedReasons).singleElement().asString().contains("3 attempts", "HTTP 503");
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(0, 2, 0, 0, 1, 0));
    }

    @Test
    void aStalledServerNeverBlocksTheCallerAndHitsTheRequestTimeout() throws Exception {
        server.otherwise(server.stall());
        SpendlineClient client =
                started(client().requestTimeout(Duration.ofMillis(300)).maxRetries(0));

        long slowest = 0;
        for (int i = 0; i < 2_000; i++) {
            long start = System.nanoTime();
            client.send(event("e" + i));
            slowest = Math.max(slowest, System.nanoTime() - start);
        }
        // Generous for a busy shared machine; the point is that no call waits for the network.
        assertThat(TimeUnit.NANOSECONDS.toMillis(slowest)).isLessThan(100);

        long flushStart = System.nanoTime();
        assertThat(client.flush(Duration.ofMillis(150))).isFalse();
        long flushMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - flushStart);
        assertThat(flushMs).isBetween(150L, 1_000L);

        // Each batch times out after 300 ms and, with no retries left, fails.
        assertThat(client.flush(SETTLE)).isTrue();
        assertThat(recorder.failedReasons).isNotEmpty().allSatisfy(reason -> assertThat(reason)
                .contains("no answer within PT0.3S"));
        assertThat(client.metrics().failed()).isEqualTo(2_000);
        assertThat(client.metrics().sent()).isZero();
    }

    @Test
    void aFullBufferDropsTheOldestAndCountsExactly() throws Exception {
        server.then(server.stall());
        SpendlineClient client =
                started(client().bufferCapacity(10).batchSize(1).linger(Duration.ZERO));
        client.send(event("e0"));
        server.awaitRequests(1); // e0 is in flight, held by the stalled server

        for (int i = 1; i <= 15; i++) {
            client.send(event("e" + i));
        }
        assertThat(client.metrics().dropped()).isEqualTo(5);
        assertThat(client.metrics().buffered()).isEqualTo(11);

        server.release();
        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(recorder.dropped).extracting(Item::externalId).containsExactly("e1", "e2", "e3", "e4", "e5");
        assertThat(recorder.delivered)
                .extracting(Item::externalId)
                .containsExactly("e0", "e6", "e7", "e8", "e9", "e10", "e11", "e12", "e13", "e14", "e15");
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(11, 0, 5, 0, 0, 0));
    }

    @Test
    void closeSendsWhatIsBufferedWithinItsDeadline() throws Exception {
        SpendlineClient client = started(client().linger(Duration.ofMinutes(1)));
        for (int i = 0; i < 5; i++) {
            client.send(event("e" + i));
        }

        long start = System.nanoTime();
        assertThat(client.close(Duration.ofSeconds(5))).isTrue();

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);
        assertThat(server.requests())
                .singleElement()
                .extracting(FakeIngest.Request::externalIds)
                .isEqualTo(List.of("e0", "e1", "e2", "e3", "e4"));
        assertThat(client.metrics().sent()).isEqualTo(5);
    }

    @Test
    void closeReturnsAtItsDeadlineAgainstAStalledServerAndLaterSendsAreDropped() throws Exception {
        server.otherwise(server.stall());
        SpendlineClient client = started(client().requestTimeout(Duration.ofSeconds(20)));
        client.send(event("e1"));
        client.send(row("r1"));
        server.awaitRequests(1);

        long start = System.nanoTime();
        assertThat(client.close(Duration.ofMillis(300))).isFalse();
        long closeMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertThat(closeMs).isBetween(300L, 1_300L);
        assertThat(recorder.failed).extracting(Item::externalId).containsExactlyInAnyOrder("e1", "r1");
        assertThat(client.metrics().failed()).isEqualTo(2);

        client.send(event("late"));
        assertThat(client.metrics().dropped()).isEqualTo(1);
        assertThat(recorder.dropped).extracting(Item::externalId).containsExactly("late");
        assertThat(client.metrics().buffered()).isZero();
    }

    @Test
    void autoCloseUsesTheBuildersDeadline() throws Exception {
        server.otherwise(server.stall());
        SpendlineClient client = client().closeDeadline(Duration.ofMillis(200)).build();
        client.send(event("e1"));
        server.awaitRequests(1);

        long start = System.nanoTime();
        client.close();

        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(200L, 1_200L);
        assertThat(client.metrics().failed()).isEqualTo(1);
    }

    @Test
    void aListenerThatThrowsDoesNotStopDelivery() throws Exception {
        SpendlineClient client = started(client().listener(new DeliveryListener() {
            @Override
            public void delivered(List<? extends Item> items) {
                throw new IllegalStateException("a bug in the application's listener");
            }
        }));
        client.send(event("e1"));
        assertThat(client.flush(SETTLE)).isTrue();
        client.send(event("e2"));
        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(2);
        assertThat(client.metrics().sent()).isEqualTo(2);
    }

    @Test
    void ifTheSenderThreadDiesLaterSendsAreDroppedNotKeptForever() throws Exception {
        SpendlineClient client = started(client().listener(new DeliveryListener() {
            @Override
            public void delivered(List<? extends Item> items) {
                throw new OutOfMemoryError("simulated: an Error escapes the listener");
            }
        }));
        client.send(event("e1"));
        assertThat(client.flush(SETTLE)).isTrue();
        Thread.sleep(100);

        client.send(event("e2"));

        assertThat(client.flush(Duration.ofMillis(100))).isTrue();
        assertThat(client.metrics().dropped()).isEqualTo(1);
        assertThat(client.metrics().buffered()).isZero();
    }

    @Test
    void retriesA408LikeATimeout() throws Exception {
        server.then(problem(408, "request_timeout"));
        SpendlineClient client = started(client());
        client.send(row("r1"));

        assertThat(client.flush(SETTLE)).isTrue();

        assertThat(server.requests()).hasSize(2);
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(1, 1, 0, 0, 0, 0));
    }

    @Test
    void manyCallerThreadsLoseAndRepeatNothing() throws Exception {
        SpendlineClient client = started(client().bufferCapacity(100_000).batchSize(1000));
        int threads = 4;
        int each = 5_000;
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int caller = t;
            callers.add(new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    if (i % 2 == 0) {
                        client.send(event(caller + "-" + i));
                    } else {
                        client.send(row(caller + "-" + i));
                    }
                }
            }));
        }
        callers.forEach(Thread::start);
        for (Thread caller : callers) {
            caller.join();
        }

        assertThat(client.flush(SETTLE)).isTrue();

        List<String> received = new ArrayList<>();
        server.requests().forEach(r -> received.addAll(r.externalIds()));
        assertThat(received).hasSize(threads * each).doesNotHaveDuplicates();
        assertThat(client.metrics()).isEqualTo(new ClientMetrics(threads * each, 0, 0, 0, 0, 0));
    }

    @Test
    void theSenderIsOneNamedDaemonThread() {
        started(client());
        assertThat(Thread.getAllStackTraces().keySet())
                .filteredOn(t -> t.getName().startsWith("spendline-client-sender-"))
                .isNotEmpty()
                .allSatisfy(t -> assertThat(t.isDaemon()).isTrue());
    }

    /** Records every callback, as an application's listener would. */
    static final class Recorder implements DeliveryListener {
        final List<Item> delivered = new CopyOnWriteArrayList<>();
        final List<Item> rejected = new CopyOnWriteArrayList<>();
        final List<Item> failed = new CopyOnWriteArrayList<>();
        final List<String> failedReasons = new CopyOnWriteArrayList<>();
        final List<Item> dropped = new CopyOnWriteArrayList<>();
        final AtomicReference<Integer> rejectedStatus = new AtomicReference<>();
        final AtomicReference<String> rejectedBody = new AtomicReference<>();

        @Override
        public void delivered(List<? extends Item> items) {
            delivered.addAll(items);
        }

        @Override
        public void rejected(List<? extends Item> items, int status, String problemJson) {
            rejected.addAll(items);
            rejectedStatus.set(status);
            rejectedBody.set(problemJson);
        }

        @Override
        public void failed(List<? extends Item> items, String reason) {
            failed.addAll(items);
            failedReasons.add(reason);
        }

        @Override
        public void dropped(Item item) {
            dropped.add(item);
        }
    }
}
