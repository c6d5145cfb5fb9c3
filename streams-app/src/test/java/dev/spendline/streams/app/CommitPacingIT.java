package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.streams.SeededEvents;
import dev.spendline.streams.query.RoutingQueries;
import dev.spendline.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;
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
                KafkaProducer<String, AcceptedEvent> producer = producer(kafka)) {
            TopicSetup.ensureTopics(
                    kafka.bootstrapServers(),
                    java.util.stream.Stream.of(Topics.INPUTS, Topics.SETTINGS, Topics.OUTPUTS)
                            .flatMap(List::stream)
                            .map(t -> t.name())
                            .toList(),
                    1,
                    Map.of());
            StreamsRunner runner = start(kafka, dir.resolve("state"));
            try {
                RoutingQueries queries = queries(runner);
                // Warm up: the first commit after the start, whenever it comes.
                send(producer, events.subList(0, 1), 0);
                awaitCalls(queries, 1, Duration.ofSeconds(30));

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
                assertThat(awaitCalls(queries, 1_200, Duration.ofSeconds(30))).isEqualTo(1_200);
            } finally {
                runner.stop();
            }
        }
    }

    /** Sends the events in ten slices over {@link #PHASE}, stamped as accepted {@code waited} ago. */
    private static void sendOverAPhase(
            KafkaProducer<String, AcceptedEvent> producer, List<AcceptedEvent> events, Duration waited)
            throws InterruptedException {
        int slices = 30;
        int per = (events.size() + slices - 1) / slices;
        for (int i = 0; i < slices; i++) {
            send(
                    producer,
                    events.subList(Math.min(i * per, events.size()), Math.min((i + 1) * per, events.size())),
                    waited.toMillis());
            Thread.sleep(PHASE.toMillis() / slices);
        }
    }

    private static void send(KafkaProducer<String, AcceptedEvent> producer, List<AcceptedEvent> events, long waitedMs) {
        for (AcceptedEvent e : events) {
            // The record timestamp is the time of acceptance, as the gateway writes it.
            producer.send(new ProducerRecord<>(
                    Topics.EVENTS.name(), null, System.currentTimeMillis() - waitedMs, e.workspaceId(), e));
        }
        producer.flush();
    }

    /** The stream thread's commits so far (Kafka Streams' {@code commit-total}). */
    private static double commits(StreamsRunner runner) {
        return runner.streams().metrics().entrySet().stream()
                .filter(m -> m.getKey().name().equals("commit-total")
                        && m.getKey().group().equals("stream-thread-metrics"))
                .mapToDouble(m -> ((Number) m.getValue().metricValue()).doubleValue())
                .sum();
    }

    private static long awaitCalls(RoutingQueries queries, long expected, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        long calls;
        do {
            SpendReport report = queries.answer(
                    QueryType.SPEND_BY,
                    new SpendQuery(
                            WS, UsageKind.PRODUCT, Dimension.FEATURE, T0, T0.plus(Duration.ofDays(2)), Map.of(), 10));
            calls = report.totals().calls();
            if (calls >= expected) {
                return calls;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        return calls;
    }

    private static KafkaProducer<String, AcceptedEvent> producer(EmbeddedKafka kafka) {
        return new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        kafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                Topics.EVENTS.valueSerde().serializer());
    }

    private static StreamsRunner start(EmbeddedKafka kafka, Path state) {
        StreamsProperties props = new StreamsProperties(
                "pacing-test",
                state.toString(),
                "exactly_once_v2",
                LIVE,
                CATCH_UP,
                1,
                0,
                1_048_576,
                Duration.ofDays(35),
                null,
                null,
                Duration.ofSeconds(10),
                40,
                Duration.ofMillis(250));
        StreamsRunner runner = new StreamsRunner(
                props, kafka.bootstrapServers(), new HostInfo("127.0.0.1", 1), new SimpleMeterRegistry());
        runner.start();
        return runner;
    }

    private static RoutingQueries queries(StreamsRunner runner) {
        HostInfo self = new HostInfo("127.0.0.1", 1);
        return new RoutingQueries(
                runner.streams(),
                self,
                host -> {
                    throw new AssertionError("single instance never forwards");
                },
                40,
                Duration.ofMillis(250),
                Duration.ofDays(35),
                java.time.Clock.systemUTC());
    }
}
