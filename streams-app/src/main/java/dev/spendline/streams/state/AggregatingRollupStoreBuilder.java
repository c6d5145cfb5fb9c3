package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Builds an {@link AggregatingRollupStore} over a RocksDB store. The delta table replaces Kafka
 * Streams' record cache, so caching cannot be enabled here; and the store writes its changelog
 * itself (delta records and checkpoints), so RocksDB is not wrapped in Kafka Streams' logging
 * store. Kafka Streams still creates, restores and checkpoints the changelog from what this
 * builder says ({@link #loggingEnabled}, {@link #logConfig}).
 */
public final class AggregatingRollupStoreBuilder implements StoreBuilder<KeyValueStore<String, Rollup>> {

    /** Pending keys per task before they are merged early (about 130 bytes each: 8.5 MB when full). */
    public static final int DEFAULT_MAX_PENDING = 65_536;
    /** Written values kept per task so merges skip RocksDB (about 150 bytes each: 10 MB when full). */
    public static final int DEFAULT_MAX_HOT = 65_536;

    /**
     * Delta records between checkpoints: at a commit every 100 ms under load, one checkpoint about
     * every 30 s. Fewer means more value records (a key changed in every commit is written once a
     * checkpoint instead of once a commit); more means more deltas kept in the changelog until the
     * cleaner drops them, replayed by a restore, and read back at the checkpoint.
     */
    public static final int DEFAULT_CHECKPOINT_RECORDS = 300;
    /**
     * Or this many bytes of delta records, whichever comes first: a backfill names many keys per
     * commit, and the checkpoint holds the distinct keys in memory while it writes them (about
     * 60 bytes each, so at most about 40 MB for a task).
     */
    public static final long DEFAULT_CHECKPOINT_BYTES = 16L * 1024 * 1024;

    private final KeyValueBytesStoreSupplier rocksDb;
    private final int maxPending;
    private final int maxHot;
    private final int checkpointRecords;
    private final long checkpointBytes;
    private boolean logged = true;
    private Map<String, String> logConfig = new HashMap<>();

    public AggregatingRollupStoreBuilder(String name, int maxPending, int maxHot) {
        this(name, maxPending, maxHot, DEFAULT_CHECKPOINT_RECORDS, DEFAULT_CHECKPOINT_BYTES);
    }

    public AggregatingRollupStoreBuilder(
            String name, int maxPending, int maxHot, int checkpointRecords, long checkpointBytes) {
        this.rocksDb = Stores.persistentKeyValueStore(name);
        this.maxPending = maxPending;
        this.maxHot = maxHot;
        this.checkpointRecords = checkpointRecords;
        this.checkpointBytes = checkpointBytes;
    }

    @Override
    public AggregatingRollupStore build() {
        return new AggregatingRollupStore(
                rocksDb.get(), logged, maxPending, maxHot, checkpointRecords, checkpointBytes);
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
        logged = true;
        logConfig = new HashMap<>(config);
        return this;
    }

    @Override
    public StoreBuilder<KeyValueStore<String, Rollup>> withLoggingDisabled() {
        logged = false;
        logConfig = new HashMap<>();
        return this;
    }

    @Override
    public Map<String, String> logConfig() {
        return logConfig;
    }

    @Override
    public boolean loggingEnabled() {
        return logged;
    }

    @Override
    public String name() {
        return rocksDb.name();
    }
}
