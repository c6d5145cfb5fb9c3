package dev.spendline.streams.state;

import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.internals.CacheFlushListener;
import org.apache.kafka.streams.state.internals.CachedStateStore;

/**
 * A store that keeps its own per-commit table in front of a logged, uncached Kafka Streams store
 * (the rollup, combination and run-state stores, built by {@link OwnCacheStoreBuilder}), and the
 * lifecycle they share:
 *
 * <ul>
 *   <li>Kafka Streams calls {@link #flushCache} before every commit (this store is registered as the
 *       root, {@code CachedStateStoreHookTest}): the pending entries are written then, so they join
 *       the commit's transaction.
 *   <li>{@link #clearCache} (uncommitted work thrown away, e.g. after an aborted transaction),
 *       {@link #init} and {@link #close} drop the table: it may hold what was never committed. A clean
 *       close follows a commit, so nothing committed is lost.
 *   <li>The writer is the stream thread that folds ({@link #claimForWriter}); only it writes the
 *       pending entries before its own reads, any other reader (interactive queries) reads what the
 *       last commit wrote.
 * </ul>
 *
 * @param <K> the key type Kafka Streams' cache hooks see
 * @param <V> the value type Kafka Streams' cache hooks see
 * @param <S> the store below
 */
public abstract class OwnCacheStore<K, V, S extends StateStore> implements StateStore, CachedStateStore<K, V> {

    protected final S inner;

    private volatile Thread owner;

    protected OwnCacheStore(S inner) {
        this.inner = inner;
    }

    /** Writes the table's pending entries to the store below. */
    protected abstract void writePending();

    /** Forgets the table (and whatever was derived from the store below along with it). */
    protected abstract void dropTable();

    /**
     * Marks the calling thread as the writer: it folds, so its reads must see its own writes. Only
     * writers claim the table: an interactive query that happened to read first must not become the
     * owner. Before the first write the table is empty, so reading the store below is exact.
     */
    protected final void claimForWriter() {
        if (owner != Thread.currentThread()) {
            owner = Thread.currentThread();
        }
    }

    protected final boolean ownedByCaller() {
        return owner == Thread.currentThread();
    }

    @Override
    public final void flushCache() {
        writePending();
    }

    @Override
    public final void clearCache() {
        dropTable();
    }

    /** Nothing is forwarded downstream from these stores. */
    @Override
    public final boolean setFlushListener(CacheFlushListener<K, V> listener, boolean sendOldValues) {
        return false;
    }

    @Override
    public final void flush() {
        writePending();
        inner.flush();
    }

    @Override
    public final void init(StateStoreContext context, StateStore root) {
        owner = null;
        dropTable();
        inner.init(context, root);
    }

    @Override
    public final void close() {
        dropTable();
        owner = null;
        inner.close();
    }

    @Override
    public final String name() {
        return inner.name();
    }

    @Override
    public final boolean persistent() {
        return inner.persistent();
    }

    @Override
    public final boolean isOpen() {
        return inner.isOpen();
    }

    @Override
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        return inner.query(query, positionBound, config);
    }

    @Override
    public final Position getPosition() {
        return inner.getPosition();
    }
}
