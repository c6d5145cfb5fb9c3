package dev.spendline.streams.rollup;

import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Fixed-width binary form of {@link Rollup}: a version byte and its longs. Rollups are written
 * many times per event, so they skip JSON.
 *
 * <ul>
 *   <li>version 1: the first ten longs (cost to latency count), nothing estimated or unpriced;
 *   <li>version 2: all {@link Rollup#WIDTH} longs.
 * </ul>
 *
 * A rollup with nothing estimated and nothing unpriced is written as version 1, so calls whose cost
 * the sender reported (nearly all) store and log no more bytes than before version 2 existed, and
 * stores written before it read as they are.
 */
public final class RollupSerde implements Serde<Rollup> {

    public static final byte V1 = 1;
    public static final byte V2 = 2;
    public static final int V1_LONGS = 10;
    public static final int V1_SIZE = 1 + V1_LONGS * Long.BYTES;
    public static final int V2_SIZE = 1 + Rollup.WIDTH * Long.BYTES;

    @Override
    public Serializer<Rollup> serializer() {
        return (topic, r) -> {
            if (r == null) {
                return null;
            }
            long[] v = new long[Rollup.WIDTH];
            r.copyInto(v);
            return encode(v, 0);
        };
    }

    @Override
    public Deserializer<Rollup> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            long[] v = new long[Rollup.WIDTH];
            decode(bytes, v, 0);
            return Rollup.of(v, 0);
        };
    }

    /** {@code v[at, at + WIDTH)} in its stored form: version 1 when the last two are 0. */
    public static byte[] encode(long[] v, int at) {
        boolean v1 = v[at + 10] == 0 && v[at + 11] == 0;
        int longs = v1 ? V1_LONGS : Rollup.WIDTH;
        ByteBuffer b = ByteBuffer.allocate(1 + longs * Long.BYTES).put(v1 ? V1 : V2);
        for (int i = 0; i < longs; i++) {
            b.putLong(v[at + i]);
        }
        return b.array();
    }

    /** A stored rollup of either version into {@code into[at, at + WIDTH)}. */
    public static void decode(byte[] bytes, long[] into, int at) {
        int longs;
        if (bytes.length == V1_SIZE && bytes[0] == V1) {
            longs = V1_LONGS;
            into[at + 10] = 0;
            into[at + 11] = 0;
        } else if (bytes.length == V2_SIZE && bytes[0] == V2) {
            longs = Rollup.WIDTH;
        } else {
            throw new SerializationException(
                    "Not a rollup of version " + V1 + " or " + V2 + " (" + bytes.length + " bytes)");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes, 1, bytes.length - 1);
        for (int i = 0; i < longs; i++) {
            into[at + i] = b.getLong();
        }
    }
}
