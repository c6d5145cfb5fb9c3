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
    private int[] index;
    private int mask;
    private byte[][] keys;
    private int[] hashes;
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
        this.index = new int[DeltaTable.tableSize(entries)];
        this.mask = index.length - 1;
        this.keys = new byte[entries][];
        this.hashes = new int[entries];
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
        referenced[e] = true;
        System.arraycopy(values, e * width, into, at, width);
        return true;
    }

    /** Remembers {@code from[at, at + width)} as the value of {@code key} (all of it), evicting when full. */
    void put(byte[] key, long[] from, int at) {
        int h = KeyHash.of(key, key.length);
        int e = find(key, key.length, h);
        if (e >= 0) {
            referenced[e] = true;
        } else {
            if (size == capacity) {
                e = evict();
            } else {
                if (size == keys.length) {
                    grow();
                }
                e = size++;
            }
            int slot = h & mask;
            while (index[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            index[slot] = e + 1;
            slots[e] = slot;
            keys[e] = key;
            hashes[e] = h;
            referenced[e] = false;
        }
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
            hashes[e] = hashes[last];
            slots[e] = slots[last];
            referenced[e] = referenced[last];
            System.arraycopy(values, last * width, values, e * width, width);
            index[slots[e]] = e + 1;
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

    private void grow() {
        int n = (int) Math.min(capacity, 2L * keys.length);
        keys = Arrays.copyOf(keys, n);
        hashes = Arrays.copyOf(hashes, n);
        slots = Arrays.copyOf(slots, n);
        referenced = Arrays.copyOf(referenced, n);
        values = Arrays.copyOf(values, n * width);
        index = new int[DeltaTable.tableSize(n)];
        mask = index.length - 1;
        for (int e = 0; e < size; e++) {
            int slot = hashes[e] & mask;
            while (index[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            index[slot] = e + 1;
            slots[e] = slot;
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

    private int find(byte[] key, int len, int h) {
        for (int slot = h & mask, e; (e = index[slot]) != 0; slot = (slot + 1) & mask) {
            byte[] k = keys[e - 1];
            if (hashes[e - 1] == h && k.length == len && Arrays.equals(k, 0, len, key, 0, len)) {
                return e - 1;
            }
        }
        return -1;
    }

    /** Empties probe slot {@code i}, moving later entries of the run back so every entry stays reachable. */
    private void removeSlot(int i) {
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            int e = index[j];
            if (e == 0) {
                break;
            }
            int home = hashes[e - 1] & mask;
            boolean reachableWithoutMove = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!reachableWithoutMove) {
                index[i] = e;
                slots[e - 1] = i;
                i = j;
            }
        }
        index[i] = 0;
    }
}
