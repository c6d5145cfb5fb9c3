package dev.spendline.streams.state;

import java.util.Arrays;

/**
 * The current values of recently written keys, bounded, so that a merge does not read RocksDB
 * for the keys every commit touches again (live traffic keeps updating this hour, today and this
 * month).
 *
 * <p>Eviction is second chance (CLOCK): a hit sets an entry's referenced bit; when full, the hand
 * sweeps the entries, clears set bits, and evicts the first entry whose bit was clear. A key
 * written once and never again is thus the first to go, and a key that each commit touches stays.
 * A new entry starts unreferenced.
 *
 * <p>Keys are held by reference: the caller hands over an array it never changes again (the same
 * array that was written to RocksDB). The probe table uses linear probing with backward-shift
 * deletion, so removals leave no tombstones.
 */
final class HotValues {

    private static final int INITIAL_ENTRIES = 1024;

    private final int width;
    private final int capacity;
    /**
     * Per probe slot: the key's hash in the high half, {@code e + 1} in the low half; 0 when empty. A
     * probe that meets another key is decided from this one array, without touching the entry
     * (issue #29's profile had two scattered probes per merged key as 18 % of the stream thread).
     */
    private long[] index;

    private int mask;
    private byte[][] keys;
    private int[] slots;
    private boolean[] referenced;
    private long[] values;
    private int size;
    private int hand;

    HotValues(int width, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.width = width;
        this.capacity = capacity;
        // Arrays grow up to capacity as keys come: a task with few keys holds little memory.
        int entries = Math.min(capacity, INITIAL_ENTRIES);
        this.index = new long[DeltaTable.tableSize(entries)];
        this.mask = index.length - 1;
        this.keys = new byte[entries][];
        this.slots = new int[entries];
        this.referenced = new boolean[entries];
        this.values = new long[entries * width];
    }

    /** Copies the value of {@code key[0, len)} into {@code into[at, at + width)} and marks it used; false if absent. */
    boolean get(byte[] key, int len, long[] into, int at) {
        int e = find(key, len, KeyHash.of(key, len));
        if (e < 0) {
            return false;
        }
        copyTo(e, into, at);
        return true;
    }

    /** Remembers {@code from[at, at + width)} as the value of {@code key} (all of it), evicting when full. */
    void put(byte[] key, long[] from, int at) {
        int h = KeyHash.of(key, key.length);
        int e = find(key, key.length, h);
        if (e >= 0) {
            set(e, from, at);
        } else {
            insert(key, h, from, at);
        }
    }

    /**
     * The entry of {@code key[0, len)} with hash {@code h} ({@link KeyHash#of}), or -1. The entry
     * stays valid for {@link #copyTo} and {@link #set} until the next {@link #insert}, {@link
     * #remove} or {@link #clear}.
     */
    int find(byte[] key, int len, int h) {
        long s;
        for (int slot = h & mask; (s = index[slot]) != 0; slot = (slot + 1) & mask) {
            if ((int) (s >>> 32) == h) {
                byte[] k = keys[(int) s - 1];
                if (k.length == len && Arrays.equals(k, 0, len, key, 0, len)) {
                    return (int) s - 1;
                }
            }
        }
        return -1;
    }

    /** Entry {@code e}'s value into {@code into[at, at + width)}; marks it used. */
    void copyTo(int e, long[] into, int at) {
        referenced[e] = true;
        System.arraycopy(values, e * width, into, at, width);
    }

    /** Replaces entry {@code e}'s value; marks it used. */
    void set(int e, long[] from, int at) {
        referenced[e] = true;
        System.arraycopy(from, at, values, e * width, width);
    }

    /**
     * Adds {@code key} (absent: the caller found no entry for it), with hash {@code h}, evicting one
     * entry when full. The caller hands over {@code key} and never changes it again.
     */
    void insert(byte[] key, int h, long[] from, int at) {
        int e;
        if (size == capacity) {
            e = evict();
        } else {
            if (size == keys.length) {
                grow();
            }
            e = size++;
        }
        int slot = freeSlot(h);
        index[slot] = slotValue(h, e);
        slots[e] = slot;
        keys[e] = key;
        referenced[e] = false;
        System.arraycopy(from, at, values, e * width, width);
    }

    void remove(byte[] key, int len) {
        int e = find(key, len, KeyHash.of(key, len));
        if (e < 0) {
            return;
        }
        removeSlot(slots[e]);
        int last = --size;
        if (e != last) {
            // Keep entries dense: the last one takes the freed place.
            keys[e] = keys[last];
            slots[e] = slots[last];
            referenced[e] = referenced[last];
            System.arraycopy(values, last * width, values, e * width, width);
            index[slots[e]] = slotValue((int) (index[slots[e]] >>> 32), e);
        }
        keys[last] = null;
    }

    int size() {
        return size;
    }

    void clear() {
        for (int e = 0; e < size; e++) {
            index[slots[e]] = 0;
            keys[e] = null;
        }
        size = 0;
        hand = 0;
    }

    private static long slotValue(int h, int e) {
        return ((long) h << 32) | (e + 1);
    }

    private int freeSlot(int h) {
        int slot = h & mask;
        while (index[slot] != 0) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void grow() {
        int n = (int) Math.min(capacity, 2L * keys.length);
        long[] old = index;
        keys = Arrays.copyOf(keys, n);
        slots = Arrays.copyOf(slots, n);
        referenced = Arrays.copyOf(referenced, n);
        values = Arrays.copyOf(values, n * width);
        index = new long[DeltaTable.tableSize(n)];
        mask = index.length - 1;
        for (long s : old) {
            if (s != 0) {
                int slot = freeSlot((int) (s >>> 32));
                index[slot] = s;
                slots[(int) s - 1] = slot;
            }
        }
    }

    /** Frees one entry by the clock and returns it, unlinked from the probe table. */
    private int evict() {
        while (true) {
            if (hand >= size) {
                hand = 0;
            }
            int e = hand++;
            if (referenced[e]) {
                referenced[e] = false;
            } else {
                removeSlot(slots[e]);
                return e;
            }
        }
    }

    /** Empties probe slot {@code i}, moving later entries of the run back so every entry stays reachable. */
    private void removeSlot(int i) {
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            long s = index[j];
            if (s == 0) {
                break;
            }
            int home = (int) (s >>> 32) & mask;
            boolean reachableWithoutMove = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!reachableWithoutMove) {
                index[i] = s;
                slots[(int) s - 1] = i;
                i = j;
            }
        }
        index[i] = 0;
    }
}
