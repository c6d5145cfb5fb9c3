package dev.spendline.streams.combination;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A cursor over one block (format v2, or v1 whose rows have the first ten measures only), reused from block to block: it finds a value's id in a
 * column's dictionary once per block, then walks the rows comparing ids. Values are decoded to
 * strings only when asked for, once per block and id.
 */
final class BlockReader {

    private final int dims;
    private final int[] dictCount;
    private final int[][] dictOffsets;
    private final String[][] strings;
    private byte[] b;
    private int rows;
    private int rowsLeft;
    private int indexStart;
    private int rowsStart;
    private int pos;
    private int measuresAt;
    /** Measures per row in the current block: fewer than {@link BlockCodec#MEASURES} in a version-1 block. */
    private int measureCount;

    /** The current row's ids, one per column, and its hour. */
    final int[] ids;

    int hour;

    BlockReader(int dims) {
        this.dims = dims;
        this.dictCount = new int[dims];
        this.dictOffsets = new int[dims][16];
        this.strings = new String[dims][16];
        this.ids = new int[dims];
    }

    void reset(byte[] block) {
        int version = block.length < BlockCodec.headerLength(dims) ? -1 : block[0] & 0xFF;
        if (version == BlockCodec.VERSION) {
            measureCount = BlockCodec.MEASURES;
        } else if (version == 1) {
            measureCount = BlockCodec.V1_MEASURES;
        } else {
            throw new IllegalStateException("not a combination block of version 1 or " + BlockCodec.VERSION);
        }
        if ((block[1] & 0xFF) != dims) {
            throw new IllegalStateException("a block of " + (block[1] & 0xFF) + " columns, " + dims + " expected");
        }
        b = block;
        rows = (int) BlockKeys.getU32(block, 2);
        int p = 6;
        for (int d = 0; d < dims; d++) {
            int n = (int) BlockKeys.getU32(block, p);
            p += 4;
            if (dictOffsets[d].length < n) {
                dictOffsets[d] = new int[Math.max(n, dictOffsets[d].length * 2)];
                strings[d] = new String[dictOffsets[d].length];
            } else {
                Arrays.fill(strings[d], 0, Math.max(n, dictCount[d]), null);
            }
            int[] offsets = dictOffsets[d];
            for (int i = 0; i < n; i++) {
                offsets[i] = p;
                p += 2 + u16(p);
            }
            dictCount[d] = n;
        }
        indexStart = p;
        rowsStart = p + dictCount[0] * BlockCodec.INDEX_ENTRY;
        pos = rowsStart;
        rowsLeft = rows;
    }

    /** Limits the rows to those whose first column is {@code id} (the first column's index). */
    void seekFirstColumn(int id) {
        int at = indexStart + id * BlockCodec.INDEX_ENTRY;
        pos = rowsStart + (int) BlockKeys.getU32(b, at);
        rowsLeft = (int) BlockKeys.getU32(b, at + 4);
    }

    int rows() {
        return rows;
    }

    /** The number of values in column {@code d}'s dictionary. */
    int dictionarySize(int d) {
        return dictCount[d];
    }

    /** The block being read, and where value {@code id} of column {@code d} lies in it. */
    byte[] block() {
        return b;
    }

    int valueOffset(int d, int id) {
        return dictOffsets[d][id] + 2;
    }

    int valueLength(int d, int id) {
        return u16(dictOffsets[d][id]);
    }

    /** The id of {@code utf8} in column {@code d}, or -1 when no row of this block has it. */
    int find(int d, byte[] utf8) {
        int[] offsets = dictOffsets[d];
        int lo = 0;
        int hi = dictCount[d] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int at = offsets[mid];
            int c = Arrays.compareUnsigned(b, at + 2, at + 2 + u16(at), utf8, 0, utf8.length);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1;
    }

    String value(int d, int id) {
        String s = strings[d][id];
        if (s == null) {
            int at = dictOffsets[d][id];
            s = new String(b, at + 2, u16(at), StandardCharsets.UTF_8);
            strings[d][id] = s;
        }
        return s;
    }

    /** Moves to the next row (its ids and hour); false after the last. */
    boolean next() {
        if (rowsLeft == 0) {
            return false;
        }
        for (int d = 0; d < dims; d++) {
            long id = varint();
            if (id >= dictCount[d]) {
                throw new IllegalStateException("id " + id + " outside the dictionary of column " + d);
            }
            ids[d] = (int) id;
        }
        hour = b[pos++] & 0xFF;
        measuresAt = pos;
        for (int i = 0; i < measureCount; i++) {
            while (b[pos++] < 0) {
                // skip a varint: every byte but the last has its high bit set
            }
        }
        rowsLeft--;
        return true;
    }

    /** The current row's measures. */
    void measures(long[] into) {
        int end = pos;
        pos = measuresAt;
        for (int i = 0; i < measureCount; i++) {
            long v = varint();
            into[i] = (v >>> 1) ^ -(v & 1);
        }
        for (int i = measureCount; i < BlockCodec.MEASURES; i++) {
            into[i] = 0;
        }
        pos = end;
    }

    private long varint() {
        long v = 0;
        int shift = 0;
        byte x;
        do {
            x = b[pos++];
            v |= (long) (x & 0x7F) << shift;
            shift += 7;
        } while (x < 0);
        return v;
    }

    private int u16(int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }
}
