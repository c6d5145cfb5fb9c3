package dev.spendline.streams.combination;

import dev.spendline.streams.rollup.Rollup;
import java.util.List;

/**
 * Writes rows given as dictionary ids as one combination block (format v2, described on {@link
 * CombinationBlockStore}); {@link PendingRows} gives them, {@link BlockMerger} cuts a block that
 * outgrows the cap.
 */
final class BlockCodec {

    /** Version 2 rows hold all of a rollup's measures; version 1 rows the first {@link #V1_MEASURES}. */
    static final int VERSION = 2;

    static final int V1_MEASURES = 10;

    /** Measures per row of version 2: a rollup's, in its order ({@code Rollup.copyInto}). */
    static final int MEASURES = Rollup.WIDTH;
    /** An entry of the first column's index: u32 offset of its first row, u32 rows. */
    static final int INDEX_ENTRY = 8;

    private BlockCodec() {}

    static int headerLength(int dims) {
        return 6 + 4 * dims;
    }

    /**
     * One block of {@code n} rows given as ids: {@code tuples[r * (dims + 1) + d]} indexes {@code
     * dictionaries.get(d)} (each sorted, distinct), {@code tuples[r * (dims + 1) + dims]} is the
     * hour, and row r's measures are at {@code measures[order[from + r] * MEASURES]}. Rows in any
     * order; equal tuples are added into one.
     */
    static byte[] write(
            int dims, List<List<byte[]>> dictionaries, int[] tuples, int n, long[] measures, int[] order, int from) {
        int width = dims + 1;
        boolean ascending = true;
        for (int r = 1; r < n && ascending; r++) {
            ascending = compare(tuples, (r - 1) * width, r * width, width) < 0;
        }
        int[] rowOrder;
        if (ascending) {
            rowOrder = null;
        } else {
            // Level-0 rows come unsorted (PendingRows); merged rows only when two values share a
            // UTF-8 form (unpaired surrogates).
            rowOrder = sortedRows(tuples, n, width);
        }

        ByteSink out = new ByteSink(headerLength(dims) + n * 24);
        out.u8(VERSION);
        out.u8(dims);
        out.u32(0); // the row count, patched below
        for (int d = 0; d < dims; d++) {
            List<byte[]> dictionary = dictionaries.get(d);
            out.u32(dictionary.size());
            for (byte[] value : dictionary) {
                out.u16(value.length);
                out.bytes(value);
            }
        }
        FirstColumnIndex index = new FirstColumnIndex(out, dictionaries.get(0).size());
        long[] sum = new long[MEASURES];
        int written = 0;
        for (int k = 0; k < n; ) {
            int first = rowOrder == null ? k : rowOrder[k];
            System.arraycopy(measures, order[from + first] * MEASURES, sum, 0, MEASURES);
            int next = k + 1;
            while (next < n) {
                int other = rowOrder == null ? next : rowOrder[next];
                if (compare(tuples, first * width, other * width, width) != 0) {
                    break;
                }
                int at = order[from + other] * MEASURES;
                sum[0] = Math.addExact(sum[0], measures[at]);
                for (int i = 1; i < MEASURES; i++) {
                    sum[i] += measures[at + i];
                }
                next++;
            }
            int base = first * width;
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

    /**
     * The rows {@code [0, n)} in the order of their tuples (column by column, as {@link #compare}):
     * a least-significant-column-first radix sort, one stable counting sort per column. The ids are
     * small ints (a block's dictionary ids and the hour), so each pass is linear; a comparison sort
     * of boxed row numbers took 2-3 % of the stream thread (issue #29).
     */
    static int[] sortedRows(int[] tuples, int n, int width) {
        int[] order = new int[n];
        for (int r = 0; r < n; r++) {
            order[r] = r;
        }
        int[] next = new int[n];
        for (int c = width - 1; c >= 0 && n > 1; c--) {
            int min = Integer.MAX_VALUE;
            int max = Integer.MIN_VALUE;
            for (int r = 0; r < n; r++) {
                int v = tuples[r * width + c];
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            if (min == max) {
                continue;
            }
            int[] starts = new int[Math.toIntExact((long) max - min + 2)];
            for (int r = 0; r < n; r++) {
                starts[tuples[r * width + c] - min + 1]++;
            }
            for (int v = 1; v < starts.length; v++) {
                starts[v] += starts[v - 1];
            }
            for (int i = 0; i < n; i++) {
                int r = order[i];
                next[starts[tuples[r * width + c] - min]++] = r;
            }
            int[] swap = order;
            order = next;
            next = swap;
        }
        return order;
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
}
