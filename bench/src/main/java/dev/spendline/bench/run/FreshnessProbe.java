package dev.spendline.bench.run;

import dev.spendline.bench.load.EventMix;
import dev.spendline.bench.load.MixEvent;
import dev.spendline.bench.load.ReportClient;
import dev.spendline.contracts.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SynchronizedHistogram;

/**
 * Freshness as a user sees it: a probe event, each for a tenant of its own, is sent; from its 202
 * the report filtered to that tenant is polled every 5 ms until it counts the event. The time
 * between is one sample. Probes start every {@code interval} while the load runs.
 */
final class FreshnessProbe {

    private final URI baseUrl;
    private final String apiKey;
    private final ReportClient reports;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Histogram millis = new SynchronizedHistogram(60_000, 3);
    /** After this many probes time out the rate is plainly not sustained: stop probing it. */
    static final int GIVE_UP_AFTER_TIMEOUTS = 5;

    private volatile long timeouts;
    private volatile int sent;

    FreshnessProbe(URI baseUrl, String apiKey) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
        this.reports = new ReportClient(baseUrl, apiKey);
    }

    Histogram run(int probes, Duration interval) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        String tag = "probe" + System.nanoTime();
        EventMix mix = new EventMix(42, tag, Duration.ZERO, java.time.Instant.now(), tag + "-");
        for (int i = 0; i < probes && timeouts < GIVE_UP_AFTER_TIMEOUTS; i++) {
            sent++;
            MixEvent template = mix.next();
            if (template.resend()) {
                template = mix.next();
            }
            MixEvent probe = template;
            pool.submit(() -> probe(probe));
            Thread.sleep(interval.toMillis());
        }
        pool.shutdown();
        pool.awaitTermination(2, TimeUnit.MINUTES);
        return millis;
    }

    long timeouts() {
        return timeouts;
    }

    /** Probes sent: fewer than asked when the run gave up on a rate it could not sustain. */
    int sent() {
        return sent;
    }

    boolean gaveUp() {
        return timeouts >= GIVE_UP_AFTER_TIMEOUTS;
    }

    private void probe(MixEvent probe) {
        try {
            HttpRequest send = HttpRequest.newBuilder(baseUrl.resolve("/api/v1/events"))
                    .header("authorization", "Bearer " + apiKey)
                    .header("content-type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(probe.json()))
                    .build();
            if (http.send(send, HttpResponse.BodyHandlers.discarding()).statusCode() != 202) {
                timeouts++;
                return;
            }
            long accepted = System.nanoTime();
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            String query = "by=tenant&tenant=" + probe.tenantId() + "&from=" + today.minusDays(1) + "&to=" + today;
            long deadline = accepted + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                HttpResponse<String> answer = reports.get(query);
                if (answer.statusCode() == 200
                        && Json.MAPPER
                                        .readTree(answer.body())
                                        .get("totals")
                                        .get("calls")
                                        .asLong()
                                >= 1) {
                    millis.recordValue(Math.max(1, (System.nanoTime() - accepted) / 1_000_000));
                    return;
                }
                Thread.sleep(5);
            }
            timeouts++;
        } catch (Exception e) {
            timeouts++;
        }
    }
}
