package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.webhooks.WebhookAttempt;
import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The per-endpoint lanes with the real repository (H2), the real sender and a real local receiver, with
 * delays of milliseconds: order per endpoint, a slow endpoint delaying no other, the bound, disabling.
 */
class EndpointLaneTest {

    /** Changes happen after the endpoints were created (a minute before now) and are the same on every call. */
    static final Instant BASE = Instant.now();

    final Clock clock = Clock.systemUTC();
    final WebhookSecretCipher cipher = new WebhookSecretCipher(Map.of(), null);
    final List<String> received = new CopyOnWriteArrayList<>();
    final CountDownLatch release = new CountDownLatch(1);
    SingleConnectionDataSource dataSource;
    WebhookEndpointRepository repository;
    String workspaceId;
    HttpServer receiver;
    ScheduledExecutorService timer;
    ExecutorService workers;

    @BeforeEach
    void start() throws Exception {
        dataSource = new SingleConnectionDataSource("jdbc:h2:mem:lanes_" + UUID.randomUUID(), "sa", "", true);
        ControlPlaneMigrations.migrate(dataSource);
        JdbcClient jdbc = JdbcClient.create(dataSource);
        repository = new WebhookEndpointRepository(jdbc);
        workspaceId =
                new WorkspaceRepository(jdbc, clock).create("Acme", Plan.FREE).id();
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            exchange.getRequestBody().readAllBytes();
            if (path.equals("/slow")) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            received.add(path + " " + id);
            exchange.sendResponseHeaders(path.equals("/broken") ? 503 : 204, -1);
            exchange.close();
        });
        receiver.setExecutor(Executors.newCachedThreadPool());
        receiver.start();
        timer = Executors.newSingleThreadScheduledExecutor();
        workers = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stop() {
        release.countDown();
        receiver.stop(0);
        timer.shutdownNow();
        workers.shutdownNow();
        dataSource.destroy();
    }

    WebhookDispatcher dispatcher(Duration disableAfter, int capacity) {
        WebhookSender sender = new WebhookSender(
                AddressGuard.system(true, false), cipher, clock, Duration.ofSeconds(2), Duration.ofSeconds(20));
        BackoffPolicy backoff =
                new BackoffPolicy(Duration.ofMillis(20), Duration.ofMillis(50), Duration.ofMinutes(1), () -> 0.5);
        EndpointLane.Context context =
                new EndpointLane.Context(repository, sender, backoff, disableAfter, capacity, clock, timer, workers);
        return new WebhookDispatcher(repository, null, clock, () -> "http://127.0.0.1/app/alerts", context);
    }

    WebhookEndpoint endpoint(String path) {
        String id = WebhookEndpointRepository.newId();
        WebhookEndpoint endpoint = new WebhookEndpoint(
                id,
                workspaceId,
                "http://127.0.0.1:" + receiver.getAddress().getPort() + path,
                Set.of(),
                Set.of(),
                cipher.encrypt(WebhookSignature.newSecret(), id),
                null,
                null,
                Timestamps.now(clock).minusSeconds(60),
                true,
                null,
                null,
                null);
        repository.insert(endpoint);
        return endpoint;
    }

    static dev.spendline.contracts.alert.Alert change(String workspaceId, int n) {
        dev.spendline.contracts.alert.Alert a =
                WebhookPayloadsTest.alert(AlertChange.UPDATED, AlertSeverity.WARNING, BASE.plusMillis(n));
        return new dev.spendline.contracts.alert.Alert(
                a.schemaVersion(),
                workspaceId,
                "alr_00000000000000000000000" + n,
                a.type(),
                a.severity(),
                a.status(),
                a.lastChange(),
                a.scope(),
                a.scopeValue(),
                a.openedAt(),
                a.updatedAt(),
                a.resolvedAt(),
                a.message(),
                a.evidence());
    }

    static void await(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(done.getAsBoolean()).isTrue();
    }

    @Test
    void aSlowEndpointDelaysNoOtherAndEachGetsItsChangesInOrder() throws Exception {
        WebhookEndpoint slow = endpoint("/slow");
        WebhookEndpoint fast = endpoint("/fast");
        WebhookDispatcher dispatcher = dispatcher(Duration.ofHours(24), 100);
        AtomicInteger finished = new AtomicInteger();

        for (int n = 1; n <= 5; n++) {
            dispatcher.alertChanged(change(workspaceId, n), finished::incrementAndGet);
        }

        await(() -> received.stream().filter(r -> r.startsWith("/fast")).count() == 5);
        assertThat(received).noneMatch(r -> r.startsWith("/slow"));
        assertThat(finished).hasValue(0); // every change also waits for the slow endpoint
        List<String> fastIds =
                received.stream().filter(r -> r.startsWith("/fast")).toList();
        for (int n = 1; n <= 5; n++) {
            String expected = WebhookPayloads.alertChange(fast.id(), change(workspaceId, n), "u")
                    .webhookId();
            assertThat(fastIds.get(n - 1)).isEqualTo("/fast " + expected);
        }

        release.countDown();
        await(() -> finished.get() == 5);
        assertThat(received.stream().filter(r -> r.startsWith("/slow")).count()).isEqualTo(5);
        assertThat(repository.recentAttempts(workspaceId, slow.id()))
                .extracting(WebhookAttempt::outcome)
                .containsOnly("delivered");
    }

    @Test
    void aFullLaneDropsWhatDoesNotFitAndLogsIt() throws Exception {
        WebhookEndpoint slow = endpoint("/slow");
        WebhookDispatcher dispatcher = dispatcher(Duration.ofHours(24), 2);
        AtomicInteger finished = new AtomicInteger();

        for (int n = 1; n <= 4; n++) {
            dispatcher.alertChanged(change(workspaceId, n), finished::incrementAndGet);
        }

        // The first is being sent, the second waits: the third and fourth do not fit.
        assertThat(finished).hasValue(2);
        assertThat(repository.recentAttempts(workspaceId, slow.id()))
                .extracting(WebhookAttempt::outcome)
                .containsExactly("dropped", "dropped");
        release.countDown();
        await(() -> finished.get() == 4);
    }

    @Test
    void anEndpointThatFailsForTheWholeWindowIsDisabledAndItsQueueFinished() throws Exception {
        WebhookEndpoint broken = endpoint("/broken");
        WebhookDispatcher dispatcher = dispatcher(Duration.ofMillis(300), 100);
        AtomicInteger finished = new AtomicInteger();

        dispatcher.alertChanged(change(workspaceId, 1), finished::incrementAndGet);
        dispatcher.alertChanged(change(workspaceId, 2), finished::incrementAndGet);

        await(() -> finished.get() == 2);
        WebhookEndpoint disabled = repository.findForDelivery(broken.id()).orElseThrow();
        assertThat(disabled.enabled()).isFalse();
        assertThat(disabled.disabledReason()).startsWith("Every delivery failed for 300 ms (last: HTTP 503)");
        List<WebhookAttempt> log = repository.recentAttempts(workspaceId, broken.id());
        assertThat(log.get(0).outcome()).isEqualTo("gave_up");
        assertThat(log.subList(1, log.size()))
                .extracting(WebhookAttempt::outcome)
                .containsOnly("retrying");
        assertThat(log)
                .extracting(WebhookAttempt::webhookId)
                .containsOnly(log.get(0).webhookId());
        assertThat(log).extracting(WebhookAttempt::status).containsOnly(503);
    }
}
