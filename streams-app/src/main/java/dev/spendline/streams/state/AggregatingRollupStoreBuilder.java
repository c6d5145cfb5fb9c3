package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds an {@link AggregatingRollupStore} over a logged, uncached persistent (RocksDB) store with
 * pass-through serdes: the delta table replaces Kafka Streams' record cache, so caching cannot be
 * enabled here.
 */
public final class AggregatingRollupStoreBuilder implements StoreBuilder<KeyValueStore<String, Rollup>> {

    /** Pending keys per task before they are merged early (about 130 bytes each: 8.5 MB when full). */
    public static final int DEFAULT_MAX_PENDING = 65_536;
    /** Written values kept per task so merges skip RocksDB (about 150 bytes each: 10 MB when full). */
    public static final int DEFAULT_MAX_HOT = 65_536;

    private final StoreBuilder<KeyValueStore<Bytes, byte[]>> stored;
    private final int maxPending;
    private final int maxHot;

    public AggregatingRollupStoreBuilder(String name, int maxPending, int maxHot) {
        this.stored = Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(name), Serdes.Bytes(), Serdes.ByteArray())
                .withCachingDisabled();
        this.maxPending = maxPending;
        this.maxHot = maxHot;
    }

    @Override
    public AggregatingRollupStore build() {
        return new AggregatingRollupStore(stored.build(), maxPending, maxHot);
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withCachingEnabled() {
        throw new UnsupportedOperationException("The delta table is this store's cache");
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withCachingDisabled() {
        return this;
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withLoggingEnabled(Map<String, String> config) {
        stored.withLoggingEnabled(config);
        return this;
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withLoggingDisabled() {
        stored.withLoggingDisabled();
        return this;
    }

    @Override
    public Map<String, String> logConfig() {
        return stored.logConfig();
    }

    @Override
    public boolean loggingEnabled() {
        return stored.loggingEnabled();
    }

    @Override
    public String name() {
        return stored.name();
    }
}
