package dev.spendline.streams.state;

import java.util.Arrays;

/**
 * Reusable byte buffer for building a store key without allocation: the processor writes the
 * pre-encoded parts of a {@code RollupKeys} key into it for every update of an event.
 *
 * <p>Keys built here must be byte-identical to the UTF-8 encoding of the {@code RollupKeys}
 * string, since that is what RocksDB and the changelog hold and what the readers query.
 */
public final class KeyBuilder {

    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

    private byte[] buffer;
    private int length;

    public KeyBuilder(int initialCapacity) {
        this.buffer = new byte[Math.max(16, initialCapacity)];
    }

    public KeyBuilder reset() {
        length = 0;
        return this;
    }

    public KeyBuilder put(byte b) {
        ensure(1);
        buffer[length++] = b;
        return this;
    }

    /** Raw bytes, e.g. a value encoded to UTF-8 once and reused for every key of an event. */
    public KeyBuilder put(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, length, bytes.length);
        length += bytes.length;
        return this;
    }

    /** For codes such as {@code "tn"} or {@code "_"}: each char must be ASCII, as UTF-8 is then one byte per char. */
    public KeyBuilder putAscii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c > 0x7f) {
                throw new IllegalArgumentException("Not ASCII: " + s);
            }
            buffer[length + i] = (byte) c;
        }
        length += n;
        return this;
    }

    /**
     * The bucket as {@code RollupKeys.bucketHex} writes it: {@link Long#toHexString} left-padded
     * with zeros to 8 digits; longer values (and negative ones, 16 digits) are not truncated.
     */
    public KeyBuilder putHex8(long bucket) {
        int digits = Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(bucket) + 3) / 4);
        int width = Math.max(8, digits);
        ensure(width);
        int end = length + width;
        long v = bucket;
        for (int i = end - 1; i >= length; i--) {
            buffer[i] = HEX[(int) (v & 0xf)];
            v >>>= 4;
        }
        length = end;
        return this;
    }

    /** The bytes; only the first {@link #length()} belong to the key. */
    public byte[] buffer() {
        return buffer;
    }

    public int length() {
        return length;
    }

    /** The current length, to {@link #truncate} back to: keys of one event share their prefix. */
    public int mark() {
        return length;
    }

    public void truncate(int mark) {
        if (mark < 0 || mark > length) {
            throw new IllegalArgumentException("Mark " + mark + " outside 0.." + length);
        }
        length = mark;
    }

    /** A copy of the key's bytes (allocates: not for the event path). */
    public byte[] toByteArray() {
        return Arrays.copyOf(buffer, length);
    }

    private void ensure(int more) {
        if (length + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
        }
    }
}
