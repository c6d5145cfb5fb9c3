package dev.spendline.streams.testing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * One store in a {@link TopologyTestDriver} (real RocksDB, real changelog, an exactly-once commit
 * after each record): {@link #process} runs an action on the stream thread, with the store as the
 * processor sees it, and Kafka Streams commits after it.
 *
 * @param <S> the store as tests use it (unwrapped from Kafka Streams' decorators)
 */
public class OneStoreDriver<S> implements AutoCloseable {

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, String> input;
    private final TestOutputTopic<byte[], byte[]> changelog;
    private final String storeName;
    private final Path stateDir;
    private final Function<StateStore, S> unwrap;
    private Consumer<S> next;

    /**
     * @param applicationId the application id (the changelog is {@code <id>-<store>-changelog})
     * @param unwrap the store from what {@code getStateStore} returns
     */
    public OneStoreDriver(String applicationId, StoreBuilder<?> store, Function<StateStore, S> unwrap) {
        this(applicationId, store, unwrap, true);
    }

    /** @param exactlyOnce whether the driver commits as exactly-once (else at-least-once) */
    public OneStoreDriver(
            String applicationId, StoreBuilder<?> store, Function<StateStore, S> unwrap, boolean exactlyOnce) {
        this.storeName = store.name();
        this.unwrap = unwrap;
        Topology topology = new Topology();
        topology.addSource("in", Serdes.String().deserializer(), Serdes.String().deserializer(), "in");
        topology.addProcessor(
                "action",
                () -> new Processor<String, String, Void, Void>() {
                    private S store;

                    @Override
                    public void init(ProcessorContext<Void, Void> context) {
                        store = unwrap.apply(context.getStateStore(storeName));
                    }

                    @Override
                    public void process(Record<String, String> record) {
                        Consumer<S> action = next;
                        next = null;
                        action.accept(store);
                    }
                },
                "in");
        topology.addStateStore(store, "action");
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        this.stateDir = Path.of(TestStateDirs.fresh("spendline-" + applicationId + "-"));
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        if (exactlyOnce) {
            config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        }
        driver = new TopologyTestDriver(topology, config);
        input = driver.createInputTopic(
                "in", Serdes.String().serializer(), Serdes.String().serializer());
        changelog = driver.createOutputTopic(
                applicationId + "-" + storeName + "-changelog",
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    /** Runs {@code action} on the stream thread; Kafka Streams commits after it. */
    public void process(Consumer<S> action) {
        next = action;
        input.pipeInput("tick", "tick");
    }

    /** The store, from outside the stream thread. */
    public S store() {
        return unwrap.apply(driver.getStateStore(storeName));
    }

    /** The state directory, to look at what the store keeps on disk. */
    public Path stateDir() {
        return stateDir;
    }

    /** The driver, for what a store kind needs ({@code getKeyValueStore} for key-value stores). */
    protected TopologyTestDriver driver() {
        return driver;
    }

    /** The changelog records since the last call. */
    public List<KeyValue<byte[], byte[]>> changelogRecords() {
        return changelog.readKeyValuesToList();
    }

    /**
     * The keys of a window store's changelog records since the last call, as text (a window key ends
     * in 8 bytes of time and 4 of seq).
     */
    public List<String> windowChangelogKeys() {
        List<String> keys = new ArrayList<>();
        changelogRecords().forEach(kv -> keys.add(new String(kv.key, 0, kv.key.length - 12, StandardCharsets.UTF_8)));
        return keys;
    }

    @Override
    public void close() {
        driver.close();
    }
}
