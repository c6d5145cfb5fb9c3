package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.testing.OneStoreDriver;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * A rollup store in a {@link TopologyTestDriver} (real RocksDB, real changelog), used from inside
 * a processor: {@link #process} runs an action on the stream thread while one record is processed,
 * and the driver commits after it, so Kafka Streams flushes the store as it does in production.
 */
final class StoreDriver extends OneStoreDriver<KeyValueStore<String, Rollup>> {

    static final String STORE = "rollups";
    private static final String APPLICATION_ID = "state-test";
    static final String CHANGELOG = APPLICATION_ID + "-" + STORE + "-changelog";

    @SuppressWarnings("unchecked")
    StoreDriver(StoreBuilder<KeyValueStore<String, Rollup>> builder, boolean exactlyOnce) {
        super(APPLICATION_ID, builder, store -> (KeyValueStore<String, Rollup>) store, exactlyOnce);
    }

    static StoreDriver aggregating(int maxPending, int maxHot) {
        return new StoreDriver(new AggregatingRollupStoreBuilder(STORE, maxPending, maxHot), false);
    }

    /** As {@link #process}, with the store the processor reaches through {@link AggregatingRollupStore#of}. */
    void aggregate(Consumer<AggregatingRollupStore> action) {
        process(store -> action.accept(AggregatingRollupStore.of(store)));
    }

    /**
     * The store as interactive queries and the driver see it (the registered, outermost store): the
     * driver hands out a key-value store through {@code getKeyValueStore} only.
     */
    @Override
    public KeyValueStore<String, Rollup> store() {
        return driver().getKeyValueStore(STORE);
    }

    /** Changelog records (key as a string, value bytes) produced since the last call. */
    List<KeyValue<String, byte[]>> changelog() {
        List<KeyValue<String, byte[]>> records = new ArrayList<>();
        changelogRecords()
                .forEach(kv -> records.add(KeyValue.pair(new String(kv.key, StandardCharsets.UTF_8), kv.value)));
        return records;
    }
}
