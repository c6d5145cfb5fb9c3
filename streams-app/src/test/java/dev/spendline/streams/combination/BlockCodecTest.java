package dev.spendline.streams.combination;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BlockCodecTest {

    private static final int DIMS = 10;

    /** Values that stress the format: empty, multi-byte (2, 3 and 4 bytes a char) and 256 chars. */
    static final String[] POOL = {
        "",
        "a",
        "b",
        "acme",
        "é",
        "日本",
        "😀",
        "z😀",
        "\u00ff",
        "x".repeat(256),
        "日".repeat(256),
        "tenant-1",
        "tenant-10"
    };

    @Test
    void rowsComeBackExactlyWithTheirValuesHourAndMeasures() {
        Random random = new Random(29);
        for (int round = 0; round < 50; round++) {
            List<Row> rows = distinctRows(random, 1 + random.nextInt(300));
            rows.sort(Row.ORDER);

            byte[] block = StringRows.encode(rows, DIMS);

            assertThat(decode(block)).isEqualTo(asMap(rows));
        }
    }

    @Test
    void rowsAreWrittenInTupleOrderWhateverOrderTheyCameIn() {
        List<Row> rows = distinctRows(new Random(7), 200);
        java.util.Collections.shuffle(rows, new Random(8));

        BlockReader reader = new BlockReader(DIMS);
        reader.reset(StringRows.encode(rows, DIMS));

        int[] previous = null;
        int previousHour = -1;
        while (reader.next()) {
            int[] ids = Arrays.copyOf(reader.ids, DIMS);
            if (previous != null) {
                int c = Arrays.compare(previous, ids);
                assertThat(c < 0 || (c == 0 && previousHour < reader.hour)).isTrue();
            }
            previous = ids;
            previousHour = reader.hour;
        }
        assertThat(decode(StringRows.encode(rows, DIMS))).isEqualTo(asMap(rows));
    }

    @Test
    void theRadixSortOrdersRowsAsAStableColumnByColumnComparison() {
        Random random = new Random(11);
        for (int round = 0; round < 200; round++) {
            int width = 1 + random.nextInt(6);
            int n = random.nextInt(300);
            int range = 1 + random.nextInt(round % 2 == 0 ? 4 : 300);
            int[] tuples = new int[n * width];
            for (int i = 0; i < tuples.length; i++) {
                tuples[i] = random.nextInt(range);
            }
            Integer[] expected = new Integer[n];
            for (int r = 0; r < n; r++) {
                expected[r] = r;
            }
            // Arrays.sort of objects is stable: rows with equal tuples keep their order.
            Arrays.sort(
                    expected,
                    (a, b) ->
                            Arrays.compare(tuples, a * width, a * width + width, tuples, b * width, b * width + width));

            assertThat(BlockCodec.sortedRows(tuples, n, width))
                    .as("round %d: %d rows of width %d", round, n, width)
                    .containsExactly(
                            Arrays.stream(expected).mapToInt(Integer::intValue).toArray());
        }
    }

    @Test
    void aFilterValueIsFoundInTheDictionaryOrTheBlockIsSkipped() {
        List<Row> rows = new ArrayList<>();
        rows.add(row(3, "acme", "日本", ""));
        rows.add(row(dayOnly(), "", "😀", "b"));
        BlockReader reader = new BlockReader(DIMS);
        reader.reset(StringRows.encode(rows, DIMS));

        assertThat(reader.find(0, utf8("acme"))).isEqualTo(1);
        assertThat(reader.find(0, utf8(""))).isEqualTo(0);
        assertThat(reader.find(1, utf8("😀"))).isEqualTo(1);
        assertThat(reader.find(1, utf8("日本"))).isEqualTo(0);
        assertThat(reader.find(0, utf8("acm"))).isEqualTo(-1);
        assertThat(reader.find(2, utf8("nope"))).isEqualTo(-1);
        assertThat(reader.rows()).isEqualTo(2);
    }

    /** The first column's index gives exactly the rows of one value, in block order. */
    @Test
    void theFirstColumnsIndexFindsExactlyTheRowsOfOneValue() {
        List<Row> rows = distinctRows(new Random(13), 500);
        rows.sort(Row.ORDER);
        byte[] block = StringRows.encode(rows, DIMS);
        BlockReader reader = new BlockReader(DIMS);
        reader.reset(block);
        Map<Integer, List<String>> byFirst = new HashMap<>();
        while (reader.next()) {
            byFirst.computeIfAbsent(reader.ids[0], k -> new ArrayList<>()).add(rowText(reader));
        }
        assertThat(byFirst).hasSizeGreaterThan(5);

        for (Map.Entry<Integer, List<String>> e : byFirst.entrySet()) {
            reader.reset(block);
            reader.seekFirstColumn(e.getKey());
            List<String> seen = new ArrayList<>();
            while (reader.next()) {
                seen.add(rowText(reader));
            }
            assertThat(seen).isEqualTo(e.getValue());
        }
    }

    private static String rowText(BlockReader reader) {
        long[] m = new long[Row.MEASURES];
        reader.measures(m);
        return Arrays.toString(reader.ids) + reader.hour + Arrays.toString(m);
    }

    /** Unpaired surrogates have one UTF-8 form ('?'): such values become one row, added up. */
    @Test
    void valuesWithTheSameUtf8FormAreAddedIntoOneRow() {
        List<Row> rows = new ArrayList<>(List.of(row(1, "\uD800"), row(1, "\uDBFF"), row(1, "?")));
        rows.sort(Row.ORDER);

        assertThat(decode(StringRows.encode(rows, DIMS)))
                .containsOnlyKeys("1|?" + "|".repeat(DIMS - 1))
                .containsValue(List.of(3L, 6L, 9L, 12L, 15L, 18L, 21L, 24L, 27L, 30L, 33L, 36L));
    }

    /** A block over the cap is cut into blocks under it, every row kept once, in order. */
    @Test
    void aBlockOverTheCapIsCutInOrderIntoNearlyFullBlocks() {
        List<Row> rows = distinctRows(new Random(11), 3_000);
        rows.sort(Row.ORDER);
        int cap = 8 * 1024;

        List<byte[]> blocks = BlockMerger.merge(List.of(StringRows.encode(rows, DIMS)), DIMS, cap);

        assertThat(blocks).hasSizeGreaterThan(5);
        List<String> inOrder = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            byte[] block = blocks.get(i);
            assertThat(block.length).isLessThanOrEqualTo(cap);
            if (i < blocks.size() - 1) {
                assertThat(block.length)
                        .as("a block that is not the last is nearly full")
                        .isGreaterThan(cap / 2);
            }
            inOrder.addAll(rowsInOrder(block));
        }
        assertThat(inOrder).isEqualTo(rows.stream().map(BlockCodecTest::text).toList());
    }

    /** Merging blocks adds the rows they share and keeps the others. */
    @Test
    void mergedBlocksHoldTheSumOfTheirRows() {
        Random random = new Random(17);
        List<byte[]> blocks = new ArrayList<>();
        Map<String, long[]> sums = new HashMap<>();
        for (int b = 0; b < 16; b++) {
            List<Row> rows = distinctRows(random, 1 + random.nextInt(200));
            rows.sort(Row.ORDER);
            blocks.add(StringRows.encode(rows, DIMS));
            for (Row row : rows) {
                long[] sum = sums.computeIfAbsent(
                        row.hour + "|" + String.join("|", row.values), k -> new long[Row.MEASURES]);
                for (int i = 0; i < Row.MEASURES; i++) {
                    sum[i] += row.measures[i];
                }
            }
        }

        List<byte[]> merged = BlockMerger.merge(blocks, DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);

        assertThat(merged).hasSize(1);
        Map<String, List<Long>> expected = new HashMap<>();
        sums.forEach((k, v) -> expected.put(k, boxed(v)));
        assertThat(decode(merged.get(0))).isEqualTo(expected);
    }

    private static List<String> rowsInOrder(byte[] block) {
        BlockReader reader = new BlockReader(DIMS);
        reader.reset(block);
        List<String> rows = new ArrayList<>();
        long[] m = new long[Row.MEASURES];
        while (reader.next()) {
            StringBuilder text = new StringBuilder().append(reader.hour);
            for (int d = 0; d < DIMS; d++) {
                text.append('|').append(reader.value(d, reader.ids[d]));
            }
            reader.measures(m);
            rows.add(text.append(Arrays.toString(m)).toString());
        }
        return rows;
    }

    private static String text(Row row) {
        return row.hour + "|" + String.join("|", row.values) + Arrays.toString(row.measures);
    }

    private static int dayOnly() {
        return CombinationBlockStore.HOUR_UNKNOWN;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static Row row(int hour, String... firstValues) {
        String[] values = new String[DIMS];
        Arrays.fill(values, "");
        System.arraycopy(firstValues, 0, values, 0, firstValues.length);
        Row row = new Row(DIMS).probe(values, hour).copyKey();
        row.add(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        return row;
    }

    /**
     * Blocks written before the estimated cost (version 1: ten measures a row) are read with
     * nothing estimated and nothing unpriced, and a merge of one with a version-2 block adds up
     * row by row and writes version 2.
     */
    @Test
    void versionOneBlocksReadAsNothingEstimatedAndMergeIntoVersionTwo() {
        long[] old = {100, 1, 30, 20, 5, 0, 1, 0, 250, 1};
        byte[] v1 = versionOneBlock("acme", 3, old);
        assertThat(decode(v1))
                .containsExactly(Map.entry(
                        "3|acme" + "|".repeat(DIMS - 1),
                        List.of(100L, 1L, 30L, 20L, 5L, 0L, 1L, 0L, 250L, 1L, 0L, 0L)));

        byte[] v2 = StringRows.encode(List.of(row(3, "acme")), DIMS);
        assertThat(v2[0]).isEqualTo((byte) 2);
        List<byte[]> merged = BlockMerger.merge(List.of(v1, v2), DIMS, 1 << 20);
        assertThat(merged).hasSize(1);
        assertThat(merged.get(0)[0]).isEqualTo((byte) BlockCodec.VERSION);
        assertThat(decode(merged.get(0)))
                .containsExactly(Map.entry(
                        "3|acme" + "|".repeat(DIMS - 1),
                        List.of(101L, 3L, 33L, 24L, 10L, 6L, 8L, 8L, 259L, 11L, 11L, 12L)));
    }

    /** One row in format v1, written by hand as CombinationBlockStore's javadoc describes it. */
    private static byte[] versionOneBlock(String first, int hour, long[] measures) {
        ByteSink out = new ByteSink(256);
        out.u8(1);
        out.u8(DIMS);
        out.u32(1);
        for (int d = 0; d < DIMS; d++) {
            byte[] value = d == 0 ? utf8(first) : new byte[0];
            out.u32(1);
            out.u16(value.length);
            out.bytes(value);
        }
        out.u32(0); // the first column's index: its one value's rows start at 0
        out.u32(1); // and are one
        for (int d = 0; d < DIMS; d++) {
            out.varint(0);
        }
        out.u8(hour);
        for (long m : measures) {
            out.zigzag(m);
        }
        return out.toArray();
    }

    static List<Row> distinctRows(Random random, int n) {
        Map<Row, Row> rows = new HashMap<>();
        Row probe = new Row(DIMS);
        String[] values = new String[DIMS];
        while (rows.size() < n) {
            for (int d = 0; d < DIMS; d++) {
                values[d] = POOL[random.nextInt(POOL.length)] + (d == 7 ? random.nextInt(50) : "");
            }
            int hour = random.nextInt(10) == 0 ? CombinationBlockStore.HOUR_UNKNOWN : random.nextInt(24);
            Row row = rows.computeIfAbsent(probe.probe(values, hour), k -> probe.copyKey());
            long[] m = new long[Row.MEASURES];
            for (int i = 0; i < m.length; i++) {
                m[i] = switch (random.nextInt(5)) {
                    case 0 -> Long.MAX_VALUE / 4;
                    case 1 -> -random.nextInt(1000);
                    case 2 -> 0;
                    case 3 -> Long.MIN_VALUE / 4;
                    default -> random.nextLong() >> 8;};
            }
            row.add(m);
        }
        return new ArrayList<>(rows.values());
    }

    /** Every row of a block as "hour|values" → measures. */
    static Map<String, List<Long>> decode(byte[] block) {
        BlockReader reader = new BlockReader(DIMS);
        reader.reset(block);
        Map<String, List<Long>> rows = new HashMap<>();
        long[] m = new long[Row.MEASURES];
        while (reader.next()) {
            StringBuilder key = new StringBuilder().append(reader.hour);
            for (int d = 0; d < DIMS; d++) {
                key.append('|').append(reader.value(d, reader.ids[d]));
            }
            reader.measures(m);
            assertThat(rows.put(key.toString(), boxed(m)))
                    .as("rows are distinct")
                    .isNull();
        }
        return rows;
    }

    static Map<String, List<Long>> asMap(List<Row> rows) {
        Map<String, List<Long>> map = new HashMap<>();
        for (Row row : rows) {
            map.put(row.hour + "|" + String.join("|", row.values), boxed(row.measures));
        }
        return map;
    }

    private static List<Long> boxed(long[] m) {
        return Arrays.stream(m).boxed().toList();
    }
}
