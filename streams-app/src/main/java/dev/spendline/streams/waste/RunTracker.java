package dev.spendline.streams.waste;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.waste.WasteRules.RunSoFar;
import dev.spendline.streams.waste.WasteRules.WorkflowBaseline;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Follows runs to find runaways. Two stores:
 *
 * <ul>
 *   <li>run states ({@link RunStateStore}), a window store keyed {@code workspace \0 runId}, stamped
 *       with the run's first call: a call within {@link #RUN_SPAN} of it (either side) belongs to
 *       that run, a later one starts a fresh count. The store forgets runs after {@link
 *       #RETENTION};
 *   <li>workflow days, keyed {@code workspace \0 workflowId \0 day}: the runs that started that
 *       day and the cost and calls of all their calls, the sums the baseline is built from.
 * </ul>
 */
public final class RunTracker {

    /** How far from its first call a call still belongs to the same run. */
    static final Duration RUN_SPAN = Duration.ofDays(1);
    /** How long run states are kept: long enough for the span on both sides of late calls. */
    public static final Duration RETENTION = Duration.ofDays(3);

    private final RunStateStore runs;
    private final KeyValueStore<String, WorkflowBaseline> workflowDays;
    private final BoundedMemo<String, WorkflowBaseline> baselines = new BoundedMemo<>(10_000);

    RunTracker(RunStateStore runs, KeyValueStore<String, WorkflowBaseline> workflowDays) {
        this.runs = runs;
        this.workflowDays = workflowDays;
    }

    /** Adds the call to its run and says whether the run is (now or already) a runaway. */
    boolean observe(String ws, String runId, String workflowId, Instant ts, long costNanos) {
        String runKey = ws + '\u0000' + runId;
        long at = ts.toEpochMilli();
        long span = RUN_SPAN.toMillis();
        long from = at - span;
        long to = at + span;
        RunStateStore.Run found = runs.find(runKey, from, to);
        long startedAt = found == null ? at : found.startedAt();
        RunState state = found == null ? null : found.state();
        long day = Granularity.DAY.bucketOf(Instant.ofEpochMilli(startedAt));
        boolean newRun = state == null;
        if (newRun) {
            state = new RunState(workflowId, 0, 0, false);
        }
        state = state.plus(costNanos);
        String dayKey = workflowDayKey(ws, state.workflowId(), day);
        WorkflowBaseline sums = workflowDays.get(dayKey);
        workflowDays.put(
                dayKey,
                sums == null
                        ? new WorkflowBaseline(1, costNanos, 1)
                        : new WorkflowBaseline(
                                sums.runs() + (newRun ? 1 : 0),
                                Math.addExact(sums.costNanos(), costNanos),
                                sums.calls() + 1));
        if (!state.runaway()
                && WasteRules.isRunaway(
                        new RunSoFar(state.costNanos(), state.calls()),
                        baseline(dayKey, ws, state.workflowId(), day))) {
            state = state.markedRunaway();
        }
        runs.put(runKey, from, to, startedAt, state);
        return state.runaway();
    }

    /**
     * The workflow's runs that started in the {@value WasteRules#BASELINE_DAYS} whole days before
     * {@code day}, remembered under the day's own key ({@code dayKey}, built once by the caller).
     */
    private WorkflowBaseline baseline(String dayKey, String ws, String workflowId, long day) {
        return baselines.get(dayKey, key -> {
            long runs = 0;
            long cost = 0;
            long calls = 0;
            for (long d = day - WasteRules.BASELINE_DAYS; d < day; d++) {
                WorkflowBaseline sums = workflowDays.get(workflowDayKey(ws, workflowId, d));
                if (sums != null) {
                    runs += sums.runs();
                    cost = Math.addExact(cost, sums.costNanos());
                    calls += sums.calls();
                }
            }
            return new WorkflowBaseline(runs, cost, calls);
        });
    }

    private static String workflowDayKey(String ws, String workflowId, long day) {
        return ws + '\u0000' + workflowId + '\u0000' + Long.toHexString(day);
    }

    /** Binary form of the workflow-day sums: a version byte and three longs. */
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
