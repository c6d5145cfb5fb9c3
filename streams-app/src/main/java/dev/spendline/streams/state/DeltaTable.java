package dev.spendline.streams.state;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Open-addressed hash table from a binary key to {@code width} longs, holding one commit's deltas.
 *
 * <p>Why not a {@code HashMap}: the rollup processor folds about 36 updates per event, and a map
 * of {@code String} to objects costs a key string, a hash of it and a value object each time.
 * Here a fold is a hash over the key bytes, a probe and {@code width} additions into a
 * {@code long[]}, with no allocation once the arrays are large enough.
 *
 * <p>Layout: entries lie back to back in one {@code long[]} arena, each as a header (the key's
 * hash in the high half, its length in the low half), the key packed eight bytes a long (little
 * endian, the last long zero-padded), then its {@code width} values. The probe table {@code index}
 * holds the hash and the entry's offset + 1 in one long (0 is empty), so a probe that meets another
 * key is decided without touching the entry; linear probing, a power-of-two size and a load of at
 * most one half. Nothing is removed until {@link #clear}, which resets only the used slots.
 *
 * <p>Why one arena: a commit's table holds tens of thousands of keys, more than the caches, and a
 * fold of a key not folded lately misses the cache on every separate array it reads. With the key
 * and values of an entry side by side (and compared as longs), a fold reads its probe slot and one
 * run of adjacent cache lines; key offsets, key bytes and values in three arrays were 5-6 lines
 * apart, and the first read of the values was the stream thread's hottest line (issue #29).
 */
public final class DeltaTable {

    /**
     * Visits one entry: its key is {@code keys[keyOffset, keyOffset + keyLength)}, its values
     * start at {@code valuesOffset}. Both arrays are the table's own, valid during the call only.
     */
    public interface Visitor {
        void accept(byte[] keys, int keyOffset, int keyLength, long[] values, int valuesOffset);
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int width;
    /** Per slot: the hash in the high half, the entry's offset in {@link #arena} + 1 in the low half; 0 when empty. */
    private long[] index;

    private int mask;
    /** The entries, back to back: header, packed key, values. */
    private long[] arena;
    /** Longs of {@link #arena} in use. */
    private int used;
    /** The probe slot of each entry (in insertion order), so that {@link #clear} touches only used slots. */
    private int[] slots;

    private int size;
    /** {@link #forEach}'s key, unpacked. */
    private byte[] unpacked = new byte[64];

    public DeltaTable(int width, int initialEntries) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be positive: " + width);
        }
        this.width = width;
        int entries = Math.max(4, initialEntries);
        this.index = new long[tableSize(entries)];
        this.mask = index.length - 1;
        this.slots = new int[entries];
        // Room for keys of up to 48 bytes without growing.
        this.arena = new long[Math.multiplyExact(entries, 1 + 6 + width)];
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
            if ((int) (s >>> 32) == h && keyEquals((int) s - 1, key, len)) {
                fold(arena, (int) s - 1 + 1 + words(len), delta, 0, width);
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
        int o = find(key, len);
        if (o < 0) {
            return false;
        }
        System.arraycopy(arena, o + 1 + words(len), into, 0, width);
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
        for (int o = 0; o < used; ) {
            int len = (int) arena[o];
            if (unpacked.length < len + Long.BYTES) {
                unpacked = new byte[Math.max(unpacked.length * 2, len + Long.BYTES)];
            }
            int words = words(len);
            for (int i = 0; i < words; i++) {
                LONGS.set(unpacked, i << 3, arena[o + 1 + i]);
            }
            v.accept(unpacked, 0, len, arena, o + 1 + words);
            o += 1 + words + width;
        }
    }

    /** Empties the table in O(entries), keeping its capacity for the next commit. */
    public void clear() {
        for (int e = 0; e < size; e++) {
            index[slots[e]] = 0;
        }
        size = 0;
        used = 0;
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

    /** Longs that hold a key of {@code len} bytes. */
    private static int words(int len) {
        return (len + Long.BYTES - 1) >>> 3;
    }

    /** The offset of the key's entry, or -1. */
    private int find(byte[] key, int len) {
        int h = KeyHash.of(key, len);
        long s;
        for (int slot = h & mask; (s = index[slot]) != 0; slot = (slot + 1) & mask) {
            if ((int) (s >>> 32) == h && keyEquals((int) s - 1, key, len)) {
                return (int) s - 1;
            }
        }
        return -1;
    }

    private boolean keyEquals(int o, byte[] key, int len) {
        if ((int) arena[o] != len) {
            return false;
        }
        int full = len >>> 3;
        for (int i = 0; i < full; i++) {
            if (arena[o + 1 + i] != (long) LONGS.get(key, i << 3)) {
                return false;
            }
        }
        return (len & 7) == 0 || arena[o + 1 + full] == lastWord(key, len);
    }

    /** The key's last, partial long, zero-padded; the bytes after {@code len} are not the key's. */
    private static long lastWord(byte[] key, int len) {
        int from = len & ~7;
        if (from + Long.BYTES <= key.length) {
            return (long) LONGS.get(key, from) & ((1L << ((len & 7) << 3)) - 1);
        }
        long word = 0;
        for (int i = from, shift = 0; i < len; i++, shift += 8) {
            word |= (key[i] & 0xffL) << shift;
        }
        return word;
    }

    private void insert(int slot, int h, byte[] key, int len, long[] delta) {
        int words = words(len);
        int need = 1 + words + width;
        if (used + need > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(Math.multiplyExact(arena.length, 2), used + need));
        }
        if (size == slots.length) {
            slots = Arrays.copyOf(slots, size * 2);
        }
        int o = used;
        arena[o] = ((long) h << 32) | len;
        int full = len >>> 3;
        for (int i = 0; i < full; i++) {
            arena[o + 1 + i] = (long) LONGS.get(key, i << 3);
        }
        if ((len & 7) != 0) {
            arena[o + 1 + full] = lastWord(key, len);
        }
        System.arraycopy(delta, 0, arena, o + 1 + words, width);
        slots[size] = slot;
        index[slot] = slotValue(h, o);
        used += need;
        size++;
    }

    private static long slotValue(int h, int o) {
        return ((long) h << 32) | (o + 1);
    }

    private void growIndex() {
        index = new long[index.length * 2];
        mask = index.length - 1;
        int o = 0;
        for (int e = 0; e < size; e++) {
            long header = arena[o];
            int h = (int) (header >>> 32);
            int slot = freeSlot(h);
            index[slot] = slotValue(h, o);
            slots[e] = slot;
            o += 1 + words((int) header) + width;
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
