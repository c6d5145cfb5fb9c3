package dev.spendline.streams.combination;

import dev.spendline.streams.state.OwnCacheStoreBuilder;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds a {@link CombinationBlockStore} over a logged, uncached persistent (RocksDB) store of bytes:
 * the pending rows are this store's cache, so Kafka Streams' record cache cannot be enabled.
 */
public final class CombinationBlockStoreBuilder
        extends OwnCacheStoreBuilder<CombinationBlockStore, KeyValueStore<Bytes, byte[]>> {

    /** Distinct rows folded before they are written early (about 300 B each: 30 MB). */
    public static final int DEFAULT_MAX_PENDING_ROWS = 100_000;

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
        super(
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.Bytes(), Serdes.ByteArray())
                        .withCachingDisabled(),
                "The pending rows are");
        this.dims = dims;
        this.maxPendingRows = maxPendingRows;
        this.maxBlockBytes = maxBlockBytes;
    }

    @Override
    public CombinationBlockStore build() {
        return new CombinationBlockStore(inner.build(), dims, maxPendingRows, maxBlockBytes);
    }
}
