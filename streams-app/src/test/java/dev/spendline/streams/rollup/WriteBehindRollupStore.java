package dev.spendline.streams.rollup;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * <b>The rollup store of the layout before issue #29, kept in the tests only</b> as the oracle the
 * {@code AggregatingRollupStore} is compared with ({@code WriteBehindEquivalenceTest}: same bytes
 * on disk and in the changelog). Production no longer uses it.
 *
 * <p>A rollup store that keeps the rollups updated since the last commit as objects and writes each
 * changed key once, to the logged RocksDB store below it, when Kafka Streams flushes state before
 * it commits.
 *
 * <p>Why not Kafka Streams' own record cache: it holds serialized bytes in a sorted map, so each of
 * the 28 updates per event serializes a key and a rollup and searches a tree. Here an update is a
 * hash lookup and one small object. Exactly-once is kept because Kafka Streams flushes caches
 * before every commit ({@link #flushCache}, called for each registered store that is a {@link
 * CachedStateStore}; this store registers itself as the outermost one): the changelog records of
 * the dirty keys go into the same transaction as the input offsets. When more than {@code maxDirty}
 * keys are dirty they are written early, as the record cache evicts; that is equally safe.
 *
 * <p>{@link CachedStateStore} is Kafka Streams' internal interface for exactly this hook (there is
 * no public one). If an upgrade changed it, updates would reach the store only at checkpoints:
 * {@code StreamsRestartIT} and the fault tests in the bench module would fail at once.
 *
 * <p>Written values stay in a bounded LRU map too, so the next update of a key reads no RocksDB:
 * live traffic keeps hitting the same current-hour and current-day keys.
 *
 * <p>Reads on the stream thread see every update, as a store's own writer must: {@link #get} reads
 * the dirty and clean maps first, and a range read ({@link #range}, {@link #all}, {@link
 * #prefixScan} and their reverse forms) first writes the dirty keys down, as an early eviction
 * would, then reads RocksDB. Range reads are rare on the stream thread (the waste baselines, once
 * per feature and day), so this costs nothing on the hot path. On any other thread (interactive
 * queries) every read goes to RocksDB and sees what has been written, that is, everything up to
 * the last commit, as it would with exactly-once anyway.
 */
public final class WriteBehindRollupStore implements KeyValueStore<String, Rollup>, CachedStateStore<String, Rollup> {

    private final KeyValueStore<String, Rollup> written;
    private final int maxDirty;
    /** Changed since the last commit. */
    private final Map<String, Rollup> dirty = new HashMap<>();
    /**
     * Recently used written values, so that the next update of a key does not read RocksDB: live
     * traffic keeps updating the same current-hour and current-day keys.
     */
    private final LinkedHashMap<String, Rollup> clean;
    /** Only the stream thread that owns the task uses the maps; any other reader reads RocksDB. */
    private volatile Thread owner;

    public WriteBehindRollupStore(KeyValueStore<String, Rollup> written, int maxDirty, int maxClean) {
        this.written = written;
        this.maxDirty = maxDirty;
        this.clean = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Rollup> eldest) {
                return size() > maxClean;
            }
        };
    }

    /**
     * Only writers claim the maps: the stream thread reads before it first writes, and an
     * interactive query that happened to read first must not become the owner. Before the first
     * write the maps are empty, so reading RocksDB is exact.
     */
    private void claimForWriter() {
        if (owner != Thread.currentThread()) {
            owner = Thread.currentThread();
        }
    }

    private boolean ownedByCaller() {
        return owner == Thread.currentThread();
    }

    @Override
    public Rollup get(String key) {
        if (!ownedByCaller()) {
            return written.get(key);
        }
        Rollup value = dirty.get(key);
        if (value != null) {
            return value;
        }
        value = clean.get(key);
        if (value != null) {
            return value;
        }
        value = written.get(key);
        if (value != null) {
            clean.put(key, value);
        }
        return value;
    }

    @Override
    public void put(String key, Rollup value) {
        if (value == null) {
            delete(key);
            return;
        }
        claimForWriter();
        dirty.put(key, value);
        if (dirty.size() >= maxDirty) {
            writeDirty();
        }
    }

    @Override
    public Rollup putIfAbsent(String key, Rollup value) {
        Rollup current = get(key);
        if (current == null) {
            put(key, value);
        }
        return current;
    }

    @Override
    public void putAll(List<KeyValue<String, Rollup>> entries) {
        entries.forEach(e -> put(e.key, e.value));
    }

    @Override
    public Rollup delete(String key) {
        claimForWriter();
        Rollup pending = dirty.remove(key);
        clean.remove(key);
        Rollup old = written.delete(key);
        return pending != null ? pending : old;
    }

    private void writeDirty() {
        if (dirty.isEmpty()) {
            return;
        }
        // One RocksDB write batch for all of them (the changelog still gets one record each).
        List<KeyValue<String, Rollup>> batch = new ArrayList<>(dirty.size());
        for (Map.Entry<String, Rollup> e : dirty.entrySet()) {
            batch.add(KeyValue.pair(e.getKey(), e.getValue()));
            clean.put(e.getKey(), e.getValue());
        }
        written.putAll(batch);
        dirty.clear();
    }

    /** Before a range read on the stream thread, so that it sees what {@link #get} sees. */
    private void writeDirtyIfOwner() {
        if (ownedByCaller() && !dirty.isEmpty()) {
            writeDirty();
        }
    }

    @Override
    public void flush() {
        writeDirty();
        written.flush();
    }

    /** Called by Kafka Streams before every commit. */
    @Override
    public void flushCache() {
        writeDirty();
    }

    /** Called when a task's uncommitted work is thrown away (e.g. an aborted transaction). */
    @Override
    public void clearCache() {
        dirty.clear();
        clean.clear();
    }

    /** Nothing is forwarded downstream from this store. */
    @Override
    public boolean setFlushListener(CacheFlushListener<String, Rollup> listener, boolean sendOldValues) {
        return false;
    }

    @Override
    public KeyValueIterator<String, Rollup> range(String from, String to) {
        writeDirtyIfOwner();
        return written.range(from, to);
    }

    @Override
    public KeyValueIterator<String, Rollup> reverseRange(String from, String to) {
        writeDirtyIfOwner();
        return written.reverseRange(from, to);
    }

    @Override
    public KeyValueIterator<String, Rollup> all() {
        writeDirtyIfOwner();
        return written.all();
    }

    @Override
    public KeyValueIterator<String, Rollup> reverseAll() {
        writeDirtyIfOwner();
        return written.reverseAll();
    }

    @Override
    public <PS extends Serializer<P>, P> KeyValueIterator<String, Rollup> prefixScan(P prefix, PS prefixKeySerializer) {
        writeDirtyIfOwner();
        return written.prefixScan(prefix, prefixKeySerializer);
    }

    @Override
    public long approximateNumEntries() {
        return written.approximateNumEntries();
    }

    @Override
    public String name() {
        return written.name();
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        owner = null;
        written.init(context, root);
    }

    @Override
    public void close() {
        // A clean shutdown flushes first; after an error, uncommitted updates must be dropped.
        dirty.clear();
        clean.clear();
        owner = null;
        written.close();
    }

    @Override
    public boolean persistent() {
        return written.persistent();
    }

    @Override
    public boolean isOpen() {
        return written.isOpen();
    }

    @Override
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        return written.query(query, positionBound, config);
    }

    @Override
    public Position getPosition() {
        return written.getPosition();
    }
}
