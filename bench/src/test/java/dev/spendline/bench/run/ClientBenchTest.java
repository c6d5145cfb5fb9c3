package dev.spendline.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ClientBenchTest {

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();
    private volatile int status = 202;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/events", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
            }
            requests.incrementAndGet();
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private ClientBench bench() {
        return new ClientBench(
                URI.create("http://127.0.0.1:" + server.getAddress().getPort()), "spl_x", 100, Duration.ofSeconds(10));
    }

    @Test
    void timesEverySendAndWaitsUntilAllAreDelivered() throws Exception {
        ClientBench.Result result = bench().run(200, 1_000);

        assertThat(result.sendNanos().getTotalCount()).isEqualTo(1_000);
        assertThat(result.metrics().sent()).isEqualTo(1_200);
        assertThat(requests.get()).isEqualTo(12);
        assertThat(result.eventsPerSecond()).isPositive();
    }

    @Test
    void failsWhenEventsAreNotDelivered() {
        status = 400;
        assertThatThrownBy(() -> bench().run(0, 10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not every event was delivered");
    }
}
