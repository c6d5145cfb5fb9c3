package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.streams.SeededEvents;
import dev.spendline.streams.query.RoutingQueries;
import dev.spendline.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
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
            TopicSetup.ensureTopics(
                    kafka.bootstrapServers(),
                    java.util.stream.Stream.of(Topics.INPUTS, Topics.SETTINGS, Topics.OUTPUTS)
                            .flatMap(List::stream)
                            .map(t -> t.name())
                            .toList(),
                    2,
                    Map.of());
            Path state = dir.resolve("state");

            try (Running streams = Running.start(kafka, state)) {
                produce(kafka, events);
                assertThat(streams.awaitCalls(300)).isEqualTo(300);
            }
            // Restart with the same local state, then resend everything.
            try (Running streams = Running.start(kafka, state)) {
                produce(kafka, events);
                produce(kafka, events.subList(0, 1));
                SpendReport report = streams.awaitReport(r -> false, Duration.ofSeconds(4));
                assertThat(report.totals().calls()).isEqualTo(300);
            }
            // Lose the local RocksDB state: it is rebuilt from the changelogs, dedupe included.
            FileSystemUtils.deleteRecursively(state);
            try (Running streams = Running.start(kafka, state)) {
                produce(kafka, events.subList(100, 200));
                SpendReport report = streams.awaitReport(r -> false, Duration.ofSeconds(4));
                assertThat(report.totals().calls()).isEqualTo(300);
                assertThat(report.totals().costUsd()).isEqualByComparingTo(expectedCost);
            }
        }
    }

    private static void produce(EmbeddedKafka kafka, List<AcceptedEvent> events) throws Exception {
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        kafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                Topics.EVENTS.valueSerde().serializer())) {
            for (AcceptedEvent e : events) {
                // Resends arrive later than the first copy, as they would through the gateway.
                producer.send(new ProducerRecord<>(
                        Topics.EVENTS.name(), null, System.currentTimeMillis(), e.workspaceId(), e));
            }
            producer.flush();
        }
    }

    /** A started {@link StreamsRunner} with the query router the application wires. */
    private record Running(StreamsRunner runner, RoutingQueries queries) implements AutoCloseable {

        static Running start(EmbeddedKafka kafka, Path state) {
            HostInfo self = new HostInfo("127.0.0.1", 1);
            StreamsProperties props = new StreamsProperties(
                    "restart-test",
                    state.toString(),
                    "exactly_once_v2",
                    Duration.ofMillis(100),
                    Duration.ofSeconds(1),
                    1,
                    0,
                    1_048_576,
                    Duration.ofDays(35),
                    null,
                    "restart-test-instance",
                    Duration.ofSeconds(10),
                    40,
                    Duration.ofMillis(250));
            StreamsRunner runner = new StreamsRunner(props, kafka.bootstrapServers(), self, new SimpleMeterRegistry());
            runner.start();
            return new Running(
                    runner,
                    new RoutingQueries(
                            runner.streams(),
                            self,
                            host -> {
                                throw new AssertionError("single instance never forwards");
                            },
                            40,
                            Duration.ofMillis(250),
                            Duration.ofDays(35),
                            java.time.Clock.systemUTC()));
        }

        long awaitCalls(long expected) {
            return awaitReport(r -> r.totals().calls() >= expected, Duration.ofSeconds(30))
                    .totals()
                    .calls();
        }

        /** The report once {@code done} holds, or when {@code wait} has passed. */
        SpendReport awaitReport(java.util.function.Predicate<SpendReport> done, Duration wait) {
            long deadline = System.nanoTime() + wait.toNanos();
            SpendReport report;
            do {
                report = queries.answer(
                        dev.spendline.contracts.query.QueryType.SPEND_BY,
                        new SpendQuery(
                                WS,
                                UsageKind.PRODUCT,
                                Dimension.FEATURE,
                                T0,
                                T0.plus(Duration.ofDays(5)),
                                Map.of(),
                                10));
                if (done.test(report)) {
                    return report;
                }
                sleep();
            } while (System.nanoTime() < deadline);
            return report;
        }

        private static void sleep() {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            runner.stop();
        }
    }
}
