package dev.spendline.streams.combination;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Merges blocks into new ones without decoding a value: the columns' sorted dictionaries are merged
 * into one sorted dictionary each, so every block's ids map to the merged ids in the same order, and
 * each block's rows (sorted by ids) stay sorted. The rows are then merged like sorted runs, equal
 * rows added, and cut into blocks under the byte cap, each with the part of the dictionaries it uses.
 */
final class BlockMerger {

    private final int dims;
    private final int width;
    private final List<byte[]> blocks;
    private final BlockReader[] readers;
    /** Per column, the merged dictionary. */
    private final byte[][][] dictionary;
    /** The merged rows: ids and hour per row (width ints), and the measures of each row. */
    private int[] tuples = new int[1024];

    private long[] measures = new long[1024];
    private int rows;

    private BlockMerger(List<byte[]> blocks, int dims) {
        this.dims = dims;
        this.width = dims + 1;
        this.blocks = blocks;
        this.readers = new BlockReader[blocks.size()];
        this.dictionary = new byte[dims][][];
    }

    /** The rows of {@code blocks}, equal rows added, as sorted blocks of at most {@code cap} bytes. */
    static List<byte[]> merge(List<byte[]> blocks, int dims, int cap) {
        BlockMerger merger = new BlockMerger(blocks, dims);
        int[][][] remap = merger.mergeDictionaries();
        merger.mergeRows(remap);
        return merger.cut(cap);
    }

    /** Per block and column: old id → merged id. */
    private int[][][] mergeDictionaries() {
        int k = blocks.size();
        int[][][] remap = new int[k][dims][];
        for (int b = 0; b < k; b++) {
            readers[b] = new BlockReader(dims);
            readers[b].reset(blocks.get(b));
            for (int d = 0; d < dims; d++) {
                remap[b][d] = new int[readers[b].dictionarySize(d)];
            }
        }
        int[] head = new int[k];
        for (int d = 0; d < dims; d++) {
            int column = d;
            Arrays.fill(head, 0);
            RunHeap heap = new RunHeap(k, (a, b) -> compareValues(column, a, head[a], b, head[b]));
            for (int b = 0; b < k; b++) {
                if (readers[b].dictionarySize(d) > 0) {
                    heap.add(b);
                }
            }
            List<byte[]> merged = new ArrayList<>();
            while (!heap.isEmpty()) {
                int minBlock = heap.top();
                int minHead = head[minBlock];
                BlockReader r = readers[minBlock];
                int at = r.valueOffset(d, minHead);
                merged.add(Arrays.copyOfRange(r.block(), at, at + r.valueLength(d, minHead)));
                int id = merged.size() - 1;
                // Every block whose head is this value (each dictionary holds a value once).
                do {
                    int b = heap.top();
                    remap[b][d][head[b]] = id;
                    if (++head[b] < readers[b].dictionarySize(d)) {
                        heap.topChanged();
                    } else {
                        heap.removeTop();
                    }
                } while (!heap.isEmpty() && compareValues(d, heap.top(), head[heap.top()], minBlock, minHead) == 0);
            }
            dictionary[d] = merged.toArray(new byte[0][]);
        }
        return remap;
    }

    private int compareValues(int d, int b1, int id1, int b2, int id2) {
        BlockReader x = readers[b1];
        BlockReader y = readers[b2];
        int xa = x.valueOffset(d, id1);
        int ya = y.valueOffset(d, id2);
        return Arrays.compareUnsigned(
                x.block(), xa, xa + x.valueLength(d, id1), y.block(), ya, ya + y.valueLength(d, id2));
    }

    /** Decodes each block's rows with merged ids, then merges the sorted runs. */
    private void mergeRows(int[][][] remap) {
        int k = blocks.size();
        int[][] runTuples = new int[k][];
        long[][] runMeasures = new long[k][];
        for (int b = 0; b < k; b++) {
            BlockReader r = readers[b];
            r.reset(blocks.get(b));
            int n = r.rows();
            int[] t = new int[n * width];
            long[] m = new long[n * BlockCodec.MEASURES];
            long[] one = new long[BlockCodec.MEASURES];
            for (int i = 0; r.next(); i++) {
                for (int d = 0; d < dims; d++) {
                    t[i * width + d] = remap[b][d][r.ids[d]];
                }
                t[i * width + dims] = r.hour;
                r.measures(one);
                System.arraycopy(one, 0, m, i * BlockCodec.MEASURES, BlockCodec.MEASURES);
            }
            runTuples[b] = t;
            runMeasures[b] = m;
        }
        int[] head = new int[k];
        RunHeap heap = new RunHeap(k, (a, b) -> compare(runTuples[a], head[a] * width, runTuples[b], head[b] * width));
        for (int b = 0; b < k; b++) {
            if (runTuples[b].length > 0) {
                heap.add(b);
            }
        }
        while (!heap.isEmpty()) {
            int min = heap.top();
            int[] t = runTuples[min];
            int at = head[min]++;
            if (rows > 0 && compare(tuples, (rows - 1) * width, t, at * width) == 0) {
                int to = (rows - 1) * BlockCodec.MEASURES;
                int from = at * BlockCodec.MEASURES;
                measures[to] = Math.addExact(measures[to], runMeasures[min][from]);
                for (int i = 1; i < BlockCodec.MEASURES; i++) {
                    measures[to + i] += runMeasures[min][from + i];
                }
            } else {
                append(t, at, runMeasures[min]);
            }
            if (head[min] * width < t.length) {
                heap.topChanged();
            } else {
                heap.removeTop();
            }
        }
    }

