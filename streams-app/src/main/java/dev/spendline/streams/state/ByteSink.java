package dev.spendline.streams.state;

import java.util.Arrays;

/** A growable big-endian byte buffer with LEB128 varints: the combination blocks' and the delta records' writer. */
public final class ByteSink {

    private byte[] buf;
    private int size;

    public ByteSink(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    public int size() {
        return size;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    public void u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    public void u16(int v) {
        ensure(2);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    public void u32(long v) {
        ensure(4);
        putU32(buf, size, v);
        size += 4;
    }

    /** Leaves {@code n} zero bytes, to be patched. */
    public void skip(int n) {
        ensure(n);
        size += n;
    }

    public void patchU32(int at, long v) {
        putU32(buf, at, v);
    }

    public void bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }

    /** Unsigned LEB128. */
    public void varint(long v) {
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    public void zigzag(long v) {
        varint((v << 1) ^ (v >> 63));
    }

    public byte[] toArray() {
        return Arrays.copyOf(buf, size);
    }

    public static int varintLength(long v) {
        return (63 - Long.numberOfLeadingZeros(v | 1)) / 7 + 1;
    }

    public static int zigzagLength(long v) {
        return varintLength((v << 1) ^ (v >> 63));
    }

    /** {@code b[off, off + len)}. */
    public void bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    /** Empties the buffer, keeping its capacity. */
    public void reset() {
        size = 0;
    }

    private static void putU32(byte[] b, int at, long v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
