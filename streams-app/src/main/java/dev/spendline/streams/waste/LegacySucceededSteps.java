package dev.spendline.streams.waste;

import dev.spendline.contracts.validation.Limits;
import java.util.function.LongSupplier;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * The store of succeeded steps of layout 4 and before ({@code succeeded-steps}: one window per
 * {@code workspace \0 runId \0 stepId}, stamped with the success's event time), read and no longer
 * written since {@link SucceededStepsStore} replaced it, so that a step that succeeded before an
 * upgrade is still a duplicate after it (within the horizon, as always).
 *
 * <p>Its steps were received before the upgrade, so none is later than the upgrade plus {@link
 * Limits#MAX_FUTURE_SKEW}; after that plus the horizon it cannot hold anything a success is
 * compared with, and is not read again. The first task that finds it holding anything records the
 * moment in it, under a key no step can have ({@code \0}: validated strings never contain it), so
 * that every later start knows. An empty store (a new installation) is never read.
 *
 * <p>Once the wall clock is past that point the store is emptied. A window store drops a segment
 * once its stream time has moved a retention (the horizon) past the segment's end, but nothing
 * writes this store any more, so its stream time would stay where the last step before the upgrade
 * left it, and its segments on disk forever. One more put, of a marker ({@link #EMPTIED}) stamped
 * far enough ahead, moves its stream time past every segment that holds a step or the upgrade
 * marker, and RocksDB drops them; no tombstone per step is written. The marker stays, and tells
 * every later start that there is nothing to read. The steps' changelog records expire on the
 * broker within a day of it (the changelog keeps the horizon and a day); a restore before that
 * replays them, then the marker, which drops them again.
 */
final class LegacySucceededSteps {

    static final String UPGRADED = "\0upgraded";

    static final String EMPTIED = "\0emptied";

    /**
     * A segment is {@code max(retention / 2, 60 s)} long: stamped a horizon and a minute past the
     * last time a step can matter, the marker leaves every earlier segment behind the retention.
     */
    private static final long SEGMENT_SLACK_MS = 60_000;

    private final WindowStore<String, Long> store;
    private final long horizonMs;
    private final LongSupplier wallClock;
    /** Successes after this time cannot have an earlier success in the store; MIN_VALUE: none can. */
    private long readUntil;

    private boolean checked;

    /**
     * @param wallClock the processor's wall clock ({@code currentSystemTimeMs})
     */
    LegacySucceededSteps(WindowStore<String, Long> store, long horizonMs, LongSupplier wallClock) {
        this.store = store;
        this.horizonMs = horizonMs;
        this.wallClock = wallClock;
    }

    /**
     * On the first success processed, not in the processor's init: marking the store is a write,
     * which belongs in a transaction.
     */
    private void check() {
        long upgraded = upgradedAt(store, wallClock.getAsLong());
        readUntil =
                upgraded == Long.MIN_VALUE ? Long.MIN_VALUE : upgraded + Limits.MAX_FUTURE_SKEW.toMillis() + horizonMs;
        checked = true;
    }

    private static long upgradedAt(WindowStore<String, Long> store, long nowMs) {
        try (WindowStoreIterator<Long> it = store.fetch(EMPTIED, 0, Long.MAX_VALUE)) {
            if (it.hasNext()) {
                return Long.MIN_VALUE;
            }
        }
        try (WindowStoreIterator<Long> it = store.fetch(UPGRADED, 0, Long.MAX_VALUE)) {
            if (it.hasNext()) {
                return it.next().value;
            }
        }
        try (KeyValueIterator<?, Long> it = store.all()) {
            if (!it.hasNext()) {
                return Long.MIN_VALUE;
            }
        }
        store.put(UPGRADED, nowMs, nowMs);
        return nowMs;
    }

    /** Drops every segment that holds a step (see the class comment); the store is not read again. */
    private void empty() {
        store.put(EMPTIED, readUntil, readUntil + horizonMs + SEGMENT_SLACK_MS);
        readUntil = Long.MIN_VALUE;
    }

    /** Whether the store holds a success of the step within the horizon of {@code time}. */
    boolean succeededWithin(String ws, String runId, String stepId, long time) {
        if (!checked) {
            check();
        }
        if (readUntil != Long.MIN_VALUE && wallClock.getAsLong() > readUntil) {
            empty();
        }
        if (time > readUntil) {
            return false;
        }
        try (WindowStoreIterator<Long> it =
                store.fetch(ws + '\u0000' + runId + '\u0000' + stepId, time - horizonMs, time + horizonMs)) {
            return it.hasNext();
        }
    }
}
