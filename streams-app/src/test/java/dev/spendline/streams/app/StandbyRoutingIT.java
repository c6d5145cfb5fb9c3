package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.EventIdentity;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.internalapi.UnreachablePeers;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.streams.SeededEvents;
import dev.spendline.streams.query.ClosedMonthCache;
import dev.spendline.streams.query.RoutingQueries;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.http.ResponseEntity;

/**
 * Three streams instances over one real broker, with one standby replica of every task, each
 * serving the real instance-to-instance route ({@link InternalQueryController}) on its own HTTP
 * port. When a partition's owner stops answering (its HTTP server stopped, as after kill -9 before
 * the group has evicted it), a report is still answered by the partition's standby replica, both
 * when the standby is the routing instance itself and when it is another instance; an exact read
 * (accepted_pairs) is not, and fails with 503 within the retry bound. An owner that could not be
 * reached is remembered, so the reads after the first go to the standby without asking it.
 */
class StandbyRoutingIT {

    private static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    private static final String WS = "ws_standby";
    private static final int EVENTS = 200;
    private static final int ATTEMPTS = 8;
    private static final Duration BACKOFF = Duration.ofMillis(250);
    /** The retry bound; a forwarded request gets as long, at least 2 s (as {@link StreamsConfiguration} sets it). */
    private static final Duration BOUND = BACKOFF.multipliedBy(ATTEMPTS);

    private static final Duration PEER_TIMEOUT =
            BOUND.compareTo(Duration.ofSeconds(2)) < 0 ? Duration.ofSeconds(2) : BOUND;
    private static final InstanceCredential CREDENTIAL = InstanceCredential.of(InstanceCredential.generateSecret());

    @TempDir
    Path dir;

    @Test
    void aStandbyAnswersReportsWhenTheOwnerIsGoneAndExactReadsGet503() throws Exception {
        withThreeInstances((events, active, standby, bystander) -> {
            double standbyRemoteBefore = bystander.routed("standby_remote");
            double standbyLocalBefore = standby.routed("standby_local");

            // The owner stops answering but stays in the group: its port refuses connections.
            active.http.stop(0);

            SpendReport viaOther = bystander.queries.answer(QueryType.SPEND_BY, spendQuery());
            assertThat(viaOther.totals().calls()).isEqualTo(EVENTS);
            assertThat(bystander.routed("standby_remote")).isEqualTo(standbyRemoteBefore + 1);
            // The refused owner is remembered: the next read asks the standby first.
            double deferredBefore = bystander.peerDown();
            bystander.queries.answer(QueryType.SPEND_BY, spendQuery());
            assertThat(bystander.peerDown()).isEqualTo(deferredBefore + 1);
            assertThat(bystander.routed("standby_remote")).isEqualTo(standbyRemoteBefore + 2);

            SpendReport viaStandby = standby.queries.answer(QueryType.SPEND_BY, spendQuery());
            assertThat(viaStandby.totals().calls()).isEqualTo(EVENTS);
            assertThat(standby.routed("standby_local")).isEqualTo(standbyLocalBefore + 1);

            // The quota count (its own store) is stale-tolerant too: the gateway's fallback is 0.
            assertThat(bystander
                            .queries
                            .answer(QueryType.QUOTA_USAGE, new QuotaUsageQuery(WS, YearMonth.of(2026, 11)))
                            .acceptedEvents())
                    .isEqualTo(EVENTS);

            // An exact read waits for the owner, within the bound, then 503.
            AcceptedPairsQuery exact = exactRead(events);
            long started = System.nanoTime();
            assertThatThrownBy(() -> bystander.queries.answer(QueryType.ACCEPTED_PAIRS, exact))
                    .isInstanceOf(QueryUnavailableException.class);
            Duration waited = Duration.ofNanos(System.nanoTime() - started);
            assertThat(waited).isLessThan(BOUND.plusSeconds(2));
            assertThatThrownBy(() -> standby.queries.answer(QueryType.ACCEPTED_PAIRS, exact))
                    .isInstanceOf(QueryUnavailableException.class);
            // Asked as a standby over HTTP, an exact read is refused too (the owner-only rule).
            assertThatThrownBy(() -> standby.queries.answerFromStandby(QueryType.ACCEPTED_PAIRS, exact))
                    .isInstanceOf(QueryUnavailableException.class);
        });
    }

