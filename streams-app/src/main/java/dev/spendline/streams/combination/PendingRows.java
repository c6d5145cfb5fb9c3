package dev.spendline.streams.combination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Combination rows folded in memory until they are written as blocks: each dimension's distinct
 * values get an id when first seen, a row is its ids and hour, and equal rows are added into one.
 * Folding an event thus hashes ints, and a block's dictionaries are built from ids already assigned:
 * building them from each row's strings, block by block, was 10 % of the stream thread in issue
 * #29's profile, and finding each row's shard from its customer's string another 3.7 %.
 *
 * <p>Hand-written open addressing over int arrays: no map of the JDK or a well-kept library keys
 * rows by an int tuple without an object per row.
 */
final class PendingRows {

    private static final int MEASURES = BlockCodec.MEASURES;

    private final int dims;
    private final int width;
    private final Column[] columns;
    /** Row r: its ids at {@code r * width}, its hour at {@code r * width + dims}. */
    private int[] keys;

    private long[] measures;
    private int[] hashes;
    /** Row index + 1 per slot; 0 is empty. */
    private int[] table;

    private int rows;
    private final int[] probe;

    PendingRows(int dims) {
        this.dims = dims;
        this.width = dims + 1;
        this.columns = new Column[dims];
        for (int d = 0; d < dims; d++) {
            columns[d] = new Column();
        }
        this.keys = new int[16 * width];
        this.measures = new long[16 * MEASURES];
        this.hashes = new int[16];
        this.table = new int[32];
        this.probe = new int[width];
    }

    int rows() {
        return rows;
    }

    /**
     * Adds {@code delta} to the row of (values, hour); null values are "" (not attributed). Returns
     * whether the row is new.
     */
    boolean add(String[] values, int hour, long[] delta) {
        int h = hour;
        for (int d = 0; d < dims; d++) {
            int id = columns[d].id(values[d] == null ? "" : values[d]);
            probe[d] = id;
            h = 31 * h + id;
        }
        probe[dims] = hour;
        h = mix(h);
        int mask = table.length - 1;
        int slot = h & mask;
        for (int e; (e = table[slot]) != 0; slot = (slot + 1) & mask) {
            int r = e - 1;
            if (hashes[r] == h && Arrays.equals(keys, r * width, r * width + width, probe, 0, width)) {
                addInto(r, delta);
                return false;
            }
        }
        int r = rows++;
        if (rows > hashes.length) {
            int more = hashes.length * 2;
            keys = Arrays.copyOf(keys, more * width);
            measures = Arrays.copyOf(measures, more * MEASURES);
            hashes = Arrays.copyOf(hashes, more);
        }
        System.arraycopy(probe, 0, keys, r * width, width);
        hashes[r] = h;
        addInto(r, delta);
        table[slot] = r + 1;
        if (rows * 2 > table.length) {
            table = slots(hashes, rows, table.length * 2);
        }
        return true;
    }

    private void addInto(int r, long[] delta) {
        int at = r * MEASURES;
        measures[at] = Math.addExact(measures[at], delta[0]);
        for (int i = 1; i < MEASURES; i++) {
            measures[at + i] += delta[i];
        }
    }

