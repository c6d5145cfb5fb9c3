package dev.spendline.streams.combination;

import dev.spendline.streams.testing.TestStateDirs;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.BytesDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A {@link CombinationBlockStore} in a {@link TopologyTestDriver}: real RocksDB, a changelog, and
 * Kafka Streams' own commit (which must call {@code flushCache}) after each record piped through
 * {@link #inCommit}.
 */
final class BlockStoreDriver implements AutoCloseable {

    static final String STORE = "product-combos";
    private static final String APP = "blocks-test";

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, String> input;
    private final TestOutputTopic<Bytes, byte[]> changelog;
    private final Deque<Consumer<CombinationBlockStore>> actions = new ArrayDeque<>();

    BlockStoreDriver(int dims, int maxBlockBytes) {
        this(dims, maxBlockBytes, 1_000_000);
    }

    BlockStoreDriver(int dims, int maxBlockBytes, int maxPendingRows) {
        Topology topology = new Topology();
        topology.addSource("in", Serdes.String().deserializer(), Serdes.String().deserializer(), "in");
        topology.addProcessor(
                "fold",
                () -> new Processor<String, String, Void, Void>() {
                    private CombinationBlockStore store;

                    @Override
                    public void init(ProcessorContext<Void, Void> context) {
                        store = CombinationBlockStore.of(context.getStateStore(STORE));
                        // As the rollup processor: runs only when a test advances the wall clock.
                        UnshardedBlocksMove.schedule(context, store);
                    }

                    @Override
                    public void process(Record<String, String> record) {
                        actions.poll().accept(store);
                    }
                },
                "in");
        topology.addStateStore(new CombinationBlockStoreBuilder(STORE, dims, maxPendingRows, maxBlockBytes), "fold");
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, APP);
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, TestStateDirs.fresh("spendline-blocks-"));
        driver = new TopologyTestDriver(topology, config);
        input = driver.createInputTopic(
                "in", Serdes.String().serializer(), Serdes.String().serializer());
        changelog = driver.createOutputTopic(
                APP + "-" + STORE + "-changelog", new BytesDeserializer(), new ByteArrayDeserializer());
    }

    /** The outermost registered store, as Kafka Streams hands it out. */
    CombinationBlockStore store() {
        return CombinationBlockStore.of(driver.<Bytes, byte[]>getKeyValueStore(STORE));
    }

    TopologyTestDriver driver() {
        return driver;
    }

    /** Runs {@code action} on the store inside a processed record; the driver commits after it. */
    void inCommit(Consumer<CombinationBlockStore> action) {
        actions.add(action);
        input.pipeInput("k", "v");
    }

    /** The changelog records written since the last call. */
    List<KeyValue<Bytes, byte[]>> changelog() {
        return changelog.readKeyValuesToList();
    }

    @Override
    public void close() {
        driver.close();
    }
}
