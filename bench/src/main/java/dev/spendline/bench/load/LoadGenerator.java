package dev.spendline.bench.load;

import io.netty.handler.codec.http.HttpHeaderNames;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Sends the {@link EventMix} to Spendline's ingest endpoint at a given rate (or as fast as it
 * answers), in batches or as single events, with a fixed number of requests in flight, and keeps a
 * {@link Ledger} of every event a 202 acknowledged.
 *
 * <p>It behaves as the docs tell a sender to: a request answered 429, 503 or not at all (connection
 * refused or reset, timeout) is sent again, unchanged, until it is acknowledged or {@code giveUpAfter}
 * passes. Because every event carries {@code (source, externalId)}, a request that reached Kafka but
 * whose answer was lost is not counted twice. A 4xx other than 429 is a bug in the generator and is
 * counted as rejected.
 */
public final class LoadGenerator {

    /**
     * @param ratePerSecond events per second to offer; 0 sends as fast as Spendline answers
     * @param batchSize events per request; 1 sends a single event object, not a batch
     * @param concurrency requests in flight at most
     * @param tsSpread spread of event times into the past (zero: the gateway stamps them)
     */
    public record Settings(
            URI baseUrl,
            String apiKey,
            int ratePerSecond,
            int batchSize,
            int concurrency,
            Duration duration,
            long seed,
            String runTag,
            Duration tsSpread,
            Duration giveUpAfter) {

        public Settings withDuration(Duration d) {
            return new Settings(
                    baseUrl, apiKey, ratePerSecond, batchSize, concurrency, d, seed, runTag, tsSpread, giveUpAfter);
        }
    }

    /** What one run did; {@code latency} is per acknowledged request, retries included. */
    public record Result(
            long requests,
            long acknowledgedRequests,
            long acknowledgedEvents,
            long retries,
            long rejected,
            long gaveUp,
            Map<String, Long> answers,
            Duration elapsed,
            Histogram latencyMicros) {

        public double eventsPerSecond() {
            return acknowledgedEvents / (elapsed.toNanos() / 1e9);
        }

        public double requestsPerSecond() {
            return acknowledgedRequests / (elapsed.toNanos() / 1e9);
        }

        public String summary() {
            return String.format(
                    "%,d events acknowledged in %,d requests over %.1f s: %,.0f events/s, %,.0f requests/s;"
                            + " latency p50 %.1f ms, p99 %.1f ms; retries %d, rejected %d, gave up %d; answers %s",
                    acknowledgedEvents,
                    acknowledgedRequests,
                    elapsed.toNanos() / 1e9,
                    eventsPerSecond(),
                    requestsPerSecond(),
                    latencyMicros.getValueAtPercentile(50) / 1000.0,
                    latencyMicros.getValueAtPercentile(99) / 1000.0,
                    retries,
                    rejected,
                    gaveUp,
                    answers);
        }
    }

    private static final Duration RETRY_DELAY = Duration.ofMillis(200);

    private final Settings settings;
    private final Ledger ledger;
    private final HttpClient client;
    private final ConnectionProvider connections;
    private final String path;
    private final Semaphore inFlight;
    private final Recorder latency = new Recorder(3);
    private final LongAdder requests = new LongAdder();
    private final LongAdder acknowledgedRequests = new LongAdder();
    private final LongAdder acknowledgedEvents = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder gaveUp = new LongAdder();
    private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
    private volatile boolean stopped;

    public LoadGenerator(Settings settings, Ledger ledger) {
        this.settings = settings;
        this.ledger = ledger;
        this.path = "/api/v1/events";
        this.inFlight = new Semaphore(settings.concurrency());
        this.connections = ConnectionProvider.builder("spendline-bench")
                .maxConnections(settings.concurrency())
                .pendingAcquireMaxCount(-1)
                .build();
        this.client = HttpClient.create(connections)
                .baseUrl(settings.baseUrl().toString())
                .responseTimeout(Duration.ofSeconds(15))
                .headers(h -> h.set(HttpHeaderNames.AUTHORIZATION, "Bearer " + settings.apiKey())
                        .set(HttpHeaderNames.CONTENT_TYPE, "application/json"));
    }

