package dev.spendline.internalapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Failover across streams instances, against real HTTP servers (and a port where none listens). */
class FailoverQueriesTest {

    private static final InstanceCredential CREDENTIAL = InstanceCredential.of(InstanceCredential.generateSecret());
    private static final QuotaUsageQuery QUERY = new QuotaUsageQuery("ws_1", YearMonth.of(2026, 11));

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<Socket> reservedPorts = new ArrayList<>();
    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();

    @AfterEach
    void stopServers() throws IOException {
        servers.forEach(s -> s.stop(0));
        for (Socket socket : reservedPorts) {
            socket.close();
        }
    }

    @Test
    void movesOnFromAnInstanceThatIsDownAndOneThatAnswers503() throws IOException {
        AtomicInteger unavailableCalls = new AtomicInteger();
        URI down = URI.create("http://127.0.0.1:" + closedPort());
        URI unavailable = serve(503, "{\"status\":503}", unavailableCalls);
        URI up = serve(200, "{\"workspaceId\":\"ws_1\",\"month\":\"2026-11\",\"acceptedEvents\":42}", null);
        // Every starting point: the read is answered whichever instance the rotation starts at.
        for (int first = 0; first < 3; first++) {
            FailoverQueries queries = new FailoverQueries(
                    clients(List.of(down, unavailable, up)), Duration.ofSeconds(5), System::nanoTime, first);
            QuotaUsage usage = queries.answer(QueryType.QUOTA_USAGE, QUERY);
            assertThat(usage.acceptedEvents()).isEqualTo(42);
        }
        // Started at "down" and at "unavailable" it was asked; started at "up" it was not.
        assertThat(unavailableCalls).hasValue(2);
    }

    @Test
    void anInstanceThatCouldNotBeReachedIsAskedLastUntilTheMemoryRunsOut() throws IOException {
        AtomicInteger downCalls = new AtomicInteger();
        Queries down = countingCalls(
                downCalls,
                new HttpQueries(
                        URI.create("http://127.0.0.1:" + closedPort()),
                        client,
                        Duration.ofSeconds(2),
                        false,
                        CREDENTIAL,
                        Clock.systemUTC()));
        AtomicInteger upCalls = new AtomicInteger();
        Queries up = countingCalls(
                upCalls, clients(List.of(serve(200, QUOTA_42, null))).get(0));
        Instant[] now = {Instant.parse("2026-11-26T06:00:00Z")};
        UnreachablePeers<Queries> memory = new UnreachablePeers<>(Duration.ofSeconds(5), clockAt(now));
        FailoverQueries queries =
                new FailoverQueries(List.of(down, up), Duration.ofSeconds(5), System::nanoTime, 0, memory);
        for (int i = 0; i < 6; i++) {
            assertThat(queries.answer(QueryType.QUOTA_USAGE, QUERY).acceptedEvents())
                    .isEqualTo(42);
        }
        // Half the reads start at the dead instance: only the first of them asked it.
        assertThat(downCalls).hasValue(1);
        assertThat(upCalls).hasValue(6);
        assertThat(memory.deferred()).isEqualTo(2);
        // After the memory, one read tries it again (refused again: remembered again).
        now[0] = now[0].plusSeconds(5);
        for (int i = 0; i < 4; i++) {
            queries.answer(QueryType.QUOTA_USAGE, QUERY);
        }
        assertThat(downCalls).hasValue(2);
    }

    @Test
    void anInstanceThatAnswered503IsNotRememberedAsDown() throws IOException {
        AtomicInteger unavailableCalls = new AtomicInteger();
        URI unavailable = serve(503, "{\"status\":503}", unavailableCalls);
        URI up = serve(200, QUOTA_42, null);
        UnreachablePeers<Queries> memory = UnreachablePeers.withDefaults();
        FailoverQueries queries = new FailoverQueries(
                clients(List.of(unavailable, up)), Duration.ofSeconds(5), System::nanoTime, 0, memory);
        for (int i = 0; i < 4; i++) {
            queries.answer(QueryType.QUOTA_USAGE, QUERY);
        }
        assertThat(unavailableCalls).hasValue(2);
        assertThat(memory.size()).isZero();
    }

    @Test
    void whenEveryInstanceIsRememberedAsDownTheyAreStillAsked() throws IOException {
        AtomicInteger calls = new AtomicInteger();
        Queries onlyOne = countingCalls(
                calls, clients(List.of(serve(200, QUOTA_42, null))).get(0));
        UnreachablePeers<Queries> memory = UnreachablePeers.withDefaults();
        memory.unreachable(onlyOne);
        FailoverQueries queries =
                new FailoverQueries(List.of(onlyOne), Duration.ofSeconds(5), System::nanoTime, 0, memory);
        assertThat(queries.answer(QueryType.QUOTA_USAGE, QUERY).acceptedEvents())
                .isEqualTo(42);
        assertThat(calls).hasValue(1);
        assertThat(memory.size()).as("an answer forgets it").isZero();
    }

