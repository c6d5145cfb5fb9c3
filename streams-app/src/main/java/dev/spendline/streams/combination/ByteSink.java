package dev.spendline.streams.combination;

import java.util.Arrays;

/** A growable big-endian byte buffer with the varints of the block format. */
final class ByteSink {

    private byte[] buf;
    private int size;

    ByteSink(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    int size() {
        return size;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    void u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    void u16(int v) {
        ensure(2);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    void u32(long v) {
        ensure(4);
        BlockKeys.putU32(buf, size, v);
        size += 4;
    }

    /** Leaves {@code n} zero bytes, to be patched. */
    void skip(int n) {
        ensure(n);
        size += n;
    }

    void patchU32(int at, long v) {
        BlockKeys.putU32(buf, at, v);
    }

    void bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }

    /** Unsigned LEB128. */
    void varint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    void zigzag(long v) {
        varint((v << 1) ^ (v >> 63));
    }

    byte[] toArray() {
        return Arrays.copyOf(buf, size);
    }

    static int varintLength(long v) {
        return (63 - Long.numberOfLeadingZeros(v | 1)) / 7 + 1;
    }

    static int zigzagLength(long v) {
        return varintLength((v << 1) ^ (v >> 63));
    }
}
