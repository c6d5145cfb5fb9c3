package dev.spendline.streams.combination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Blocks of {@link Row}s by their strings: the definition {@link PendingRows} is held to (byte for
 * byte, {@code PendingRowsTest}), and the simplest way for tests to write a block of given rows.
 * Each block's dictionaries are built from the rows' strings, independently of {@link PendingRows}'
 * ids; rows are then written by {@link BlockCodec#write}.
 */
final class StringRows {

    private StringRows() {}

    /**
     * One block of {@code rows}: per column a sorted dictionary of its distinct values, rows as ids
     * sorted by (ids, hour). Rows whose values have the same UTF-8 form are added into one.
     */
    static byte[] encode(List<Row> rows, int dims) {
        int n = rows.size();
        int width = dims + 1;
        int[] tuples = new int[n * width];
        List<List<byte[]>> dictionaries = new ArrayList<>(dims);
        for (int d = 0; d < dims; d++) {
            dictionaries.add(column(rows, d, tuples, width));
        }
        long[] measures = new long[n * BlockCodec.MEASURES];
        int[] order = new int[n];
        for (int r = 0; r < n; r++) {
            tuples[r * width + dims] = rows.get(r).hour;
            System.arraycopy(rows.get(r).measures, 0, measures, r * BlockCodec.MEASURES, BlockCodec.MEASURES);
            order[r] = r;
        }
        return BlockCodec.write(dims, dictionaries, tuples, n, measures, order, 0);
    }

    /** A distinct value of a column: its UTF-8 form and its id in the block. */
    private static final class Slot {
        final byte[] utf8;
        int id;

        Slot(String value) {
            this.utf8 = value.getBytes(StandardCharsets.UTF_8);
            if (utf8.length > 0xFFFF) {
                throw new IllegalArgumentException("a value of " + utf8.length + " bytes: at most 65535");
            }
        }
    }

    /**
     * Column {@code d}'s dictionary (distinct UTF-8 values, sorted); each row's id goes to {@code
     * tuples}. Two strings with one UTF-8 form (unpaired surrogates both become '?') share an id.
     */
    private static List<byte[]> column(List<Row> rows, int d, int[] tuples, int width) {
        Map<String, Slot> distinct = new HashMap<>();
        Slot[] slots = new Slot[rows.size()];
        for (int r = 0; r < slots.length; r++) {
            slots[r] = distinct.computeIfAbsent(rows.get(r).values[d], Slot::new);
        }
        List<Slot> sorted = new ArrayList<>(distinct.values());
        sorted.sort((a, b) -> Arrays.compareUnsigned(a.utf8, b.utf8));
        List<byte[]> dictionary = new ArrayList<>(sorted.size());
        for (Slot slot : sorted) {
            if (dictionary.isEmpty() || !Arrays.equals(dictionary.get(dictionary.size() - 1), slot.utf8)) {
                dictionary.add(slot.utf8);
            }
            slot.id = dictionary.size() - 1;
        }
        for (int r = 0; r < slots.length; r++) {
            tuples[r * width + d] = slots[r].id;
        }
        return dictionary;
    }
}