    @Test
    void spreadsReadsOverTheInstancesInTurn() throws IOException {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        String body = "{\"workspaceId\":\"ws_1\",\"month\":\"2026-11\",\"acceptedEvents\":1}";
        FailoverQueries queries = new FailoverQueries(
                clients(List.of(serve(200, body, a), serve(200, body, b))), Duration.ofSeconds(5), System::nanoTime, 7);
        for (int i = 0; i < 6; i++) {
            queries.answer(QueryType.QUOTA_USAGE, QUERY);
        }
        assertThat(a).hasValue(3);
        assertThat(b).hasValue(3);
    }

    @Test
    void failsWith503WhenNoInstanceCanAnswer() throws IOException {
        FailoverQueries queries = new FailoverQueries(
                clients(List.of(URI.create("http://127.0.0.1:" + closedPort()), serve(503, "{}", null))),
                Duration.ofSeconds(5),
                System::nanoTime,
                0);
        assertThatThrownBy(() -> queries.answer(QueryType.QUOTA_USAGE, QUERY))
                .isInstanceOf(QueryUnavailableException.class)
                .hasMessageContaining("No streams instance");
    }

    @Test
    void triesNoFurtherInstanceOnceTheBudgetIsSpent() {
        AtomicInteger asked = new AtomicInteger();
        long[] now = {0};
        Queries slowAndUnavailable = new Queries() {
            @Override
            public <Q extends dev.spendline.contracts.query.WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
                asked.incrementAndGet();
                now[0] += Duration.ofSeconds(3).toNanos();
                throw new QueryUnavailableException("rebalancing");
            }
        };
        FailoverQueries queries = new FailoverQueries(
                List.of(slowAndUnavailable, slowAndUnavailable, slowAndUnavailable),
                Duration.ofSeconds(5),
                () -> now[0],
                0);
        assertThatThrownBy(() -> queries.answer(QueryType.QUOTA_USAGE, QUERY))
                .isInstanceOf(QueryUnavailableException.class);
        assertThat(asked).hasValue(2);
    }

    @Test
    void aRefusedQueryIsNotRetriedElsewhere() throws IOException {
        AtomicInteger second = new AtomicInteger();
        FailoverQueries queries = new FailoverQueries(
                clients(List.of(serve(400, "{\"detail\":\"bad\"}", null), serve(200, "{}", second))),
                Duration.ofSeconds(5),
                System::nanoTime,
                0);
        assertThatThrownBy(() -> queries.answer(QueryType.QUOTA_USAGE, QUERY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(second).hasValue(0);
    }

    @Test
    void readsACommaSeparatedList() {
        assertThat(FailoverQueries.urls(" http://streams-1:9082 ,http://streams-2:9082,"))
                .containsExactly(URI.create("http://streams-1:9082"), URI.create("http://streams-2:9082"));
        assertThatThrownBy(() -> FailoverQueries.urls("streams-1:9082")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FailoverQueries.urls(" , ")).isInstanceOf(IllegalArgumentException.class);
    }

    private static final String QUOTA_42 = "{\"workspaceId\":\"ws_1\",\"month\":\"2026-11\",\"acceptedEvents\":42}";

    private static Queries countingCalls(AtomicInteger calls, Queries delegate) {
        return new Queries() {
            @Override
            public <Q extends dev.spendline.contracts.query.WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
                calls.incrementAndGet();
                return delegate.answer(type, query);
            }
        };
    }

    private static Clock clockAt(Instant[] now) {
        return new Clock() {
            @Override
            public Instant instant() {
                return now[0];
            }

            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }
        };
    }

    private List<Queries> clients(List<URI> urls) {
        return urls.stream()
                .<Queries>map(url ->
                        new HttpQueries(url, client, Duration.ofSeconds(2), false, CREDENTIAL, Clock.systemUTC()))
                .toList();
    }

    /** A server that answers every query route with {@code status} and {@code body}, counting calls. */
    private URI serve(int status, String body, AtomicInteger calls) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(HttpQueries.PATH_PREFIX, exchange -> {
            if (calls != null) {
                calls.incrementAndGet();
            }
            exchange.getRequestBody().readAllBytes();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("content-type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        servers.add(server);
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /**
     * A port nothing listens on: connections are refused, as to a killed instance. The port stays
     * bound (without listening) until the test ends, so no server started meanwhile can take it.
     */
    private int closedPort() throws IOException {
        Socket reserved = new Socket();
        reserved.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        reservedPorts.add(reserved);
        return reserved.getLocalPort();
    }
}
