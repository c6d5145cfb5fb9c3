package dev.spendline.streams.state;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupSerde;

/**
 * {@link RollupSerde}'s stored form read from and written to {@code long[]} directly, so a merge
 * needs no {@link Rollup} object. {@link RollupSerde} stays the definition of the format.
 */
final class RollupBytes {

    static final int WIDTH = Rollup.WIDTH;

    private RollupBytes() {}

    static byte[] encode(long[] v, int at) {
        return RollupSerde.encode(v, at);
    }

    static void decode(byte[] bytes, long[] into, int at) {
        RollupSerde.decode(bytes, into, at);
    }

    static Rollup toRollup(byte[] bytes) {
        long[] v = new long[WIDTH];
        decode(bytes, v, 0);
        return Rollup.of(v, 0);
    }

    static byte[] toBytes(Rollup rollup) {
        long[] v = new long[WIDTH];
        rollup.copyInto(v);
        return encode(v, 0);
    }

    static Rollup toRollup(long[] v) {
        return Rollup.of(v, 0);
    }
}
