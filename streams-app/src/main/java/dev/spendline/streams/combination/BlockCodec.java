package dev.spendline.streams.combination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes combination blocks (format v1, described on {@link CombinationBlockStore}) and cuts sorted
 * rows into blocks that stay under a byte cap.
 */
final class BlockCodec {

    static final int VERSION = 1;
    /** An entry of the first column's index: u32 offset of its first row, u32 rows. */
    static final int INDEX_ENTRY = 8;

    private BlockCodec() {}

    static int headerLength(int dims) {
        return 6 + 4 * dims;
    }

    /**
     * Cuts {@code sorted} into consecutive runs whose encoded block is at most {@code cap} bytes
     * (a single row always makes a block). The size is an upper bound computed as rows are added:
     * each id is counted with the width of the largest id the column has so far.
     */
    static List<List<Row>> chunk(List<Row> sorted, int dims, int cap) {
        List<List<Row>> chunks = new ArrayList<>();
        int from = 0;
        while (from < sorted.size()) {
            int to = fill(sorted, from, dims, cap);
            chunks.add(sorted.subList(from, to));
            from = to;
        }
        return chunks;
    }

    /** The end of the run that starts at {@code from} and fits in {@code cap}. */
    private static int fill(List<Row> sorted, int from, int dims, int cap) {
        List<Set<String>> seen = new ArrayList<>(dims);
        for (int d = 0; d < dims; d++) {
            seen.add(new HashSet<>());
        }
        long dictBytes = 0;
        long rowBytes = 0;
        int[] added = new int[dims];
        int i = from;
        for (; i < sorted.size(); i++) {
            Row r = sorted.get(i);
            long moreDict = 0;
            for (int d = 0; d < dims; d++) {
                boolean fresh = !seen.get(d).contains(r.values[d]);
                added[d] = fresh ? 1 : 0;
                if (fresh) {
                    moreDict += 2 + utf8Length(r.values[d]) + (d == 0 ? INDEX_ENTRY : 0);
                }
            }
            long moreRow = 1;
            for (long m : r.measures) {
                moreRow += ByteSink.zigzagLength(m);
            }
            long rows = i - from + 1;
            long size = headerLength(dims) + dictBytes + moreDict + rowBytes + moreRow;
            for (int d = 0; d < dims; d++) {
                size += rows * ByteSink.varintLength(seen.get(d).size() + added[d] - 1);
            }
            if (size > cap && i > from) {
                break;
            }
            for (int d = 0; d < dims; d++) {
                if (added[d] == 1) {
                    seen.get(d).add(r.values[d]);
                }
            }
            dictBytes += moreDict;
            rowBytes += moreRow;
        }
        return i;
    }

    /**
     * One block of {@code rows}: per column a sorted dictionary of its distinct values, rows as ids
     * sorted by (ids, hour). Rows whose values have the same UTF-8 form are added into one.
     */
    static byte[] encode(List<Row> rows, int dims) {
        int n = rows.size();
        List<Column> columns = new ArrayList<>(dims);
        for (int d = 0; d < dims; d++) {
            columns.add(column(rows, d));
        }
        int[] tuples = new int[n * (dims + 1)];
        boolean ascending = true;
        for (int r = 0; r < n; r++) {
            Row row = rows.get(r);
            int base = r * (dims + 1);
            for (int d = 0; d < dims; d++) {
                tuples[base + d] = columns.get(d).ids().get(row.values[d]);
            }
            tuples[base + dims] = row.hour;
            if (r > 0 && compare(tuples, base - dims - 1, base, dims + 1) >= 0) {
                ascending = false;
            }
        }
        Integer[] order = new Integer[n];
        for (int r = 0; r < n; r++) {
            order[r] = r;
        }
        if (!ascending) {
            // Only when rows came unsorted or two values share a UTF-8 form (unpaired surrogates).
            Arrays.sort(order, (a, b) -> compare(tuples, a * (dims + 1), b * (dims + 1), dims + 1));
        }

        ByteSink out = new ByteSink(headerLength(dims) + n * 24);
        out.u8(VERSION);
        out.u8(dims);
        out.u32(0); // the row count, patched below
        for (int d = 0; d < dims; d++) {
            List<byte[]> dictionary = columns.get(d).dictionary();
            out.u32(dictionary.size());
            for (byte[] value : dictionary) {
                out.u16(value.length);
                out.bytes(value);
            }
        }
        FirstColumnIndex index =
                new FirstColumnIndex(out, columns.get(0).dictionary().size());
        long[] sum = new long[Row.MEASURES];
        int written = 0;
        for (int k = 0; k < n; ) {
            int first = order[k];
            System.arraycopy(rows.get(first).measures, 0, sum, 0, Row.MEASURES);
            int next = k + 1;
            while (next < n && compare(tuples, first * (dims + 1), order[next] * (dims + 1), dims + 1) == 0) {
                long[] m = rows.get(order[next]).measures;
                sum[0] = Math.addExact(sum[0], m[0]);
                for (int i = 1; i < Row.MEASURES; i++) {
                    sum[i] += m[i];
                }
                next++;
            }
            int base = first * (dims + 1);
            index.row(tuples[base]);
            for (int d = 0; d < dims; d++) {
                out.varint(tuples[base + d]);
            }
            out.u8(tuples[base + dims]);
            for (long m : sum) {
                out.zigzag(m);
            }
            written++;
            k = next;
        }
        out.patchU32(2, written);
        index.finish();
        return out.toArray();
    }

