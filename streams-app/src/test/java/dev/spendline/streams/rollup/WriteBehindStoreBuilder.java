package dev.spendline.streams.rollup;

import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds a {@link WriteBehindRollupStore} over a logged, uncached persistent (RocksDB) store: the
 * write-behind layer replaces Kafka Streams' record cache, so caching cannot be enabled here.
 */
public final class WriteBehindStoreBuilder implements StoreBuilder<KeyValueStore<String, Rollup>> {

    /** Dirty keys kept between commits before they are written early (about 25 MB of heap). */
    public static final int DEFAULT_MAX_DIRTY = 100_000;
    /** Written rollups kept as objects per task (about 50 MB of heap when full). */
    public static final int DEFAULT_MAX_CLEAN = 200_000;

    private final StoreBuilder<KeyValueStore<String, Rollup>> written;
    private final int maxDirty;
    private final int maxClean;

    public WriteBehindStoreBuilder(String name, int maxDirty, int maxClean) {
        this.written = Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(name), Serdes.String(), new RollupSerde())
                .withCachingDisabled();
        this.maxDirty = maxDirty;
        this.maxClean = maxClean;
    }

    @Override
    public KeyValueStore<String, Rollup> build() {
        return new WriteBehindRollupStore(written.build(), maxDirty, maxClean);
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withCachingEnabled() {
        throw new UnsupportedOperationException("The write-behind layer is this store's cache");
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withCachingDisabled() {
        return this;
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withLoggingEnabled(Map<String, String> config) {
        written.withLoggingEnabled(config);
        return this;
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withLoggingDisabled() {
        written.withLoggingDisabled();
        return this;
    }

    @Override
    public Map<String, String> logConfig() {
        return written.logConfig();
    }

    @Override
    public boolean loggingEnabled() {
        return written.loggingEnabled();
    }

    @Override
    public String name() {
        return written.name();
    }
}