    /**
     * The owner hangs: its port accepts connections (the kernel completes them) but nothing ever
     * answers, as with a frozen process. The first read pays the request timeout once; the owner
     * is then remembered as unreachable and the next read goes straight to the standby, in well
     * under the timeout; exact reads still wait for the owner and get 503 within the bound.
     */
    @Test
    void anOwnerThatHangsCostsOneReadThenReportsGoStraightToAStandby() throws Exception {
        withThreeInstances((events, active, standby, bystander) -> {
            int port = active.self.port();
            active.http.stop(0);
            try (ServerSocket silent = new ServerSocket()) {
                silent.setReuseAddress(true);
                silent.bind(new InetSocketAddress("127.0.0.1", port), 50);

                long t0 = System.nanoTime();
                SpendReport first = bystander.queries.answer(QueryType.SPEND_BY, spendQuery());
                Duration firstTook = Duration.ofNanos(System.nanoTime() - t0);
                assertThat(first.totals().calls()).isEqualTo(EVENTS);
                // The first read waited for the owner's answer for the request timeout.
                assertThat(firstTook).isGreaterThanOrEqualTo(PEER_TIMEOUT.minusMillis(100));

                double deferredBefore = bystander.peerDown();
                long t1 = System.nanoTime();
                SpendReport second = bystander.queries.answer(QueryType.SPEND_BY, spendQuery());
                Duration secondTook = Duration.ofNanos(System.nanoTime() - t1);
                assertThat(second.totals().calls()).isEqualTo(EVENTS);
                assertThat(bystander.peerDown()).isEqualTo(deferredBefore + 1);
                // Before the memory of unreachable peers, every read waited PEER_TIMEOUT (2 s) here.
                assertThat(secondTook)
                        .as("the read after the owner was found unreachable")
                        .isLessThan(Duration.ofMillis(1_000));
                System.out.printf(
                        "Owner hung: first read %d ms (request timeout %d ms), second read %d ms%n",
                        firstTook.toMillis(), PEER_TIMEOUT.toMillis(), secondTook.toMillis());

                // The standby itself: one read pays, the next is answered from its own replica at once.
                standby.queries.answer(QueryType.SPEND_BY, spendQuery());
                long t2 = System.nanoTime();
                assertThat(standby.queries
                                .answer(QueryType.SPEND_BY, spendQuery())
                                .totals()
                                .calls())
                        .isEqualTo(EVENTS);
                assertThat(Duration.ofNanos(System.nanoTime() - t2)).isLessThan(Duration.ofMillis(1_000));

                // An exact read still asks the owner, and gets 503 within the bound.
                AcceptedPairsQuery exact = exactRead(events);
                long t3 = System.nanoTime();
                assertThatThrownBy(() -> bystander.queries.answer(QueryType.ACCEPTED_PAIRS, exact))
                        .isInstanceOf(QueryUnavailableException.class);
                Duration waited = Duration.ofNanos(System.nanoTime() - t3);
                assertThat(waited).isGreaterThanOrEqualTo(PEER_TIMEOUT.minusMillis(100));
                assertThat(waited).isLessThan(BOUND.plus(PEER_TIMEOUT).plusSeconds(1));
            }
        });
    }

    /** What each test does once three instances run and the owner, a standby and a third are known. */
    @FunctionalInterface
    private interface WithOwner {
        void run(List<AcceptedEvent> events, Instance active, Instance standby, Instance bystander) throws Exception;
    }

