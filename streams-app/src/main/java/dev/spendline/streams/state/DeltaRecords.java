package dev.spendline.streams.state;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The delta records of a rollup store's changelog: one record per merge (or a few, when a merge is
 * large) holding each merged key and the delta added to it, instead of one record per key.
 *
 * <p><b>Key</b>: {@code 0x00 'd'}, an id of the store instance's run (8 random bytes) and a counter
 * (8 bytes, big-endian), so no two delta records ever share a key and compaction never drops one
 * for another. Rollup keys start with a workspace id and never with {@code 0x00}.
 *
 * <p><b>Value</b>: a version byte, the entry count (varint), then per entry the length of the prefix
 * it shares with the previous entry's key (varint), the rest of the key (varint length, bytes) and
 * {@code width} zigzag varints. Keys of one event share the workspace and code prefix, so this is
 * about 30 bytes an entry where a per-key record is about 130 with its record overhead.
 *
 * <p>The changelog protocol these records take part in is described on {@link AggregatingRollupStore}.
 */
public final class DeltaRecords {

    static final byte[] PREFIX = {0x00, 'd'};
    static final int KEY_LENGTH = PREFIX.length + 2 * Long.BYTES;
    /** A merge's deltas are cut into records of at most about this size (the broker's default limit is 1 MiB). */
    static final int MAX_RECORD_BYTES = 512 * 1024;

    private static final byte VERSION = 1;

    /** Visits one decoded entry: its key is {@code key[0, keyLength)}, its delta {@code delta[0, width)}; both are reused. */
    public interface Visitor {
        void accept(byte[] key, int keyLength, long[] delta);
    }

    private DeltaRecords() {}

    /** The key of delta record {@code counter} of run {@code run}. */
    static byte[] key(long run, long counter) {
        return ByteBuffer.allocate(KEY_LENGTH)
                .put(PREFIX)
                .putLong(run)
                .putLong(counter)
                .array();
    }

    /** True for a delta record's key (a rollup key never starts with {@code 0x00}). */
    static boolean isDeltaKey(byte[] key) {
        return key.length == KEY_LENGTH && key[0] == PREFIX[0] && key[1] == PREFIX[1];
    }

    /** The smallest key of any delta record, and the first key after all of them, for a range scan. */
    static byte[] first() {
        byte[] k = new byte[KEY_LENGTH];
        System.arraycopy(PREFIX, 0, k, 0, PREFIX.length);
        return k;
    }

    static byte[] last() {
        byte[] k = first();
        Arrays.fill(k, PREFIX.length, KEY_LENGTH, (byte) 0xFF);
        return k;
    }

    /** Writes delta records: {@link #start}, {@link #add} per entry, {@link #finish}. */
    static final class Writer {
        private final ByteSink body = new ByteSink(64 * 1024);
        private final int width;
        private byte[] previous = new byte[64];
        private int previousLength;
        private int count;

        Writer(int width) {
            this.width = width;
        }

        void start() {
            body.reset();
            previousLength = 0;
            count = 0;
        }

        int count() {
            return count;
        }

        /** The size of the record so far, to cut a large merge into several records. */
        int size() {
            return body.size();
        }

        void add(byte[] key, int keyOffset, int keyLength, long[] values, int valuesOffset) {
            int shared = 0;
            int max = Math.min(keyLength, previousLength);
            while (shared < max && previous[shared] == key[keyOffset + shared]) {
                shared++;
            }
            body.varint(shared);
            body.varint(keyLength - shared);
            body.bytes(key, keyOffset + shared, keyLength - shared);
            for (int i = 0; i < width; i++) {
                body.zigzag(values[valuesOffset + i]);
            }
            if (previous.length < keyLength) {
                previous = new byte[Math.max(keyLength, previous.length * 2)];
            }
            System.arraycopy(key, keyOffset + shared, previous, shared, keyLength - shared);
            previousLength = keyLength;
            count++;
        }

        /** The record's value: version, count, entries. */
        byte[] finish() {
            ByteSink out = new ByteSink(body.size() + 6);
            out.u8(VERSION);
            out.varint(count);
            out.bytes(body.toArray());
            return out.toArray();
        }
    }

    /** Decodes a delta record's value, calling {@code visitor} per entry in the order written. */
    static void read(byte[] value, int width, Visitor visitor) {
        if (value.length == 0 || value[0] != VERSION) {
            throw new IllegalStateException("A delta record of an unknown version ("
                    + (value.length == 0 ? "empty" : Byte.toString(value[0]))
                    + "): it was written by a newer Spendline");
        }
        int[] at = {1};
        long count = varint(value, at);
        byte[] key = new byte[64];
        int keyLength = 0;
        long[] delta = new long[width];
        for (long e = 0; e < count; e++) {
            int shared = (int) varint(value, at);
            int rest = (int) varint(value, at);
            if (shared > keyLength || rest < 0 || at[0] + rest > value.length) {
                throw new IllegalStateException("A corrupt delta record (entry " + e + " of " + count + ")");
            }
            if (key.length < shared + rest) {
                key = Arrays.copyOf(key, Math.max(shared + rest, key.length * 2));
            }
            System.arraycopy(value, at[0], key, shared, rest);
            at[0] += rest;
            keyLength = shared + rest;
            for (int i = 0; i < width; i++) {
                long z = varint(value, at);
                delta[i] = (z >>> 1) ^ -(z & 1);
            }
            visitor.accept(key, keyLength, delta);
        }
        if (at[0] != value.length) {
            throw new IllegalStateException(
                    "A corrupt delta record (" + (value.length - at[0]) + " bytes after its entries)");
        }
    }

    private static long varint(byte[] b, int[] at) {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at[0] >= b.length) {
                throw new IllegalStateException("A corrupt delta record (cut off)");
            }
            byte x = b[at[0]++];
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                return v;
            }
        }
        throw new IllegalStateException("A corrupt delta record (a varint of more than 64 bits)");
    }
}
