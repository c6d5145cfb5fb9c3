package dev.spendline.streams.combination;

import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds a {@link CombinationBlockStore} over a logged, uncached persistent (RocksDB) store of bytes:
 * the pending rows are this store's cache, so Kafka Streams' record cache cannot be enabled.
 */
public final class CombinationBlockStoreBuilder implements StoreBuilder<CombinationBlockStore> {

    /** Distinct rows folded before they are written early (about 300 B each: 30 MB). */
    public static final int DEFAULT_MAX_PENDING_ROWS = 100_000;

    private final StoreBuilder<KeyValueStore<Bytes, byte[]>> inner;
    private final int dims;
    private final int maxPendingRows;
    private final int maxBlockBytes;

    public CombinationBlockStoreBuilder(String name, int dims) {
        this(name, dims, DEFAULT_MAX_PENDING_ROWS);
    }

    public CombinationBlockStoreBuilder(String name, int dims, int maxPendingRows) {
        this(name, dims, maxPendingRows, CombinationBlockStore.MAX_BLOCK_BYTES);
    }

    /** With a smaller block cap, so that tests reach full blocks with few rows. */
    CombinationBlockStoreBuilder(String name, int dims, int maxPendingRows, int maxBlockBytes) {
        this.inner = Stores.keyValueStoreBuilder(
                        Stores.persistentKeyValueStore(name), Serdes.Bytes(), Serdes.ByteArray())
                .withCachingDisabled();
        this.dims = dims;
        this.maxPendingRows = maxPendingRows;
        this.maxBlockBytes = maxBlockBytes;
    }

    @Override
    public CombinationBlockStore build() {
        return new CombinationBlockStore(inner.build(), dims, maxPendingRows, maxBlockBytes);
    }

    @Override
    public StoreBuilder<CombinationBlockStore> withCachingEnabled() {
        throw new UnsupportedOperationException("The pending rows are this store's cache");
    }

    @Override
    public StoreBuilder<CombinationBlockStore> withCachingDisabled() {
        return this;
    }

    @Override
    public StoreBuilder<CombinationBlockStore> withLoggingEnabled(Map<String, String> config) {
        inner.withLoggingEnabled(config);
        return this;
    }

    @Override
    public StoreBuilder<CombinationBlockStore> withLoggingDisabled() {
        inner.withLoggingDisabled();
        return this;
    }

    @Override
    public Map<String, String> logConfig() {
        return inner.logConfig();
    }

    @Override
    public boolean loggingEnabled() {
        return inner.loggingEnabled();
    }

    @Override
    public String name() {
        return inner.name();
    }
}
