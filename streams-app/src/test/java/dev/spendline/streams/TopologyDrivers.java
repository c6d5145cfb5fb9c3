package dev.spendline.streams;

import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.deadletter.DeadLetterQueue;
import dev.spendline.streams.query.RollupStoreLocator;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.testing.TestStateDirs;
import dev.spendline.topics.Topic;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** The production topology in a {@link TopologyTestDriver}, and its topics and stores, for tests. */
final class TopologyDrivers {

    private TopologyDrivers() {}

    /**
     * The topology as {@code StreamsRunner} builds and configures it (35-day dedupe, bundled price
     * book, the dead-letter queue).
     */
    static TopologyTestDriver start(String applicationId) {
        return start(applicationId, Instant.now());
    }

    /** As {@link #start(String)}, with the driver's wall clock (alerts, punctuations) at {@code now}. */
    static TopologyTestDriver start(String applicationId, Instant now) {
        return start(applicationId, now, freshStateDir());
    }

    /**
     * As {@link #start(String, Instant)}, with the state in {@code stateDir}.
     */
    static TopologyTestDriver start(String applicationId, Instant now, String stateDir) {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        DeadLetterQueue.configure(config, null);
        return new TopologyTestDriver(
                SpendlineTopology.build(new StreamsBuilder(), new TopologySettings(Duration.ofDays(35))), config, now);
    }

    /** A state directory of the driver's own, in memory where there is one ({@link TestStateDirs}). */
    static String freshStateDir() {
        return TestStateDirs.fresh("spendline-topology-");
    }

    static <V> TestInputTopic<String, V> input(TopologyTestDriver driver, Topic<String, V> topic) {
        return driver.createInputTopic(
                topic.name(), topic.keySerde().serializer(), topic.valueSerde().serializer());
    }

    static RollupStoreLocator rollups(TopologyTestDriver driver) {
        return new RollupStoreLocator() {
            @Override
            public ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind kind, String ws) {
                return driver.getKeyValueStore(
                        kind == UsageKind.PRODUCT ? StoreNames.PRODUCT_ROLLUPS : StoreNames.INTERNAL_ROLLUPS);
            }

            @Override
            public ReadOnlyKeyValueStore<Bytes, byte[]> combinations(UsageKind kind, String ws) {
                return kind == UsageKind.PRODUCT ? driver.getKeyValueStore(StoreNames.PRODUCT_COMBINATIONS) : null;
            }
        };
    }
}
