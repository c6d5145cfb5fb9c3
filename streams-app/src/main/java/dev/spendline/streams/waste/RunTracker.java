package dev.spendline.streams.waste;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.state.AggregatingRollupStore;
import dev.spendline.streams.state.KeyBuilder;
import dev.spendline.streams.waste.WasteRules.RunSoFar;
import dev.spendline.streams.waste.WasteRules.WorkflowBaseline;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Follows runs to find runaways. Two kinds of state:
 *
 * <ul>
 *   <li>run states, a window store keyed {@code workspace \0 runId}, stamped with the run's first
 *       call: a call within {@link #RUN_SPAN} of it (either side) belongs to that run, a later one
 *       starts a fresh count. The store forgets runs after {@link #RETENTION};
 *   <li>workflow days: per workspace, workflow and UTC day, the runs that started that day and the
 *       cost and calls of all their calls, the sums the baseline is built from. They are keys of
 *       the waste store ({@code RollupKeys.key(ws, DAY, "wfd", day, workflowId)}, slots {@link
 *       #COST}, {@link #CALLS} and {@link #RUNS} of the rollup width), so each call only folds
 *       into that store's per-commit table: no read and no object per call (issue #29). Layout 2
 *       kept them in a store of their own ({@code workflow-days}); it is still read, never written,
 *       so that state written before the upgrade keeps counting: a call is in exactly one of the
 *       two, so their sum is exact.
 * </ul>
 */
public final class RunTracker {

    /** How far from its first call a call still belongs to the same run. */
    static final Duration RUN_SPAN = Duration.ofDays(1);
    /** How long run states are kept: long enough for the span on both sides of late calls. */
    public static final Duration RETENTION = Duration.ofDays(3);

    /** The waste-store code of workflow days. */
    static final String WORKFLOW_DAY = "wfd";
    /** Slots of a workflow day in the rollup width (costNanos and calls where a rollup has them). */
    static final int COST = 0;

    static final int CALLS = 1;
    static final int RUNS = 2;

    private static final byte[] WORKFLOW_DAY_CODE = WORKFLOW_DAY.getBytes(StandardCharsets.US_ASCII);

    private final WindowStore<String, RunState> runs;
    private final AggregatingRollupStore sums;
    private final ReadOnlyKeyValueStore<String, WorkflowBaseline> earlierSums;
    private final BoundedMemo<WorkflowDay, WorkflowBaseline> baselines = new BoundedMemo<>(10_000);
    private final KeyBuilder key = new KeyBuilder(128);
    private final long[] delta = new long[AggregatingRollupStore.WIDTH];
    private final long[] value = new long[AggregatingRollupStore.WIDTH];

    /**
     * @param sums the waste store, where workflow days are folded
     * @param earlierSums layout 2's workflow days, read for the baseline; null when there are none
     */
    RunTracker(
            WindowStore<String, RunState> runs,
            AggregatingRollupStore sums,
            ReadOnlyKeyValueStore<String, WorkflowBaseline> earlierSums) {
        this.runs = runs;
        this.sums = sums;
        this.earlierSums = earlierSums;
    }

    /** Adds the call to its run and says whether the run is (now or already) a runaway. */
    boolean observe(String ws, String runId, String workflowId, Instant ts, long costNanos) {
        String runKey = ws + '\u0000' + runId;
        long at = ts.toEpochMilli();
        long span = RUN_SPAN.toMillis();
        long startedAt = at;
        RunState state = null;
        try (WindowStoreIterator<RunState> it = runs.fetch(runKey, at - span, at + span)) {
            if (it.hasNext()) {
                KeyValue<Long, RunState> found = it.next();
                startedAt = found.key;
                state = found.value;
            }
        }
        long day = Granularity.DAY.bucketOf(Instant.ofEpochMilli(startedAt));
        boolean newRun = state == null;
        if (newRun) {
            state = new RunState(workflowId, 0, 0, false);
        }
        state = state.plus(costNanos);
        delta[COST] = costNanos;
        delta[CALLS] = 1;
        delta[RUNS] = newRun ? 1 : 0;
        sums.add(workflowDayKey(ws, state.workflowId(), day), delta);
        if (!state.runaway()
                && WasteRules.isRunaway(
                        new RunSoFar(state.costNanos(), state.calls()), baseline(ws, state.workflowId(), day))) {
            state = state.markedRunaway();
        }
        runs.put(runKey, state, startedAt);
        return state.runaway();
    }

    /** The workflow's runs that started in the {@value WasteRules#BASELINE_DAYS} whole days before {@code day}. */
    private WorkflowBaseline baseline(String ws, String workflowId, long day) {
        return baselines.get(new WorkflowDay(ws, workflowId, day), k -> {
            long runs = 0;
            long cost = 0;
            long calls = 0;
            for (long d = day - WasteRules.BASELINE_DAYS; d < day; d++) {
                if (sums.current(workflowDayKey(ws, workflowId, d), value)) {
                    runs += value[RUNS];
                    cost = Math.addExact(cost, value[COST]);
                    calls += value[CALLS];
                }
                WorkflowBaseline earlier = earlierSums == null ? null : earlierSums.get(earlierKey(ws, workflowId, d));
                if (earlier != null) {
                    runs += earlier.runs();
                    cost = Math.addExact(cost, earlier.costNanos());
                    calls += earlier.calls();
                }
            }
            return new WorkflowBaseline(runs, cost, calls);
        });
    }

    /** {@code RollupKeys.key(ws, DAY, WORKFLOW_DAY, day, workflowId)} as bytes, in the reused builder. */
    private KeyBuilder workflowDayKey(String ws, String workflowId, long day) {
        return key.reset()
                .put(ws.getBytes(StandardCharsets.UTF_8))
                .put((byte) 0)
                .put((byte) Granularity.DAY.code())
                .put((byte) 0)
                .put(WORKFLOW_DAY_CODE)
                .put((byte) 0)
                .putHex8(day)
                .put((byte) 0)
                .put(workflowId.getBytes(StandardCharsets.UTF_8));
    }

    /** The key of layout 2's {@code workflow-days} store. */
    static String earlierKey(String ws, String workflowId, long day) {
        return ws + '\u0000' + workflowId + '\u0000' + Long.toHexString(day);
    }

    /** A baseline's memo key. */
    private record WorkflowDay(String ws, String workflowId, long day) {}

    /** Binary form of layout 2's workflow-day sums: a version byte and three longs. */
    public static final class WorkflowDaySerde implements Serde<WorkflowBaseline> {

        private static final byte VERSION = 1;
        private static final int SIZE = 1 + 3 * Long.BYTES;

        @Override
        public Serializer<WorkflowBaseline> serializer() {
            return (topic, w) -> w == null
                    ? null
                    : ByteBuffer.allocate(SIZE)
                            .put(VERSION)
                            .putLong(w.runs())
                            .putLong(w.costNanos())
                            .putLong(w.calls())
                            .array();
        }

        @Override
        public Deserializer<WorkflowBaseline> deserializer() {
            return (topic, bytes) -> {
                if (bytes == null) {
                    return null;
                }
                if (bytes.length != SIZE || bytes[0] != VERSION) {
                    throw new SerializationException("Not a version-" + VERSION + " workflow day");
                }
                ByteBuffer b = ByteBuffer.wrap(bytes, 1, SIZE - 1);
                return new WorkflowBaseline(b.getLong(), b.getLong(), b.getLong());
            };
        }
    }
}
