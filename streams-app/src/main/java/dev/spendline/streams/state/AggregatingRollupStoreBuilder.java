package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds an {@link AggregatingRollupStore} over a logged, uncached persistent (RocksDB) store with
 * pass-through serdes: the delta table replaces Kafka Streams' record cache, so caching cannot be
 * enabled here.
 */
public final class AggregatingRollupStoreBuilder
        extends OwnCacheStoreBuilder<KeyValueStore<String, Rollup>, KeyValueStore<Bytes, byte[]>> {

    /** Pending keys per task before they are merged early (about 130 bytes each: 8.5 MB when full). */
    public static final int DEFAULT_MAX_PENDING = 65_536;
    /** Written values kept per task so merges skip RocksDB (about 150 bytes each: 10 MB when full). */
    public static final int DEFAULT_MAX_HOT = 65_536;

    private final int maxPending;
    private final int maxHot;

    public AggregatingRollupStoreBuilder(String name, int maxPending, int maxHot) {
        super(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.Bytes(), Serdes.ByteArray())
                        .withCachingDisabled(),
                "The delta table");
        this.maxPending = maxPending;
        this.maxHot = maxHot;
    }

    @Override
    public AggregatingRollupStore build() {
        return new AggregatingRollupStore(inner.build(), maxPending, maxHot);
    }
}
