package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.streams.SeededEvents;
import dev.spendline.streams.app.RunnerFixture.Running;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.FileSystemUtils;

/**
 * The production runner against a real broker: dedupe state survives a restart, and survives
 * losing the local RocksDB state entirely (restored from the changelog topics).
 */
class StreamsRestartIT {

    private static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    private static final String WS = "ws_restart";

    @TempDir
    Path dir;

    @Test
    void resendsAfterARestartAndAfterLosingLocalStateStillCountOnce() throws Exception {
        List<AcceptedEvent> events = SeededEvents.generate(11, WS, 300, T0, Duration.ofDays(3), true);
        BigDecimal expectedCost =
                events.stream().map(e -> e.event().costUsd()).reduce(BigDecimal.ZERO, BigDecimal::add);
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), 0, Map.of())) {
            RunnerFixture.ensureTopics(kafka, 2);
            Path state = dir.resolve("state");

            try (Running streams = start(kafka, state)) {
                produce(kafka, events);
                assertThat(awaitCalls(streams, 300)).isEqualTo(300);
            }
            // Restart with the same local state, then resend everything.
            try (Running streams = start(kafka, state)) {
                produce(kafka, events);
                produce(kafka, events.subList(0, 1));
                SpendReport report = awaitReport(streams, r -> false, Duration.ofSeconds(4));
                assertThat(report.totals().calls()).isEqualTo(300);
            }
            // Lose the local RocksDB state: it is rebuilt from the changelogs, dedupe included.
            FileSystemUtils.deleteRecursively(state);
            try (Running streams = start(kafka, state)) {
                produce(kafka, events.subList(100, 200));
                SpendReport report = awaitReport(streams, r -> false, Duration.ofSeconds(4));
                assertThat(report.totals().calls()).isEqualTo(300);
                assertThat(report.totals().costUsd()).isEqualByComparingTo(expectedCost);
            }
        }
    }

    private static void produce(EmbeddedKafka kafka, List<AcceptedEvent> events) {
        // Resends arrive later than the first copy, as they would through the gateway.
        try (var producer = RunnerFixture.eventsProducer(kafka)) {
            RunnerFixture.send(producer, events, 0);
        }
    }

    private static Running start(EmbeddedKafka kafka, Path state) {
        return Running.start(
                kafka,
                RunnerFixture.props(
                        "restart-test", state, Duration.ofMillis(100), Duration.ofSeconds(1), "restart-test-instance"));
    }

    private static long awaitCalls(Running streams, long expected) {
        return awaitReport(streams, r -> r.totals().calls() >= expected, Duration.ofSeconds(30))
                .totals()
                .calls();
    }

    private static SpendReport awaitReport(Running streams, Predicate<SpendReport> done, Duration wait) {
        return streams.awaitReport(WS, T0, T0.plus(Duration.ofDays(5)), done, wait);
    }
}
