package dev.spendline.contracts.event;

import java.util.Arrays;

/**
 * The strings decoded lately, by their UTF-8 bytes, so that decoding a value seen before returns
 * the same {@code String} instead of a new one.
 *
 * <p>Why: most of an event's strings repeat from event to event (workspace, provider, model,
 * feature, tenant, ...). Decoding each one allocated a new string whose hash every map and
 * dictionary on the stream thread then computed again (string construction and hashing were
 * about 5 % of the stream thread, issue #29). A repeated value now costs one pass over its bytes
 * to hash them and one to compare them, and returns a string whose hash is already cached, which
 * {@code String.equals} also decides by identity.
 *
 * <p>Direct-mapped and lossy: a slot holds the last value that hashed to it, so a value that
 * misses is decoded as before and replaces the slot's. Shared by every thread without locks: an
 * entry is immutable (final fields), so a thread sees either a whole entry or another one, and a
 * lost race only costs a decode. Only values that have been decoded and checked are ever stored, so
 * a hit needs no check of its own. Values longer than {@link #MAX_BYTES} are not kept: they are
 * ids more than names.
 *
 * <p>Also used for the input topics' keys, which are workspace ids ({@code RecentKeyDeserializer}).
 */
public final class RecentStrings {

    public static final int MAX_BYTES = 64;

    private record Entry(byte[] utf8, String value) {}

    private final Entry[] slots;
    private final int mask;

    public RecentStrings(int slots) {
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two: " + slots);
        }
        this.slots = new Entry[slots];
        this.mask = slots - 1;
    }

    /** The value whose UTF-8 form is {@code bytes[at, at + n)} if it was kept, else null. */
    public String find(byte[] bytes, int at, int n) {
        if (n > MAX_BYTES) {
            return null;
        }
        Entry e = slots[slot(bytes, at, n)];
        return e != null && Arrays.equals(e.utf8, 0, e.utf8.length, bytes, at, at + n) ? e.value : null;
    }

    /** Keeps {@code value}, decoded and checked from {@code bytes[at, at + n)}, replacing its slot's value. */
    public void keep(byte[] bytes, int at, int n, String value) {
        if (n <= MAX_BYTES) {
            slots[slot(bytes, at, n)] = new Entry(Arrays.copyOfRange(bytes, at, at + n), value);
        }
    }

    private int slot(byte[] bytes, int at, int n) {
        int h = n;
        for (int i = at, end = at + n; i < end; i++) {
            h = 31 * h + bytes[i];
        }
        // Spread the high bits down: the low bits of a polynomial hash of similar names are alike.
        h ^= h >>> 16;
        h *= 0x85EB_CA6B;
        h ^= h >>> 13;
        return h & mask;
    }
}
