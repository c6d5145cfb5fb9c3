package dev.spendline.bench.run;

import dev.spendline.client.ClientMetrics;
import dev.spendline.client.ProductEvent;
import dev.spendline.client.SpendlineClient;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.HdrHistogram.Histogram;

/**
 * The Java client ({@code spendline-client}, issue #18) against a running Spendline: what one
 * {@code send} costs the caller's thread, and how many events per second one client delivers. Every
 * event carries a fresh identity (one run id, a sequence number), so a rerun adds new events.
 */
public final class ClientBench {

    /** What a run measured. */
    public record Result(
            long events,
            Histogram sendNanos,
            double meanSendNanos,
            Duration deliveryTime,
            double eventsPerSecond,
            ClientMetrics metrics) {}

    private final URI url;
    private final String key;
    private final int batchSize;
    private final Duration linger;

    public ClientBench(URI url, String key, int batchSize, Duration linger) {
        this.url = url;
        this.key = key;
        this.batchSize = batchSize;
        this.linger = linger;
    }

    /**
     * Sends {@code warmup} events and waits for them, then {@code events} more, timing each
     * {@code send} call on this thread, and waits until all are delivered.
     */
    public Result run(int warmup, int events) throws InterruptedException {
        String run = UUID.randomUUID().toString().substring(0, 8);
        ProductEvent[] warm = events(run + "-w", warmup);
        ProductEvent[] timed = events(run, events);
        try (SpendlineClient client = SpendlineClient.builder(url)
                .apiKey(key)
                // Large enough that nothing is dropped: the figure is delivery, not shedding.
                .bufferCapacity(Math.max(10_000, warmup + events))
                .batchSize(batchSize)
                .linger(linger)
                .requestTimeout(Duration.ofSeconds(30))
                .build()) {
            for (ProductEvent e : warm) {
                client.send(e);
            }
            if (!client.flush(Duration.ofMinutes(5))) {
                throw new IllegalStateException("the warm-up was not delivered in 5 minutes: " + client.metrics());
            }
            long sentBefore = client.metrics().sent();

            Histogram nanos = new Histogram(10_000_000_000L, 3);
            long start = System.nanoTime();
            long timedTotal = 0;
            for (ProductEvent e : timed) {
                long t0 = System.nanoTime();
                client.send(e);
                long took = System.nanoTime() - t0;
                timedTotal += took;
                nanos.recordValue(Math.max(1, took));
            }
            if (!client.flush(Duration.ofMinutes(10))) {
                throw new IllegalStateException("not delivered in 10 minutes: " + client.metrics());
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            ClientMetrics metrics = client.metrics();
            if (metrics.sent() - sentBefore != events
                    || metrics.dropped() + metrics.failed() + metrics.rejected() > 0) {
                throw new IllegalStateException("not every event was delivered: " + metrics);
            }
            return new Result(
                    events, nanos, (double) timedTotal / events, took, events / (took.toNanos() / 1e9), metrics);
        }
    }

    /** Built before the clock starts: the builder is the application's cost, {@code send} the client's. */
    private static ProductEvent[] events(String run, int n) {
        Instant now = Instant.now();
        ProductEvent[] events = new ProductEvent[n];
        for (int i = 0; i < n; i++) {
            events[i] = ProductEvent.builder()
                    .provider("openai")
                    .model(i % 3 == 0 ? "gpt-4o-mini" : "gpt-4.1")
                    .promptTokens(1_000 + i % 500)
                    .outputTokens(200 + i % 100)
                    .costUsd(BigDecimal.valueOf(150 + i % 1000, 6))
                    .identity("bench-client", run + "-" + i)
                    .ts(now)
                    .feature("feature-" + i % 20)
                    .tenantId("t" + i % 200)
                    .status(ProductEvent.SUCCESS)
                    .latencyMs(800L + i % 400)
                    .build();
        }
        return events;
    }

    public static void print(Result r) {
        Histogram h = r.sendNanos();
        System.out.printf(
                "send() on the caller's thread, %,d calls: mean %.0f ns, p50 %d ns, p99 %d ns, p99.9 %d ns, max %,d ns%n",
                r.events(),
                r.meanSendNanos(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                h.getMaxValue());
        System.out.printf(
                "delivered %,d events in %.2f s = %,.0f events/s (first send to flush done)%n",
                r.events(), r.deliveryTime().toNanos() / 1e9, r.eventsPerSecond());
        System.out.println("metrics: " + r.metrics());
    }
}
