package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.kstream.Consumed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against a real broker: a Kafka Streams client whose thread fails (answered with SHUTDOWN_CLIENT,
 * as {@link StreamsRunner} does) reaches ERROR and the exit runs after the grace, off the stream
 * thread; a client closed normally never triggers it.
 */
class ExitOnStreamsFailureIT {

    private static final String TOPIC = "exit-test-input";
    private static final Duration GRACE = Duration.ofMillis(700);

    @TempDir
    Path dir;

    @Test
    void exitsAfterTheGraceWhenKafkaStreamsFailsButNotWhenItIsClosed() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), 0, Map.of())) {
            TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of(TOPIC), 1, Map.of());

            // Closed normally: NOT_RUNNING, no exit.
            CountDownLatch closedExit = new CountDownLatch(1);
            KafkaStreams closed = streams(kafka, "exit-test-closed", false);
            closed.setStateListener(new ExitOnStreamsFailure(GRACE, closedExit::countDown));
            closed.start();
            awaitState(closed, KafkaStreams.State.RUNNING);
            closed.close(Duration.ofSeconds(30));
            assertThat(closed.state()).isEqualTo(KafkaStreams.State.NOT_RUNNING);
            assertThat(closedExit.await(GRACE.multipliedBy(3).toMillis(), TimeUnit.MILLISECONDS))
                    .as("no exit after our own close")
                    .isFalse();

            // A failing stream thread: ERROR, then the exit, after the grace and on its own thread.
            CountDownLatch exited = new CountDownLatch(1);
            AtomicReference<String> exitThread = new AtomicReference<>();
            AtomicLong failedAt = new AtomicLong();
            AtomicLong exitedAt = new AtomicLong();
            KafkaStreams failing = streams(kafka, "exit-test-failing", true);
            ExitOnStreamsFailure exit = new ExitOnStreamsFailure(GRACE, () -> {
                exitThread.set(Thread.currentThread().getName());
                exitedAt.set(System.nanoTime());
                exited.countDown();
            });
            failing.setStateListener((now, before) -> {
                if (now == KafkaStreams.State.ERROR) {
                    failedAt.set(System.nanoTime());
                }
                exit.onChange(now, before);
            });
            failing.start();
            try (var producer = new KafkaProducer<>(
                    Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()),
                    new StringSerializer(),
                    new StringSerializer())) {
                producer.send(new ProducerRecord<>(TOPIC, "k", "boom")).get();
            }
            assertThat(exited.await(60, TimeUnit.SECONDS))
                    .as("exit after ERROR")
                    .isTrue();
            assertThat(failing.state()).isEqualTo(KafkaStreams.State.ERROR);
            assertThat(exitThread.get()).isEqualTo("spendline-exit-on-streams-failure");
            assertThat(Duration.ofNanos(exitedAt.get() - failedAt.get())).isGreaterThanOrEqualTo(GRACE);
            failing.close(Duration.ofSeconds(30));
        }
    }

    private KafkaStreams streams(EmbeddedKafka kafka, String applicationId, boolean fail) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(TOPIC, Consumed.with(Serdes.String(), Serdes.String())).foreach((k, v) -> {
            if (fail) {
                throw new IllegalStateException("a bug in a processor");
            }
        });
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        config.put(StreamsConfig.STATE_DIR_CONFIG, dir.resolve(applicationId).toString());
        config.put("consumer.auto.offset.reset", "earliest");
        KafkaStreams streams = new KafkaStreams(builder.build(), config);
        streams.setUncaughtExceptionHandler(
                e -> StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT);
        return streams;
    }

    private static void awaitState(KafkaStreams streams, KafkaStreams.State state) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (streams.state() != state) {
            assertThat(System.nanoTime()).as(state + " in time").isLessThan(deadline);
            Thread.sleep(100);
        }
    }
}
