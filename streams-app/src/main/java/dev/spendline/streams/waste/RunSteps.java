package dev.spendline.streams.waste;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * The steps of one run that succeeded in one time bucket ({@link SucceededStepsStore}), each with
 * the event time of its first success. A run has a handful of steps, so a list scanned in order is
 * the smallest and fastest form. Immutable.
 */
public final class RunSteps {

    private static final RunSteps NONE = new RunSteps(new String[0], new long[0]);

    private final String[] steps;
    private final long[] times;

    private RunSteps(String[] steps, long[] times) {
        this.steps = steps;
        this.times = times;
    }

    static RunSteps none() {
        return NONE;
    }

    /** These steps and one more (a step this list does not hold). */
    RunSteps plus(String step, long time) {
        String[] s = Arrays.copyOf(steps, steps.length + 1);
        long[] t = Arrays.copyOf(times, times.length + 1);
        s[steps.length] = step;
        t[times.length] = time;
        return new RunSteps(s, t);
    }

    /** Whether {@code step} succeeded at a time within {@code horizonMs} of {@code time}, either side. */
    boolean succeededWithin(String step, long time, long horizonMs) {
        for (int i = 0; i < steps.length; i++) {
            if (steps[i].equals(step) && Math.abs(time - times[i]) <= horizonMs) {
                return true;
            }
        }
        return false;
    }

    int size() {
        return steps.length;
    }

    String step(int i) {
        return steps[i];
    }

    long time(int i) {
        return times[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RunSteps r && Arrays.equals(r.steps, steps) && Arrays.equals(r.times, times);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(steps) + Arrays.hashCode(times);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("RunSteps[");
        for (int i = 0; i < steps.length; i++) {
            b.append(i == 0 ? "" : ", ").append(steps[i]).append('@').append(times[i]);
        }
        return b.append(']').toString();
    }

    /**
     * Binary form: a version byte, a u16 count, then per step its time (i64) and its id (u16 length,
     * UTF-8), in the order they succeeded.
     */
    public static final class RunStepsSerde implements Serde<RunSteps> {

        private static final byte VERSION = 1;

        @Override
        public Serializer<RunSteps> serializer() {
            return (topic, r) -> {
                if (r == null) {
                    return null;
                }
                if (r.steps.length > 0xFFFF) {
                    throw new SerializationException(r.steps.length + " steps in one run: at most 65535");
                }
                byte[][] utf8 = new byte[r.steps.length][];
                int size = 3;
                for (int i = 0; i < utf8.length; i++) {
                    utf8[i] = r.steps[i].getBytes(StandardCharsets.UTF_8);
                    if (utf8[i].length > 0xFFFF) {
                        throw new SerializationException("a step id of " + utf8[i].length + " bytes: at most 65535");
                    }
                    size += Long.BYTES + 2 + utf8[i].length;
                }
                ByteBuffer b = ByteBuffer.allocate(size).put(VERSION).putShort((short) utf8.length);
                for (int i = 0; i < utf8.length; i++) {
                    b.putLong(r.times[i]).putShort((short) utf8[i].length).put(utf8[i]);
                }
                return b.array();
            };
        }

        @Override
        public Deserializer<RunSteps> deserializer() {
            return (topic, bytes) -> {
                if (bytes == null) {
                    return null;
                }
                if (bytes.length < 3 || bytes[0] != VERSION) {
                    throw new SerializationException("Not a version-" + VERSION + " list of run steps");
                }
                try {
                    ByteBuffer b = ByteBuffer.wrap(bytes, 1, bytes.length - 1);
                    int n = Short.toUnsignedInt(b.getShort());
                    String[] steps = new String[n];
                    long[] times = new long[n];
                    for (int i = 0; i < n; i++) {
                        times[i] = b.getLong();
                        int length = Short.toUnsignedInt(b.getShort());
                        steps[i] = new String(bytes, b.position(), length, StandardCharsets.UTF_8);
                        b.position(b.position() + length);
                    }
                    if (b.hasRemaining()) {
                        throw new SerializationException(b.remaining() + " bytes after the last run step");
                    }
                    return new RunSteps(steps, times);
                } catch (RuntimeException e) {
                    throw e instanceof SerializationException s
                            ? s
                            : new SerializationException("A truncated list of run steps", e);
                }
            };
        }
    }
}
