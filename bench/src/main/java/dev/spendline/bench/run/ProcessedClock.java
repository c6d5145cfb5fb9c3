package dev.spendline.bench.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;

/**
 * The time from its start until an application's stream threads have processed a number of records,
 * read from their {@code process-total} metric (records processed, per thread) every {@link #PERIOD}.
 * The metrics are read in this JVM, on a thread of its own: no request to the broker.
 *
 * <p>The counters are looked up in the application's metrics once a {@link #LOOKUP_PERIOD} (a thread
 * may be replaced) and only read in between: {@code KafkaStreams.metrics()} copies every client's and
 * store's metrics into a new map, and doing that every 5 ms took a third of a core from the run it
 * timed (328 JFR samples of this thread against 665 of the stream threads, on a 2-core machine).
 */
final class ProcessedClock {

    static final Duration PERIOD = Duration.ofMillis(5);
    static final Duration LOOKUP_PERIOD = Duration.ofSeconds(1);

    private final Supplier<Map<MetricName, ? extends Metric>> metrics;
    private final long target;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-processed-clock");
        t.setDaemon(true);
        return t;
    });
    private volatile long reachedAt = -1;
    /** The threads' counters as last looked up, and when (only the timer thread touches these). */
    private List<Metric> counters = List.of();

    private long lookedUpAt;

    private ProcessedClock(Supplier<Map<MetricName, ? extends Metric>> metrics, long target) {
        this.metrics = metrics;
        this.target = target;
    }

    /**
     * Starts timing now.
     *
     * @param target the records to be processed
     */
    static ProcessedClock start(KafkaStreams streams, long target) {
        return start(streams::metrics, target);
    }

    static ProcessedClock start(Supplier<Map<MetricName, ? extends Metric>> metrics, long target) {
        ProcessedClock clock = new ProcessedClock(metrics, target);
        clock.timer.scheduleAtFixedRate(clock::check, 0, PERIOD.toNanos(), TimeUnit.NANOSECONDS);
        return clock;
    }

    /** Records processed so far by every stream thread of the application. */
    static long processed(Map<MetricName, ? extends Metric> metrics) {
        return sum(threadCounters(metrics));
    }

    /** Each stream thread's {@code process-total}. */
    static List<Metric> threadCounters(Map<MetricName, ? extends Metric> metrics) {
        List<Metric> counters = new ArrayList<>();
        for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
            MetricName name = e.getKey();
            if (name.name().equals("process-total") && name.group().equals("stream-thread-metrics")) {
                counters.add(e.getValue());
            }
        }
        return counters;
    }

    private static long sum(List<Metric> counters) {
        long total = 0;
        for (Metric counter : counters) {
            total += ((Number) counter.metricValue()).longValue();
        }
        return total;
    }

    private void check() {
        if (reachedAt >= 0) {
            return;
        }
        long now = System.nanoTime();
        if (counters.isEmpty() || now - lookedUpAt >= LOOKUP_PERIOD.toNanos()) {
            counters = threadCounters(metrics.get());
            lookedUpAt = now;
        }
        if (sum(counters) >= target) {
            reachedAt = System.nanoTime();
            timer.shutdown();
        }
    }

    void stop() {
        timer.shutdownNow();
    }

    /** The time until the target was reached; empty if it was not (the caller then has only the committed offsets). */
    Optional<Duration> elapsed() {
        long at = reachedAt;
        return at < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(at - start));
    }
}
