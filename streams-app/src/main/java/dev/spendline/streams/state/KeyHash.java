package dev.spendline.streams.state;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** The hash of a binary key for the open-addressed tables: 8 bytes a step, mixed so low bits are usable. */
final class KeyHash {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long C1 = 0x9E3779B97F4A7C15L;
    private static final long C2 = 0xC2B2AE3D27D4EB4FL;

    private KeyHash() {}

    static int of(byte[] key, int len) {
        long h = C1 ^ len;
        int i = 0;
        for (; i + Long.BYTES <= len; i += Long.BYTES) {
            h = Long.rotateLeft(h ^ ((long) LONGS.get(key, i) * C2), 31) * C1;
        }
        long tail = 0;
        for (int shift = 0; i < len; i++, shift += 8) {
            tail |= (key[i] & 0xffL) << shift;
        }
        h = Long.rotateLeft(h ^ (tail * C2), 31) * C1;
        // Murmur3's 64-bit finaliser.
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h;
    }
}