    /**
     * The first column's index, written after the dictionaries: per id of the first column the byte
     * offset (from the first row) of its first row and its row count. Rows are sorted with the first
     * column first, so one value's rows are contiguous and a filter on it reads only those.
     */
    static final class FirstColumnIndex {
        private final ByteSink out;
        private final int at;
        private final long[] offset;
        private final long[] count;
        private final int rowsStart;
        private int last = -1;

        /** Reserves the index; rows follow. */
        FirstColumnIndex(ByteSink out, int values) {
            this.out = out;
            this.at = out.size();
            out.skip(values * INDEX_ENTRY);
            this.rowsStart = out.size();
            this.offset = new long[values];
            this.count = new long[values];
        }

        /** Before each row is written. */
        void row(int firstColumnId) {
            if (firstColumnId != last) {
                offset[firstColumnId] = out.size() - rowsStart;
                last = firstColumnId;
            }
            count[firstColumnId]++;
        }

        void finish() {
            for (int id = 0; id < offset.length; id++) {
                out.patchU32(at + id * INDEX_ENTRY, offset[id]);
                out.patchU32(at + id * INDEX_ENTRY + 4, count[id]);
            }
        }
    }

    /** One column of a block: its dictionary (distinct UTF-8 values, sorted) and each value's id. */
    private record Column(List<byte[]> dictionary, Map<String, Integer> ids) {}

    private static Column column(List<Row> rows, int d) {
        Map<String, byte[]> distinct = new HashMap<>();
        for (Row row : rows) {
            distinct.computeIfAbsent(row.values[d], v -> v.getBytes(StandardCharsets.UTF_8));
        }
        List<Map.Entry<String, byte[]>> sorted = new ArrayList<>(distinct.entrySet());
        sorted.sort((a, b) -> Arrays.compareUnsigned(a.getValue(), b.getValue()));
        List<byte[]> dictionary = new ArrayList<>(sorted.size());
        Map<String, Integer> ids = new HashMap<>();
        for (Map.Entry<String, byte[]> e : sorted) {
            byte[] v = e.getValue();
            if (v.length > 0xFFFF) {
                throw new IllegalArgumentException("a value of " + v.length + " bytes: at most 65535");
            }
            // Two strings with one UTF-8 form (unpaired surrogates both become '?') share an id.
            if (dictionary.isEmpty() || !Arrays.equals(dictionary.get(dictionary.size() - 1), v)) {
                dictionary.add(v);
            }
            ids.put(e.getKey(), dictionary.size() - 1);
        }
        return new Column(dictionary, ids);
    }

    private static int compare(int[] t, int a, int b, int width) {
        for (int i = 0; i < width; i++) {
            int c = Integer.compare(t[a + i], t[b + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** The UTF-8 length of {@code s}; at least the real length for unpaired surrogates (3 vs 1). */
    static int utf8Length(String s) {
        int len = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                len++;
            } else if (c < 0x800) {
                len += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                len += 4;
                i++;
            } else {
                len += 3;
            }
        }
        return len;
    }
}
