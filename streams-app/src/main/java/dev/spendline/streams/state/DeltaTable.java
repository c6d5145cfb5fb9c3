package dev.spendline.streams.state;

import java.util.Arrays;

/**
 * Open-addressed hash table from a binary key to {@code width} longs, holding one commit's deltas.
 *
 * <p>Why not a {@code HashMap}: the rollup processor folds about 36 updates per event, and a map
 * of {@code String} to objects costs a key string, a hash of it and a value object each time.
 * Here a fold is a hash over the key bytes, a probe and {@code width} additions into a
 * {@code long[]}, with no allocation once the arrays are large enough.
 *
 * <p>Layout: entries are dense (entry {@code e} has its key in one byte arena, located by {@code
 * keyRefs[e]} = offset and length, and its values at {@code values[e * width]}). The probe table
 * {@code index} holds the key's hash and {@code e + 1} in one long (0 is empty), so a probe that
 * meets another key is decided without touching the entry; linear probing, a power-of-two size
 * and a load of at most one half. Nothing is removed until {@link #clear}, which resets only the
 * used slots.
 */
public final class DeltaTable {

    /** Visits one entry: its key is {@code keys[keyOffset, keyOffset + keyLength)}, its values start at {@code valuesOffset}. */
    public interface Visitor {
        void accept(byte[] keys, int keyOffset, int keyLength, long[] values, int valuesOffset);
    }

    private final int width;
    /** Per slot: the hash in the high half, {@code e + 1} in the low half; 0 when empty. */
    private long[] index;

    private int mask;
    private int[] hashes;
    /** Per entry: the key's offset in {@link #keys} in the high half, its length in the low half. */
    private long[] keyRefs;
    /** The probe slot of each entry, so that {@link #clear} touches only used slots. */
    private int[] slots;

    private byte[] keys;
    private int keysUsed;
    private long[] values;
    private int size;

    public DeltaTable(int width, int initialEntries) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be positive: " + width);
        }
        this.width = width;
        int entries = Math.max(4, initialEntries);
        this.index = new long[tableSize(entries)];
        this.mask = index.length - 1;
        this.hashes = new int[entries];
        this.keyRefs = new long[entries];
        this.slots = new int[entries];
        this.keys = new byte[entries * 32];
        this.values = new long[entries * width];
    }

    /**
     * Adds {@code delta[0, width)} element-wise to the values of the key {@code key[0, len)}, a new
     * key starting from zeros. Element 0 (cost) is added with {@link Math#addExact}: an overflow
     * throws and leaves the entry unchanged.
     */
    public void add(byte[] key, int len, long[] delta) {
        if (delta.length < width) {
            // Checked first: a short delta must not leave an entry half added.
            throw new IllegalArgumentException("A delta of " + delta.length + " values for width " + width);
        }
        int h = KeyHash.of(key, len);
        int slot = h & mask;
        for (long s; (s = index[slot]) != 0; slot = (slot + 1) & mask) {
            if (matches(s, h, key, len)) {
                fold(values, ((int) s - 1) * width, delta, 0, width);
                return;
            }
        }
        if ((size + 1) * 2 > index.length) {
            growIndex();
            slot = freeSlot(h);
        }
        insert(slot, h, key, len, delta);
    }

    /** Copies the pending values of the key into {@code into[0, width)}; false (and {@code into} untouched) if absent. */
    public boolean get(byte[] key, int len, long[] into) {
        int e = find(key, len);
        if (e < 0) {
            return false;
        }
        System.arraycopy(values, e * width, into, 0, width);
        return true;
    }

    public int size() {
        return size;
    }

    public int width() {
        return width;
    }

    /** Visits the entries in insertion order; only used slots are touched. */
    public void forEach(Visitor v) {
        for (int e = 0; e < size; e++) {
            long ref = keyRefs[e];
            v.accept(keys, (int) (ref >>> 32), (int) ref, values, e * width);
        }
    }

    /** Empties the table in O(entries), keeping its capacity for the next commit. */
    public void clear() {
        for (int e = 0; e < size; e++) {
            index[slots[e]] = 0;
        }
        size = 0;
        keysUsed = 0;
    }

    /**
     * {@code target[t, t + width) += delta[d, d + width)}, element 0 (cost nanos) with {@link
     * Math#addExact} and first, so an overflow changes nothing; the other sums wrap, as {@code
     * Rollup.plus} does.
     */
    static void fold(long[] target, int t, long[] delta, int d, int width) {
        target[t] = Math.addExact(target[t], delta[d]);
        for (int i = 1; i < width; i++) {
            target[t + i] += delta[d + i];
        }
    }

    private int find(byte[] key, int len) {
        int h = KeyHash.of(key, len);
        long s;
        for (int slot = h & mask; (s = index[slot]) != 0; slot = (slot + 1) & mask) {
            if (matches(s, h, key, len)) {
                return (int) s - 1;
            }
        }
        return -1;
    }

    private boolean matches(long slotValue, int h, byte[] key, int len) {
        if ((int) (slotValue >>> 32) != h) {
            return false;
        }
        long ref = keyRefs[(int) slotValue - 1];
        int off = (int) (ref >>> 32);
        return (int) ref == len && Arrays.equals(keys, off, off + len, key, 0, len);
    }

    private static long slotValue(int h, int e) {
        return ((long) h << 32) | (e + 1);
    }

    private void insert(int slot, int h, byte[] key, int len, long[] delta) {
        int e = size;
        if (e == hashes.length) {
            int n = e * 2;
            hashes = Arrays.copyOf(hashes, n);
            keyRefs = Arrays.copyOf(keyRefs, n);
            slots = Arrays.copyOf(slots, n);
            values = Arrays.copyOf(values, n * width);
        }
        if (keysUsed + len > keys.length) {
            keys = Arrays.copyOf(keys, Math.max(keys.length * 2, keysUsed + len));
        }
        System.arraycopy(key, 0, keys, keysUsed, len);
        System.arraycopy(delta, 0, values, e * width, width);
        hashes[e] = h;
        keyRefs[e] = ((long) keysUsed << 32) | len;
        slots[e] = slot;
        keysUsed += len;
        index[slot] = slotValue(h, e);
        size++;
    }

    private void growIndex() {
        index = new long[index.length * 2];
        mask = index.length - 1;
        for (int e = 0; e < size; e++) {
            int slot = freeSlot(hashes[e]);
            index[slot] = slotValue(hashes[e], e);
            slots[e] = slot;
        }
    }

    private int freeSlot(int h) {
        int slot = h & mask;
        while (index[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /** A power of two with room for {@code entries} at a load of one half. */
    static int tableSize(int entries) {
        int n = Integer.highestOneBit(Math.max(2, entries * 2 - 1)) << 1;
        if (n <= 0) {
            throw new IllegalArgumentException("Too many entries: " + entries);
        }
        return n;
    }
}
