package dev.spendline.streams.waste;

import dev.spendline.streams.state.DecoratedStores;
import dev.spendline.streams.state.OwnCacheStore;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The run steps that succeeded, for duplicate steps (docs/waste.md: a success of a run step that
 * had already succeeded within the horizon, either side in event time, in the order received).
 *
 * <h2>Why not one key per step</h2>
 * The store this replaces ({@code succeeded-steps}) kept one window per step: every successful step
 * cost a window fetch over all its segments and a put with its changelog record: 0.71 records per
 * event in issue #29's profile, and 7–8 µs of the stream thread per event in its ablation, counting
 * what a faster thread then saves at the commit (docs/performance.md). A run's steps come close
 * together, so here a run is one key, and its steps are one value: the first step of a run reads
 * RocksDB, the others are answered by the table below, and the run is written once per commit.
 *
 * <h2>Layout</h2>
 * A logged RocksDB window store keyed {@code workspace \0 runId}, one window per bucket of event time
 * {@code horizon} wide (window start {@code bucket × horizon}), its value the {@link RunSteps} whose
 * success fell in that bucket. A success at time {@code t} has its earlier successes within the
 * horizon in buckets {@code b-1}, {@code b}, {@code b+1} ({@code b} = t's bucket): three point reads,
 * which RocksDB's bloom filters answer without a scan. Retention is two horizons, so a bucket is
 * kept at least as long as the old store kept its steps (a horizon behind the newest).
 *
 * <h2>The table</h2>
 * Per run key: the three buckets around the last success seen, as read, plus that success's bucket
 * with what this commit added. It is written in {@link #flushCache} (before every commit, so it joins
 * the transaction) and dropped by {@link #clearCache}, {@link #init} and {@link #close}, as for the
 * other stores with a table of their own ({@link OwnCacheStore}). A full table writes the entry it
 * evicts first.
 */
public final class SucceededStepsStore extends OwnCacheStore<String, RunSteps, WindowStore<String, RunSteps>> {

    private static final class Entry extends RunTable.Entry {
        /** The middle bucket: its steps are at index 1, the bucket before's at 0, the one after's at 2. */
        long bucket;

        final RunSteps[] steps = new RunSteps[3];

        Entry(String run) {
            super(run);
        }
    }

    private final long horizonMs;
    private final RunTable<Entry> table;
    private long reads;

    SucceededStepsStore(WindowStore<String, RunSteps> stored, long horizonMs, int maxEntries) {
        super(stored);
        if (horizonMs < 1) {
            throw new IllegalArgumentException("horizon " + horizonMs + " ms");
        }
        this.horizonMs = horizonMs;
        // Only the middle bucket is ever changed: the success's own.
        this.table = new RunTable<>(maxEntries, e -> inner.put(e.key, e.steps[1], start(e.bucket)));
    }

    /** The store behind what {@code getStateStore} returns. */
    public static SucceededStepsStore of(StateStore store) {
        return DecoratedStores.unwrap(store, SucceededStepsStore.class);
    }

    /**
     * Whether {@code step} of the run already succeeded within the horizon of {@code time}; if not,
     * this success is remembered. A duplicate is not remembered again: the first success stays the
     * one later successes are measured from, as before.
     *
     * @param run {@code workspace \0 runId}
     * @param time the success's event time (ms)
     */
    public boolean succeededBefore(String run, String step, long time) {
        claimForWriter();
        long bucket = Math.floorDiv(time, horizonMs);
        Entry e = table.get(run);
        if (e == null || e.bucket != bucket) {
            e = load(run, bucket, e);
        }
        for (RunSteps s : e.steps) {
            if (s.succeededWithin(step, time, horizonMs)) {
                return true;
            }
        }
        e.steps[1] = e.steps[1].plus(step, time);
        table.changed(e);
        return false;
    }

    /** The three buckets around {@code bucket} as RocksDB holds them; a pending entry is written first. */
    private Entry load(String run, long bucket, Entry replaced) {
        if (replaced != null) {
            table.write(replaced);
        }
        Entry e = new Entry(run);
        e.bucket = bucket;
        for (int i = 0; i < 3; i++) {
            RunSteps stored = inner.fetch(run, start(bucket - 1 + i));
            e.steps[i] = stored == null ? RunSteps.none() : stored;
        }
        reads++;
        table.put(e);
        return e;
    }

    private long start(long bucket) {
        return Math.multiplyExact(bucket, horizonMs);
    }

    /** The window store below the table: what is written, as the changelog has it. */
    WindowStore<String, RunSteps> windows() {
        return inner;
    }

    /** Runs read from RocksDB since this store was built (a success the table could not answer). */
    long reads() {
        return reads;
    }

    /** Runs with steps not yet written (for tests). */
    int pending() {
        return table.pending().size();
    }

    @Override
    protected void writePending() {
        table.writeDirty();
    }

    @Override
    protected void dropTable() {
        table.clear();
    }
}
