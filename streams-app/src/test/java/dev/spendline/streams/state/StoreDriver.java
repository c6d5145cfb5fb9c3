package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.testing.TestStateDirs;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * A rollup store in a {@link TopologyTestDriver} (real RocksDB, real changelog), used from inside
 * a processor: {@link #process} runs an action on the stream thread while one record is processed,
 * and the driver commits after it, so Kafka Streams flushes the store as it does in production.
 */
final class StoreDriver implements AutoCloseable {

    static final String STORE = "rollups";
    private static final String APPLICATION_ID = "state-test";
    static final String CHANGELOG = APPLICATION_ID + "-" + STORE + "-changelog";

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, String> input;
    private final TestOutputTopic<byte[], byte[]> changelog;
    private Consumer<KeyValueStore<String, Rollup>> next;

    StoreDriver(StoreBuilder<KeyValueStore<String, Rollup>> builder, boolean exactlyOnce) {
        Topology topology = new Topology();
        topology.addSource("in", Serdes.String().deserializer(), Serdes.String().deserializer(), "in");
        topology.addProcessor(
                "run",
                () -> new Processor<String, String, Void, Void>() {
                    private KeyValueStore<String, Rollup> store;

                    @Override
                    public void init(ProcessorContext<Void, Void> context) {
                        store = context.getStateStore(STORE);
                    }

                    @Override
                    public void process(Record<String, String> record) {
                        Consumer<KeyValueStore<String, Rollup>> action = next;
                        next = null;
                        action.accept(store);
                    }
                },
                "in");
        topology.addStateStore(builder, "run");
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, APPLICATION_ID);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, TestStateDirs.fresh("spendline-state-"));
        if (exactlyOnce) {
            config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        }
        driver = new TopologyTestDriver(topology, config);
        input = driver.createInputTopic(
                "in", Serdes.String().serializer(), Serdes.String().serializer());
        changelog = driver.createOutputTopic(CHANGELOG, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    static StoreDriver aggregating(int maxPending, int maxHot) {
        return new StoreDriver(new AggregatingRollupStoreBuilder(STORE, maxPending, maxHot), false);
    }

    /** Runs {@code action} on the stream thread inside processing; the driver commits right after. */
    void process(Consumer<KeyValueStore<String, Rollup>> action) {
        next = action;
        input.pipeInput("tick", "tick");
    }

    /** As {@link #process}, with the store the processor reaches through {@link AggregatingRollupStore#of}. */
    void aggregate(Consumer<AggregatingRollupStore> action) {
        process(store -> action.accept(AggregatingRollupStore.of(store)));
    }

    /** The store as interactive queries and the driver see it (the registered, outermost store). */
    KeyValueStore<String, Rollup> store() {
        return driver.getKeyValueStore(STORE);
    }

    /** Changelog records (key as a string, value bytes) produced since the last call. */
    List<KeyValue<String, byte[]>> changelog() {
        List<KeyValue<String, byte[]>> records = new ArrayList<>();
        changelog
                .readKeyValuesToList()
                .forEach(kv -> records.add(KeyValue.pair(new String(kv.key, StandardCharsets.UTF_8), kv.value)));
        return records;
    }

    @Override
    public void close() {
        driver.close();
    }
}
