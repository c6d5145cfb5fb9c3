package dev.spendline.streams.waste;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * One run's calls so far, kept from its first call for a day (see {@link RunTracker}).
 *
 * @param workflowId the workflow of the run's first call: the run is judged against it
 * @param runaway set once the run has gone past its workflow's line; it stays a runaway
 */
public record RunState(String workflowId, long costNanos, long calls, boolean runaway) {

    RunState plus(long cost) {
        return new RunState(workflowId, Math.addExact(costNanos, cost), calls + 1, runaway);
    }

    RunState markedRunaway() {
        return new RunState(workflowId, costNanos, calls, true);
    }

    /** Binary form: a version byte, two longs, a flag, then the workflow id in UTF-8. Written once per run call. */
    public static final class RunStateSerde implements Serde<RunState> {

        private static final byte VERSION = 1;
        private static final int FIXED = 1 + 2 * Long.BYTES + 1;

        @Override
        public Serializer<RunState> serializer() {
            return (topic, r) -> {
                if (r == null) {
                    return null;
                }
                byte[] workflow = r.workflowId().getBytes(StandardCharsets.UTF_8);
                return ByteBuffer.allocate(FIXED + workflow.length)
                        .put(VERSION)
                        .putLong(r.costNanos())
                        .putLong(r.calls())
                        .put((byte) (r.runaway() ? 1 : 0))
                        .put(workflow)
                        .array();
            };
        }

        @Override
        public Deserializer<RunState> deserializer() {
            return (topic, bytes) -> {
                if (bytes == null) {
                    return null;
                }
                if (bytes.length < FIXED || bytes[0] != VERSION) {
                    throw new SerializationException("Not a version-" + VERSION + " run state");
                }
                ByteBuffer b = ByteBuffer.wrap(bytes, 1, bytes.length - 1);
                long cost = b.getLong();
                long calls = b.getLong();
                boolean runaway = b.get() == 1;
                String workflow = new String(bytes, FIXED, bytes.length - FIXED, StandardCharsets.UTF_8);
                return new RunState(workflow, cost, calls, runaway);
            };
        }
    }
}
