package dev.spendline.streams.app;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.streams.query.RoutingQueries;
import dev.spendline.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.HostInfo;

/** What the ITs of the production runner against a real broker share: topics, a producer, a started runner. */
final class RunnerFixture {

    private RunnerFixture() {}

    /** Every topic Spendline reads and writes, with this many partitions. */
    static void ensureTopics(EmbeddedKafka kafka, int partitions) throws Exception {
        TopicSetup.ensureTopics(
                kafka.bootstrapServers(),
                Stream.of(Topics.INPUTS, Topics.SETTINGS, Topics.OUTPUTS)
                        .flatMap(List::stream)
                        .map(t -> t.name())
                        .toList(),
                partitions,
                Map.of());
    }

    static KafkaProducer<String, AcceptedEvent> eventsProducer(EmbeddedKafka kafka) {
        return new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        kafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all"),
                new StringSerializer(),
                Topics.EVENTS.valueSerde().serializer());
    }

    /** Sends and flushes the events, stamped as accepted {@code waitedMs} before now (as the gateway stamps them). */
    static void send(KafkaProducer<String, AcceptedEvent> producer, List<AcceptedEvent> events, long waitedMs) {
        for (AcceptedEvent e : events) {
            producer.send(new ProducerRecord<>(
                    Topics.EVENTS.name(), null, System.currentTimeMillis() - waitedMs, e.workspaceId(), e));
        }
        producer.flush();
    }

    /** Exactly-once, one thread, no standby, 35 days of dedupe. */
    static StreamsProperties props(
            String applicationId, Path state, Duration live, Duration catchUp, String instanceId) {
        return new StreamsProperties(
                applicationId,
                state.toString(),
                "exactly_once_v2",
                live,
                catchUp,
                1,
                0,
                1_048_576,
                Duration.ofDays(35),
                null,
                instanceId,
                Duration.ofSeconds(10),
                40,
                Duration.ofMillis(250));
    }

    /** A started {@link StreamsRunner} with the query router the application wires (one instance). */
    record Running(StreamsRunner runner, RoutingQueries queries) implements AutoCloseable {

        static Running start(EmbeddedKafka kafka, StreamsProperties props) {
            HostInfo self = new HostInfo("127.0.0.1", 1);
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
                            Clock.systemUTC()));
        }

        /** The workspace's product spend by feature over [from, to) once {@code done} holds, or when {@code wait} has passed. */
        SpendReport awaitReport(
                String workspaceId, Instant from, Instant to, Predicate<SpendReport> done, Duration wait) {
            long deadline = System.nanoTime() + wait.toNanos();
            SpendReport report;
            do {
                report = queries.answer(
                        QueryType.SPEND_BY,
                        new SpendQuery(workspaceId, UsageKind.PRODUCT, Dimension.FEATURE, from, to, Map.of(), 10));
                if (done.test(report)) {
                    return report;
                }
                sleep();
            } while (System.nanoTime() < deadline);
            return report;
        }

        private static void sleep() {
            try {
                Thread.sleep(50);
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