    /** Ends the run early (the requests in flight still finish). */
    public void stop() {
        stopped = true;
    }

    /** Sends for the configured duration, then waits for every request in flight; blocks. */
    public Result run() {
        EventMix mix = new EventMix(settings.seed(), settings.runTag(), settings.tsSpread());
        long start = System.nanoTime();
        long end = start + settings.duration().toNanos();
        long sent = 0;
        try {
            while (!stopped && System.nanoTime() < end) {
                if (settings.ratePerSecond() > 0) {
                    double elapsedSeconds = (System.nanoTime() - start) / 1e9;
                    long due = (long) (elapsedSeconds * settings.ratePerSecond() / settings.batchSize());
                    if (sent >= due) {
                        LockSupport.parkNanos(100_000);
                        continue;
                    }
                }
                if (!inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                List<MixEvent> events = new ArrayList<>(settings.batchSize());
                for (int i = 0; i < settings.batchSize(); i++) {
                    events.add(mix.next());
                }
                send(
                        events,
                        body(events),
                        System.nanoTime() + settings.giveUpAfter().toNanos());
                sent++;
            }
            // Wait for the requests still in flight (and their retries).
            inFlight.tryAcquire(settings.concurrency(), settings.giveUpAfter().toSeconds() + 30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            connections.disposeLater().block(Duration.ofSeconds(5));
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        Map<String, Long> answerCounts = new TreeMap<>();
        answers.forEach((k, v) -> answerCounts.put(k, v.sum()));
        return new Result(
                requests.sum(),
                acknowledgedRequests.sum(),
                acknowledgedEvents.sum(),
                retries.sum(),
                rejected.sum(),
                gaveUp.sum(),
                answerCounts,
                elapsed,
                latency.getIntervalHistogram());
    }

    /** One event alone, several as {@code {"events":[...]}}: the two shapes the ingest API takes. */
    static byte[] body(List<MixEvent> events) {
        StringBuilder json = new StringBuilder(events.size() * 600);
        if (events.size() == 1) {
            events.get(0).appendJson(json);
        } else {
            json.append("{\"events\":[");
            for (int i = 0; i < events.size(); i++) {
                if (i > 0) {
                    json.append(',');
                }
                events.get(i).appendJson(json);
            }
            json.append("]}");
        }
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    private void send(List<MixEvent> events, byte[] body, long giveUpAt) {
        requests.increment();
        long started = System.nanoTime();
        client.headers(h -> h.set(HttpHeaderNames.CONTENT_LENGTH, body.length))
                .post()
                .uri(path)
                .send((request, out) -> out.sendByteArray(Mono.just(body)))
                .responseSingle((response, content) ->
                        content.then(Mono.just(response.status().code())))
                .onErrorResume(e -> Mono.just(-1))
                .subscribe(status -> answered(events, body, giveUpAt, started, status));
    }

    private void answered(List<MixEvent> events, byte[] body, long giveUpAt, long started, int status) {
        answers.computeIfAbsent(status == -1 ? "no answer" : String.valueOf(status), k -> new LongAdder())
                .increment();
        if (status == 202) {
            latency.recordValue(Math.max(1, (System.nanoTime() - started) / 1_000));
            events.forEach(ledger::acknowledge);
            acknowledgedRequests.increment();
            acknowledgedEvents.add(events.size());
            inFlight.release();
        } else if (status == -1 || status == 429 || status >= 500) {
            if (System.nanoTime() > giveUpAt) {
                gaveUp.increment();
                inFlight.release();
                return;
            }
            retries.increment();
            Mono.delay(RETRY_DELAY).subscribe(t -> send(events, body, giveUpAt));
        } else {
            rejected.increment();
            inFlight.release();
        }
    }
}
