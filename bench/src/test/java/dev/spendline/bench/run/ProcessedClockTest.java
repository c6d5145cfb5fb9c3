package dev.spendline.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeSum;
import org.junit.jupiter.api.Test;

/** {@link ProcessedClock} on Kafka's own metrics registry, with the names Kafka Streams gives its threads' counts. */
class ProcessedClockTest {

    private static Sensor processTotal(Metrics metrics, String thread) {
        Sensor sensor = metrics.sensor(thread + ".process");
        sensor.add(
                metrics.metricName("process-total", "stream-thread-metrics", "", Map.of("thread-id", thread)),
                new CumulativeSum());
        return sensor;
    }

    @Test
    void sumsEveryStreamThreadsProcessTotalAndNothingElse() {
        try (Metrics metrics = new Metrics()) {
            processTotal(metrics, "t-1").record(300);
            processTotal(metrics, "t-2").record(45);
            // The same name in another group (a task's, say) is not the thread's count.
            Sensor task = metrics.sensor("task.process");
            task.add(metrics.metricName("process-total", "stream-task-metrics", ""), new CumulativeSum());
            task.record(1_000);

            assertThat(ProcessedClock.processed(metrics.metrics())).isEqualTo(345);
        }
    }

    @Test
    void stopsTheClockWhenTheThreadsHaveProcessedTheTarget() throws InterruptedException {
        try (Metrics metrics = new Metrics()) {
            Sensor thread = processTotal(metrics, "t-1");
            ProcessedClock clock = ProcessedClock.start(metrics::metrics, 1_000);
            thread.record(999);
            Thread.sleep(50);
            assertThat(clock.elapsed()).as("one record short").isEmpty();

            long before = System.nanoTime();
            thread.record(1);
            long deadline = before + Duration.ofSeconds(5).toNanos();
            while (clock.elapsed().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(clock.elapsed()).isPresent();
            assertThat(clock.elapsed().orElseThrow()).isGreaterThanOrEqualTo(Duration.ofMillis(50));
            Duration first = clock.elapsed().orElseThrow();
            Thread.sleep(20);
            assertThat(clock.elapsed())
                    .as("the first time it was reached stays")
                    .contains(first);
            clock.stop();
        }
    }

    @Test
    void looksTheCountersUpOnceASecondAndOnlyReadsThemInBetween() throws InterruptedException {
        try (Metrics metrics = new Metrics()) {
            Sensor thread = processTotal(metrics, "t-1");
            AtomicInteger lookups = new AtomicInteger();
            ProcessedClock clock = ProcessedClock.start(
                    () -> {
                        lookups.incrementAndGet();
                        return metrics.metrics();
                    },
                    1_000);
            Thread.sleep(200);
            thread.record(1_000);
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (clock.elapsed().isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(clock.elapsed())
                    .as("the count read from the counter found at the start")
                    .isPresent();
            assertThat(lookups.get())
                    .as("about 40 checks in 200 ms, each copying every metric, would take a core from the run")
                    .isBetween(1, 2);
            clock.stop();
        }
    }
}
