package dev.spendline.streams.state;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds a {@link WriteBackStore} over a logged, uncached persistent (RocksDB) store with
 * pass-through serdes: the store's map replaces Kafka Streams' record cache, so caching cannot be
 * enabled here.
 */
public final class WriteBackStoreBuilder<V>
        extends OwnCacheStoreBuilder<KeyValueStore<String, V>, KeyValueStore<Bytes, byte[]>> {

    /** Keys written per task before a commit writes them early: these stores hold a few keys per workspace. */
    public static final int DEFAULT_MAX_PENDING = 16_384;

    private final Serde<V> serde;
    private final int maxPending;

    public WriteBackStoreBuilder(String name, Serde<V> serde) {
        this(name, serde, DEFAULT_MAX_PENDING);
    }

    public WriteBackStoreBuilder(String name, Serde<V> serde, int maxPending) {
        super(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.Bytes(), Serdes.ByteArray())
                        .withCachingDisabled(),
                "The write-back map");
        this.serde = serde;
        this.maxPending = maxPending;
    }

    @Override
    public WriteBackStore<V> build() {
        return new WriteBackStore<>(inner.build(), serde, maxPending);
    }
}
