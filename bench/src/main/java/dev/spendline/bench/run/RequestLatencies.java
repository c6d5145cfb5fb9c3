package dev.spendline.bench.run;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Times named HTTP requests one at a time, after a warm-up, as {@code bench queries} and {@code
 * bench views} do: each request must answer 200, and the whole body is read before the clock stops.
 */
public final class RequestLatencies {

    /** One request, sent anew each time it is called. */
    @FunctionalInterface
    interface Request {
        HttpResponse<String> send() throws IOException, InterruptedException;
    }

    private RequestLatencies() {}

    /** Each request's latencies in microseconds, in the order given. */
    static Map<String, Histogram> measure(Map<String, Request> requests, int warmup, int samples)
            throws IOException, InterruptedException {
        Map<String, Histogram> results = new LinkedHashMap<>();
        for (Map.Entry<String, Request> request : requests.entrySet()) {
            Histogram micros = new Histogram(60_000_000L, 3);
            for (int i = 0; i < warmup + samples; i++) {
                long start = System.nanoTime();
                HttpResponse<String> response = request.getValue().send();
                long took = (System.nanoTime() - start) / 1_000;
                if (response.statusCode() != 200) {
                    throw new IllegalStateException(
                            request.getKey() + " answered " + response.statusCode() + ": " + response.body());
                }
                if (i >= warmup) {
                    micros.recordValue(Math.max(1, took));
                }
            }
            results.put(request.getKey(), micros);
        }
        return results;
    }

    /** One line a request: its name, then p50, p95 and p99 in milliseconds. */
    public static void print(Map<String, Histogram> results) {
        int width = results.keySet().stream().mapToInt(String::length).max().orElse(0);
        results.forEach((name, h) -> System.out.printf(
                "%-" + width + "s  p50 %6.1f ms  p95 %6.1f ms  p99 %6.1f ms%n",
                name,
                h.getValueAtPercentile(50) / 1000.0,
                h.getValueAtPercentile(95) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0));
    }
}