    private void append(int[] t, int at, long[] m) {
        if ((rows + 1) * width > tuples.length) {
            tuples = Arrays.copyOf(tuples, tuples.length * 2 + width);
        }
        if ((rows + 1) * BlockCodec.MEASURES > measures.length) {
            measures = Arrays.copyOf(measures, measures.length * 2 + BlockCodec.MEASURES);
        }
        System.arraycopy(t, at * width, tuples, rows * width, width);
        System.arraycopy(m, at * BlockCodec.MEASURES, measures, rows * BlockCodec.MEASURES, BlockCodec.MEASURES);
        rows++;
    }

    private int compare(int[] x, int xa, int[] y, int ya) {
        for (int i = 0; i < width; i++) {
            int c = Integer.compare(x[xa + i], y[ya + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Consecutive runs of the merged rows whose block fits in {@code cap} (a single row always makes
     * a block). The size is an upper bound kept as rows are added: an id counts with the width of
     * the largest id its column has so far.
     */
    private List<byte[]> cut(int cap) {
        List<byte[]> out = new ArrayList<>();
        int[][] stamp = new int[dims][];
        for (int d = 0; d < dims; d++) {
            stamp[d] = new int[dictionary[d].length];
        }
        int[] distinct = new int[dims];
        int[] added = new int[dims];
        int chunk = 0;
        int from = 0;
        while (from < rows) {
            chunk++;
            Arrays.fill(distinct, 0);
            long dictBytes = 0;
            long rowBytes = 0;
            int i = from;
            for (; i < rows; i++) {
                long moreDict = 0;
                for (int d = 0; d < dims; d++) {
                    int id = tuples[i * width + d];
                    added[d] = stamp[d][id] == chunk ? 0 : 1;
                    if (added[d] == 1) {
                        moreDict += 2 + dictionary[d][id].length + (d == 0 ? BlockCodec.INDEX_ENTRY : 0);
                    }
                }
                long moreRow = 1;
                for (int m = 0; m < BlockCodec.MEASURES; m++) {
                    moreRow += ByteSink.zigzagLength(measures[i * BlockCodec.MEASURES + m]);
                }
                long n = i - from + 1;
                long size = BlockCodec.headerLength(dims) + dictBytes + moreDict + rowBytes + moreRow;
                for (int d = 0; d < dims; d++) {
                    size += n * ByteSink.varintLength(distinct[d] + added[d] - 1);
                }
                if (size > cap && i > from) {
                    break;
                }
                for (int d = 0; d < dims; d++) {
                    if (added[d] == 1) {
                        stamp[d][tuples[i * width + d]] = chunk;
                        distinct[d]++;
                    }
                }
                dictBytes += moreDict;
                rowBytes += moreRow;
            }
            out.add(write(from, i, chunk, stamp));
            from = i;
        }
        return out;
    }

    /** Rows [from, to) as one block, with the dictionary entries they use (stamped {@code chunk}). */
    private byte[] write(int from, int to, int chunk, int[][] stamp) {
        ByteSink out = new ByteSink(BlockCodec.headerLength(dims) + (to - from) * 24);
        out.u8(BlockCodec.VERSION);
        out.u8(dims);
        out.u32(to - from);
        int[][] local = new int[dims][];
        for (int d = 0; d < dims; d++) {
            local[d] = new int[dictionary[d].length];
            int n = 0;
            for (int id = 0; id < dictionary[d].length; id++) {
                if (stamp[d][id] == chunk) {
                    local[d][id] = n++;
                }
            }
            out.u32(n);
            for (int id = 0; id < dictionary[d].length; id++) {
                if (stamp[d][id] == chunk) {
                    out.u16(dictionary[d][id].length);
                    out.bytes(dictionary[d][id]);
                }
            }
        }
        BlockCodec.FirstColumnIndex index = new BlockCodec.FirstColumnIndex(out, count(stamp[0], chunk));
        for (int i = from; i < to; i++) {
            index.row(local[0][tuples[i * width]]);
            for (int d = 0; d < dims; d++) {
                out.varint(local[d][tuples[i * width + d]]);
            }
            out.u8(tuples[i * width + dims]);
            for (int m = 0; m < BlockCodec.MEASURES; m++) {
                out.zigzag(measures[i * BlockCodec.MEASURES + m]);
            }
        }
        index.finish();
        return out.toArray();
    }

    private static int count(int[] stamps, int chunk) {
        int n = 0;
        for (int s : stamps) {
            n += s == chunk ? 1 : 0;
        }
        return n;
    }
}
