package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.pricing.PriceBook;
import dev.spendline.topics.provision.TopicLayout;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka Streams configuration the runner builds: internal topics replicated like Spendline's
 * own, the commit interval (nothing connects here).
 */
class StreamsRunnerTopicsTest {

    @TempDir
    Path state;

    @Test
    void internalTopicsGetTheReplicationAndMinInSyncOfTheTopicLayout() {
        Properties config = configWith(new TopicLayout(12, (short) 3, 2));

        assertThat(config.get(StreamsConfig.REPLICATION_FACTOR_CONFIG)).isEqualTo(3);
        assertThat(config.get("topic.min.insync.replicas")).isEqualTo("2");
    }

    @Test
    void onOneBrokerInternalTopicsHaveOneReplica() {
        Properties config = configWith(new TopicLayout(4, (short) 1, 1));

        assertThat(config.get(StreamsConfig.REPLICATION_FACTOR_CONFIG)).isEqualTo(1);
        assertThat(config.get("topic.min.insync.replicas")).isEqualTo("1");
    }

    @Test
    void kafkaStreamsCommitsByItselfAtTheCatchUpInterval() {
        // The live interval (100 ms) is asked for by the processors (CommitPacing): Kafka Streams'
        // own interval is the longer one.
        Properties config = configWith(new TopicLayout(4, (short) 1, 1));

        assertThat(config.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo(1000L);
    }

    private Properties configWith(TopicLayout layout) {
        StreamsProperties props = new StreamsProperties(
                "runner-test",
                state.toString(),
                "exactly_once_v2",
                Duration.ofMillis(100),
                Duration.ofSeconds(1),
                1,
                0,
                1_048_576,
                Duration.ofDays(35),
                null,
                null,
                Duration.ofSeconds(10),
                1,
                Duration.ofMillis(250));
        StreamsRunner runner = new StreamsRunner(
                props,
                "127.0.0.1:1",
                new HostInfo("127.0.0.1", 1),
                new SimpleMeterRegistry(),
                PriceBook.bundled(),
                layout);
        try {
            return runner.config();
        } finally {
            runner.streams().close(Duration.ofSeconds(5));
        }
    }
}
