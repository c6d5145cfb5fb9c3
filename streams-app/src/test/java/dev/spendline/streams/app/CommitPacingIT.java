package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.streams.SeededEvents;
import dev.spendline.streams.app.RunnerFixture.Running;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commit pacing against a real broker and the production runner: while the events arriving are
 * live, results are committed (and visible) every live interval; events accepted long ago, a
 * backlog, are committed only every catch-up interval; either way every event counts once.
 */
class CommitPacingIT {

    private static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    private static final String WS = "ws_pacing";
    private static final Duration LIVE = Duration.ofMillis(100);
    private static final Duration CATCH_UP = Duration.ofSeconds(3);
    private static final Duration PHASE = Duration.ofSeconds(3);

    @TempDir
    Path dir;

    @Test
    void liveEventsAreCommittedEveryLiveIntervalABacklogEveryCatchUpInterval() throws Exception {
        List<AcceptedEvent> events = SeededEvents.generate(29, WS, 1_200, T0, Duration.ofDays(1), true);
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), 0, Map.of());
                KafkaProducer<String, AcceptedEvent> producer = RunnerFixture.eventsProducer(kafka)) {
            RunnerFixture.ensureTopics(kafka, 1);
            try (Running streams = Running.start(
                    kafka, RunnerFixture.props("pacing-test", dir.resolve("state"), LIVE, CATCH_UP, null))) {
                StreamsRunner runner = streams.runner();
                // Warm up: the first commit after the start, whenever it comes.
                RunnerFixture.send(producer, events.subList(0, 1), 0);
                awaitCalls(streams, 1);

                double before = commits(runner);
                sendOverAPhase(producer, events.subList(1, 601), Duration.ofMinutes(1));
                double backlogCommits = commits(runner) - before;

                before = commits(runner);
                sendOverAPhase(producer, events.subList(601, 1_200), Duration.ZERO);
                double liveCommits = commits(runner) - before;

                // 3 s of each: a backlog commits once or twice (every 3 s, wherever the phase
                // starts), live events up to 30 times; on a slow machine fewer, never as few.
                assertThat(backlogCommits)
                        .as("commits while the events were a minute old")
                        .isLessThanOrEqualTo(2);
                assertThat(liveCommits).as("commits while the events were live").isGreaterThanOrEqualTo(8);
                assertThat(awaitCalls(streams, 1_200)).isEqualTo(1_200);
            }
        }
    }

    /** Sends the events in 30 slices over {@link #PHASE}, stamped as accepted {@code waited} ago. */
    private static void sendOverAPhase(
            KafkaProducer<String, AcceptedEvent> producer, List<AcceptedEvent> events, Duration waited)
            throws InterruptedException {
        int slices = 30;
        int per = (events.size() + slices - 1) / slices;
        for (int i = 0; i < slices; i++) {
            RunnerFixture.send(
                    producer,
                    events.subList(Math.min(i * per, events.size()), Math.min((i + 1) * per, events.size())),
                    waited.toMillis());
            Thread.sleep(PHASE.toMillis() / slices);
        }
    }

    /** The stream thread's commits so far (Kafka Streams' {@code commit-total}). */
    private static double commits(StreamsRunner runner) {
        return runner.streams().metrics().entrySet().stream()
                .filter(m -> m.getKey().name().equals("commit-total")
                        && m.getKey().group().equals("stream-thread-metrics"))
                .mapToDouble(m -> ((Number) m.getValue().metricValue()).doubleValue())
                .sum();
    }

    private static long awaitCalls(Running streams, long expected) {
        return streams.awaitReport(
                        WS,
                        T0,
                        T0.plus(Duration.ofDays(2)),
                        r -> r.totals().calls() >= expected,
                        Duration.ofSeconds(30))
                .totals()
                .calls();
    }
}