    /** A probe table of {@code size} slots (a power of two) for entries 0..count-1: entry + 1 per slot. */
    private static int[] slots(int[] hashes, int count, int size) {
        int[] table = new int[size];
        int mask = size - 1;
        for (int e = 0; e < count; e++) {
            int slot = hashes[e] & mask;
            while (table[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = e + 1;
        }
        return table;
    }

    /**
     * The rows grouped by the shard of their first column ({@link BlockKeys#shardOf}): shard s's
     * rows are {@code order[start[s], start[s + 1])}, where {@code start} is filled here (length
     * {@code SHARDS + 1}).
     */
    int[] byShard(int[] start) {
        Column first = columns[0];
        int[] shardOfId = new int[first.size];
        for (int id = 0; id < first.size; id++) {
            shardOfId[id] = BlockKeys.shardOf(first.values[id]);
        }
        int[] shardOfRow = new int[rows];
        Arrays.fill(start, 0);
        for (int r = 0; r < rows; r++) {
            int s = shardOfId[keys[r * width]];
            shardOfRow[r] = s;
            start[s + 1]++;
        }
        for (int s = 0; s < BlockKeys.SHARDS; s++) {
            start[s + 1] += start[s];
        }
        int[] next = Arrays.copyOf(start, BlockKeys.SHARDS);
        int[] order = new int[rows];
        for (int r = 0; r < rows; r++) {
            order[next[shardOfRow[r]]++] = r;
        }
        return order;
    }

    /** One block of the rows {@code order[from, to)} (unsorted: the codec sorts them). */
    byte[] encode(int[] order, int from, int to) {
        int n = to - from;
        int[] tuples = new int[n * width];
        List<List<byte[]>> dictionaries = new ArrayList<>(dims);
        for (int d = 0; d < dims; d++) {
            dictionaries.add(columns[d].dictionary(keys, width, d, order, from, to, tuples));
        }
        for (int i = 0; i < n; i++) {
            tuples[i * width + dims] = keys[order[from + i] * width + dims];
        }
        return BlockCodec.write(dims, dictionaries, tuples, n, measures, order, from);
    }

    /** FNV-style ints are poorly spread in their low bits; the open addressing needs them spread. */
    private static int mix(int h) {
        h ^= h >>> 16;
        h *= 0x85EB_CA6B;
        h ^= h >>> 13;
        return h;
    }

    /** One dimension's distinct values, by id in the order they were first seen. */
    private static final class Column {
        String[] values = new String[16];
        int size;
        private int[] hashes = new int[16];
        /** Id + 1 per slot; 0 is empty. */
        private int[] table = new int[32];
        /** Per id: UTF-8 form and rank among the distinct UTF-8 forms, computed at the first block. */
        private byte[][] utf8;

        private int[] rank;
        /** Per id: its id in the block being built; valid where {@code stamp[id] == stamped}. */
        private int[] local;

        private int[] stamp;
        private int stamped;

        int id(String value) {
            int h = mix(value.hashCode());
            int mask = table.length - 1;
            int slot = h & mask;
            for (int e; (e = table[slot]) != 0; slot = (slot + 1) & mask) {
                String v = values[e - 1];
                if (v == value || (hashes[e - 1] == h && v.equals(value))) {
                    return e - 1;
                }
            }
            int id = size++;
            if (size > values.length) {
                values = Arrays.copyOf(values, values.length * 2);
                hashes = Arrays.copyOf(hashes, hashes.length * 2);
            }
            values[id] = value;
            hashes[id] = h;
            table[slot] = id + 1;
            if (size * 2 > table.length) {
                table = slots(hashes, size, table.length * 2);
            }
            return id;
        }

        /**
         * The dictionary of a block of rows {@code order[from, to)} (their distinct UTF-8 values,
         * sorted), with each row's id in it written to {@code tuples}. Two strings of one UTF-8 form
         * (unpaired surrogates both become '?') share an id.
         */
        List<byte[]> dictionary(int[] keys, int width, int d, int[] order, int from, int to, int[] tuples) {
            if (utf8 == null) {
                rankAll();
            }
            if (++stamped == 0) {
                Arrays.fill(stamp, 0);
                stamped = 1;
            }
            long[] used = new long[Math.min(size, to - from)];
            int distinct = 0;
            for (int i = from; i < to; i++) {
                int id = keys[order[i] * width + d];
                if (stamp[id] != stamped) {
                    stamp[id] = stamped;
                    used[distinct++] = ((long) rank[id] << 32) | id;
                }
            }
            Arrays.sort(used, 0, distinct);
            List<byte[]> dictionary = new ArrayList<>(distinct);
            int lastRank = -1;
            for (int i = 0; i < distinct; i++) {
                int id = (int) used[i];
                int r = (int) (used[i] >>> 32);
                if (r != lastRank) {
                    dictionary.add(utf8[id]);
                    lastRank = r;
                }
                local[id] = dictionary.size() - 1;
            }
            for (int i = from; i < to; i++) {
                tuples[(i - from) * width + d] = local[keys[order[i] * width + d]];
            }
            return dictionary;
        }

        /** UTF-8 forms and their ranks, once for all blocks of these rows. */
        private void rankAll() {
            utf8 = new byte[size][];
            Integer[] ids = new Integer[size];
            for (int id = 0; id < size; id++) {
                utf8[id] = values[id].getBytes(StandardCharsets.UTF_8);
                if (utf8[id].length > 0xFFFF) {
                    throw new IllegalArgumentException("a value of " + utf8[id].length + " bytes: at most 65535");
                }
                ids[id] = id;
            }
            Arrays.sort(ids, (a, b) -> Arrays.compareUnsigned(utf8[a], utf8[b]));
            rank = new int[size];
            for (int i = 0; i < size; i++) {
                rank[ids[i]] = i > 0 && Arrays.equals(utf8[ids[i]], utf8[ids[i - 1]]) ? rank[ids[i - 1]] : i;
            }
            local = new int[size];
            stamp = new int[size];
        }
    }
}
