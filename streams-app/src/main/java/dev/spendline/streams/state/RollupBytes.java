package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupSerde;
import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * {@link RollupSerde}'s stored form (a version byte and ten big-endian longs) read from and
 * written to {@code long[]} directly, so a merge needs no {@link Rollup} object. The tests pin the
 * bytes to {@link RollupSerde}'s, which stays the definition of the format.
 */
final class RollupBytes {

    static final int WIDTH = 10;
    private static final byte VERSION = 1;
    static final int SIZE = 1 + WIDTH * Long.BYTES;

    private static final Serializer<Rollup> SERIALIZER = new RollupSerde().serializer();
    private static final Deserializer<Rollup> DESERIALIZER = new RollupSerde().deserializer();

    private RollupBytes() {}

    static byte[] encode(long[] v, int at) {
        ByteBuffer b = ByteBuffer.allocate(SIZE).put(VERSION);
        for (int i = 0; i < WIDTH; i++) {
            b.putLong(v[at + i]);
        }
        return b.array();
    }

    static void decode(byte[] bytes, long[] into, int at) {
        if (bytes.length != SIZE || bytes[0] != VERSION) {
            throw new SerializationException("Not a version-" + VERSION + " rollup (" + bytes.length + " bytes)");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes, 1, SIZE - 1);
        for (int i = 0; i < WIDTH; i++) {
            into[at + i] = b.getLong();
        }
    }

    static Rollup toRollup(byte[] bytes) {
        return DESERIALIZER.deserialize(null, bytes);
    }

    static byte[] toBytes(Rollup rollup) {
        return SERIALIZER.serialize(null, rollup);
    }

    static Rollup toRollup(long[] v) {
        return new Rollup(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
    }
}