    /**
     * Three instances over one broker with the workspace's events counted; while the owner
     * answers, it does (here, or forwarded to it); then {@code test}.
     */
    private void withThreeInstances(WithOwner test) throws Exception {
        List<AcceptedEvent> events = SeededEvents.generate(17, WS, EVENTS, T0, Duration.ofDays(3), true);
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), 0, Map.of())) {
            RunnerFixture.ensureTopics(kafka, 2);
            List<Instance> instances = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    instances.add(Instance.start(kafka, dir.resolve("state-" + i), i));
                }
                awaitAll(instances, KafkaStreams.State.RUNNING, Duration.ofSeconds(90));
                produce(kafka, events);

                // All up: whoever is asked, the owner answers every event.
                Instance any = instances.get(0);
                awaitValue(
                        () -> any.queries
                                .answer(QueryType.SPEND_BY, spendQuery())
                                .totals()
                                .calls(),
                        (long) EVENTS,
                        Duration.ofSeconds(60));

                KeyQueryMetadata owner = awaitStandbyAssigned(any, Duration.ofSeconds(60));
                Instance active = byHost(instances, owner.activeHost());
                Instance standby =
                        byHost(instances, owner.standbyHosts().iterator().next());
                Instance bystander = instances.stream()
                        .filter(i -> i != active && i != standby)
                        .findFirst()
                        .orElseThrow();
                // The standby has caught up from the changelog (read as a forwarded standby would be).
                awaitValue(
                        () -> standby.queries
                                .answerFromStandby(QueryType.SPEND_BY, spendQuery())
                                .totals()
                                .calls(),
                        (long) EVENTS,
                        Duration.ofSeconds(60));

                // While the owner answers, it does: here, or forwarded to it.
                double remoteBefore = bystander.routed("remote");
                assertThat(bystander
                                .queries
                                .answer(QueryType.SPEND_BY, spendQuery())
                                .totals()
                                .calls())
                        .isEqualTo(EVENTS);
                assertThat(bystander.routed("remote")).isEqualTo(remoteBefore + 1);
                double localBefore = active.routed("local");
                active.queries.answer(QueryType.SPEND_BY, spendQuery());
                assertThat(active.routed("local")).isEqualTo(localBefore + 1);
                assertThat(bystander.peerDown()).isZero();

                test.run(events, active, standby, bystander);
            } finally {
                instances.forEach(Instance::close);
            }
        }
    }

    private static AcceptedPairsQuery exactRead(List<AcceptedEvent> events) {
        return new AcceptedPairsQuery(
                WS,
                List.of(new EventIdentity(
                        events.get(0).event().source(), events.get(0).event().externalId())));
    }

    private static SpendQuery spendQuery() {
        return new SpendQuery(WS, UsageKind.PRODUCT, Dimension.FEATURE, T0, T0.plus(Duration.ofDays(5)), Map.of(), 10);
    }

    /** The workspace's ownership, once the group has given its partition a standby. */
    private static KeyQueryMetadata awaitStandbyAssigned(Instance any, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            KeyQueryMetadata owner = any.runner
                    .streams()
                    .queryMetadataForKey(
                            dev.spendline.streams.StoreNames.PRODUCT_ROLLUPS,
                            WS,
                            Serdes.String().serializer());
            if (owner != null
                    && !owner.standbyHosts().isEmpty()
                    && owner.activeHost().port() > 0) {
                return owner;
            }
            assertThat(System.nanoTime()).as("a standby assigned in time").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static Instance byHost(List<Instance> instances, HostInfo host) {
        return instances.stream()
                .filter(i -> i.self.equals(host))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no instance at " + host));
    }

    private static void awaitAll(List<Instance> instances, KafkaStreams.State state, Duration wait)
            throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (instances.stream().anyMatch(i -> i.runner.streams().state() != state)) {
            assertThat(System.nanoTime())
                    .as("all instances " + state + " in time")
                    .isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private static void awaitValue(Supplier<Long> read, long expected, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        Long last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = read.get();
                if (last == expected) {
                    return;
                }
            } catch (QueryUnavailableException e) {
                // rebalancing or restoring; try again
            }
            Thread.sleep(200);
        }
        assertThat(last).as("value in time").isEqualTo(expected);
    }

    private static void produce(EmbeddedKafka kafka, List<AcceptedEvent> events) {
        try (var producer = RunnerFixture.eventsProducer(kafka)) {
            RunnerFixture.send(producer, events, 0);
        }
    }

    /**
     * One streams instance: the production runner and router, and the real internal query
     * controller served by a plain HTTP server on the advertised port (which the test can stop).
     */
    private record Instance(
            StreamsRunner runner, RoutingQueries queries, HostInfo self, HttpServer http, SimpleMeterRegistry registry)
            implements AutoCloseable {

        static Instance start(EmbeddedKafka kafka, Path state, int n) throws IOException {
            HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            HostInfo self = new HostInfo("127.0.0.1", http.getAddress().getPort());
            StreamsProperties props = new StreamsProperties(
                    "standby-test",
                    state.toString(),
                    "exactly_once_v2",
                    Duration.ofMillis(100),
                    Duration.ofSeconds(1),
                    1,
                    1,
                    1_048_576,
                    Duration.ofDays(35),
                    null,
                    "standby-test-" + n,
                    Duration.ofSeconds(30),
                    ATTEMPTS,
                    BACKOFF);
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            StreamsRunner runner = new StreamsRunner(props, kafka.bootstrapServers(), self, registry);
            HttpClient client = HttpClient.newBuilder()
                    .connectTimeout(Duration.ofMillis(500))
                    .build();
            RoutingQueries queries = new RoutingQueries(
                    runner.streams(),
                    self,
                    host -> new HttpQueries(
                            URI.create("http://" + host.host() + ":" + host.port()),
                            client,
                            PEER_TIMEOUT,
                            true,
                            CREDENTIAL,
                            Clock.systemUTC()),
                    ATTEMPTS,
                    BACKOFF,
                    Duration.ofDays(35),
                    Clock.systemUTC(),
                    ClosedMonthCache.none(),
                    registry);
            InternalQueryController controller = new InternalQueryController(queries, CREDENTIAL, Clock.systemUTC());
            http.createContext(HttpQueries.PATH_PREFIX, exchange -> serve(controller, exchange));
            http.start();
            runner.start();
            return new Instance(runner, queries, self, http, registry);
        }

        private static void serve(InternalQueryController controller, HttpExchange exchange) throws IOException {
            String name = exchange.getRequestURI().getPath().substring(HttpQueries.PATH_PREFIX.length());
            byte[] body = exchange.getRequestBody().readAllBytes();
            ResponseEntity<byte[]> response = controller.answer(
                    name,
                    body,
                    exchange.getRequestHeaders().getFirst(InstanceCredential.HEADER),
                    exchange.getRequestHeaders().getFirst(HttpQueries.FORWARDED_HEADER));
            response.getHeaders()
                    .forEach((header, values) -> values.forEach(
                            value -> exchange.getResponseHeaders().add(header, value)));
            byte[] bytes = response.getBody() == null ? new byte[0] : response.getBody();
            exchange.sendResponseHeaders(response.getStatusCode().value(), bytes.length == 0 ? -1 : bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        }

        /** Reads that asked a standby first because the owner had been unreachable moments before. */
        double peerDown() {
            return registry.get(UnreachablePeers.DEFERRED_METRIC)
                    .functionCounter()
                    .count();
        }

        double routed(String source) {
            return registry.get(RoutingQueries.ROUTED_METRIC)
                    .tag("source", source)
                    .counter()
                    .count();
        }

        @Override
        public void close() {
            http.stop(0);
            runner.stop();
        }
    }
}
