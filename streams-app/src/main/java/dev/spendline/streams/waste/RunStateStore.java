package dev.spendline.streams.waste;

import dev.spendline.streams.state.DecoratedStores;
import dev.spendline.streams.state.OwnCacheStore;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * The run states of {@link RunTracker}: the same logged RocksDB window store as before (key
 * {@code workspace \0 runId}, window start = the run's first call, {@link RunState.RunStateSerde}
 * values, so state and changelogs of earlier versions are read as they are), with a hash table in
 * front instead of Kafka Streams' record cache.
 *
 * <p>Why (issue #29): a run's calls come close together, and with the record cache each call cost a
 * fetch through the cache's merged iterator (a sorted copy of the cache's key range per segment)
 * and a put into its tree: 16 % of the stream thread. Here a call of a run the table knows is one
 * hash lookup, and the run's new state is written to RocksDB and the changelog once per commit, as
 * the record cache did.
 *
 * <p><b>What an entry knows.</b> Each entry says: within {@code [knownFrom, knownTo]} the earliest
 * window of its key starts at {@code startedAt} (or there is none: {@code state == null}). That is
 * exactly what {@link #find} must answer (the earliest window starting within the span of the
 * call, as the window store's fetch returns it), so a later call of a known run needs no read
 * ({@link #answers}); anything else reads RocksDB and takes the earlier of what it holds and the
 * table's run. A pending state is written before the commit only when the table needs its entry
 * for another window of the key (RocksDB holds an earlier one, or the run lies outside the call's
 * span), since the table keeps one entry per key.
 *
 * <p><b>Exactly-once</b>: pending states are written in {@link #flushCache}, which Kafka Streams
 * calls before every commit ({@code CachedStateStoreHookTest}), so they join the commit's
 * transaction; {@link #clearCache}, {@link #init} and {@link #close} drop the table (after an
 * abort it may hold uncommitted states). An entry evicted from the full table is written first,
 * as the record cache evicted. Like the record cache, an entry is not expired by the window
 * store's retention while it is in the table (a call more than two days behind the newest one can
 * see a run the store has dropped), so nothing changes for late calls either.
 */
public final class RunStateStore extends OwnCacheStore<String, RunState, WindowStore<String, RunState>> {

    /** A run's first call and its state so far. */
    public record Run(long startedAt, RunState state) {}

    private static final class Entry extends RunTable.Entry {
        long knownFrom;
        long knownTo;
        long startedAt;
        RunState state;

        Entry(String key) {
            super(key);
        }
    }

    private final RunTable<Entry> table;
    private long reads;

    RunStateStore(WindowStore<String, RunState> stored, int maxEntries) {
        super(stored);
        this.table = new RunTable<>(maxEntries, e -> inner.put(e.key, e.state, e.startedAt));
    }

    /** The store behind what {@code getStateStore} returns. */
    public static RunStateStore of(StateStore store) {
        return DecoratedStores.unwrap(store, RunStateStore.class);
    }

    /** The earliest run of {@code key} whose first call is within {@code [from, to]}, or null. */
    public Run find(String key, long from, long to) {
        Entry e = table.get(key);
        if (e != null && answers(e, from, to)) {
            return e.state == null || e.startedAt > to ? null : new Run(e.startedAt, e.state);
        }
        reads++;
        long storedAt = -1;
        RunState storedState = null;
        try (WindowStoreIterator<RunState> it = inner.fetch(key, from, to)) {
            if (it.hasNext()) {
                KeyValue<Long, RunState> first = it.next();
                storedAt = first.key;
                storedState = first.value;
            }
        }
        if (e != null
                && e.state != null
                && e.startedAt >= from
                && e.startedAt <= to
                && (storedState == null || e.startedAt <= storedAt)) {
            // The table's run is the earliest in [from, to] (RocksDB may hold an older state of it):
            // nothing lies in [from, startedAt) either, so the entry now knows both ranges.
            e.knownFrom = Math.min(e.knownFrom, from);
            e.knownTo = Math.max(e.knownTo, to);
            return new Run(e.startedAt, e.state);
        }
        if (e != null) {
            table.write(e); // the entry is replaced by what RocksDB holds: its pending state first
        }
        Entry found = new Entry(key);
        found.knownFrom = from;
        found.knownTo = to;
        if (storedState != null) {
            found.startedAt = storedAt;
            found.state = storedState;
        }
        table.put(found);
        return found.state == null ? null : new Run(found.startedAt, found.state);
    }

    /**
     * The new state of the run {@link #find} returned for {@code [from, to]} (same {@code startedAt}),
     * or of a new run starting at {@code startedAt} within it when find returned null. Written to
     * RocksDB before the next commit.
     */
    public void put(String key, long from, long to, long startedAt, RunState state) {
        Entry e = table.get(key);
        if (e == null || e.state == null || e.startedAt != startedAt) {
            if (e != null) {
                table.write(e); // another window of the same key: it must not be lost
            }
            // A new run: find saw no window within [from, to], so it is the earliest there now.
            e = new Entry(key);
            e.knownFrom = from;
            e.knownTo = to;
            e.startedAt = startedAt;
            table.put(e);
        }
        e.state = state;
        table.changed(e);
    }

    /**
     * Whether the entry alone answers a lookup of {@code [from, to]}: with a run, when the run is
     * the earliest window from {@code from} on (the known range starts at or before {@code from},
     * and the run starts at or after it; what lies after the known range is later than the run);
     * without one, when the known range covers the lookup.
     */
    private static boolean answers(Entry e, long from, long to) {
        if (e.knownFrom > from) {
            return false;
        }
        return e.state != null ? e.startedAt >= from : to <= e.knownTo;
    }

    /** The window store below the table: what is written, as the changelog has it. */
    WindowStore<String, RunState> windows() {
        return inner;
    }

    /** Window-store reads since this store was built (a lookup the table could not answer). */
    public long reads() {
        return reads;
    }

    @Override
    protected void writePending() {
        table.writeDirty();
    }

    /** For tests: the dirty entries (key, window start). */
    List<KeyValue<String, Long>> pending() {
        return table.pending().stream()
                .map(e -> KeyValue.pair(e.key, e.startedAt))
                .toList();
    }

    @Override
    protected void dropTable() {
        table.clear();
    }
}
