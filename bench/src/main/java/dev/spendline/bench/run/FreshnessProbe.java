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
 * the report filtered to that tenant is polled every {@link #POLL_MILLIS} ms until it counts the event. The time
 * between is one sample. Probes start every {@code interval} while the load runs.
 */
final class FreshnessProbe {

    private final URI baseUrl;
    private final String apiKey;
    private final ReportClient reports;
    private final HttpClient http = HttpClient.newHttpClient();
    private final Histogram millis = new SynchronizedHistogram(60_000, 3);
    /**
     * Probes at a time, and how often each polls. Eight probes polling every 5 ms asked for up to
     * 1,600 reports a second, CPU the topology then lacked: once it fell behind, the probes' own
     * polling kept it behind (run of 2026-11-25). Four every 10 ms is at most 400 reports a
     * second, and 10 ms of resolution against a goal of 1 s.
     */
    static final int PROBES_IN_FLIGHT = 4;

    static final long POLL_MILLIS = 10;

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
        ExecutorService pool = Executors.newFixedThreadPool(PROBES_IN_FLIGHT);
        String tag = "probe" + System.nanoTime();
        EventMix mix = new EventMix(42, tag, Duration.ZERO, java.time.Instant.now(), tag + "-");
        for (int i = 0; i < probes && !gaveUp(); i++) {
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
        // Probes time out only after 30 s, when all may have been sent: wait for the answers, but
        // stop waiting as soon as the rate is plainly not sustained.
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!pool.awaitTermination(1, TimeUnit.SECONDS)) {
            if (gaveUp() || System.nanoTime() > deadline) {
                pool.shutdownNow();
                pool.awaitTermination(10, TimeUnit.SECONDS);
                break;
            }
        }
        return millis;
    }

    long timeouts() {
        return timeouts;
    }

    /** Probes sent: fewer than asked when the run gave up on a rate it could not sustain. */
    int sent() {
        return sent;
    }

    /** Probes seen in the report within 30 s. */
    long visible() {
        return millis.getTotalCount();
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
                Thread.sleep(POLL_MILLIS);
            }
            timeouts++;
        } catch (InterruptedException e) {
            // Probing stopped (the rate was given up on): not a timeout of this probe.
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            timeouts++;
        }
    }
}
