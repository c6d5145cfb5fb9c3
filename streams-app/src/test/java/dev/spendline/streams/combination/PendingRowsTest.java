package dev.spendline.streams.combination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PendingRows} against the definition: the same events folded as {@link Row}s by their
 * strings, split by the shard of their first column and written by {@link
 * StringRows#encode(List, int)} give byte-identical blocks, shard by shard.
 */
class PendingRowsTest {

    private static final int DIMS = 10;

    /** Values that repeat, "" and null (both not attributed), and two with one UTF-8 form. */
    private static final String[] POOL = {"", null, "acme", "globex", "initech", "é", "\uD800", "\uDBFF", "?", "日本"};

    @Test
    void blocksAreByteForByteThoseOfTheRowsFoldedByTheirStrings() {
        Random random = new Random(29);
        for (int round = 0; round < 200; round++) {
            PendingRows pending = new PendingRows(DIMS);
            Map<Row, Row> reference = new HashMap<>();
            Row probe = new Row(DIMS);
            int events = 1 + random.nextInt(random.nextBoolean() ? 20 : 2_000);
            String[] values = new String[DIMS];
            int newRows = 0;
            for (int e = 0; e < events; e++) {
                for (int d = 0; d < DIMS; d++) {
                    values[d] = d == 0 || d == 7
                            ? "v" + random.nextInt(d == 0 ? 40 : 300)
                            : POOL[random.nextInt(POOL.length)];
                }
                int hour = random.nextInt(8) == 0 ? CombinationBlockStore.HOUR_UNKNOWN : random.nextInt(24);
                long[] delta = delta(random);
                if (pending.add(values, hour, delta)) {
                    newRows++;
                }
                reference
                        .computeIfAbsent(probe.probe(values, hour), k -> probe.copyKey())
                        .add(delta);
            }
            assertThat(pending.rows()).isEqualTo(newRows).isEqualTo(reference.size());

            int[] start = new int[BlockKeys.SHARDS + 1];
            int[] order = pending.byShard(start);
            assertThat(start[BlockKeys.SHARDS]).isEqualTo(reference.size());
            List<Row>[] shards = byShard(reference.values());
            for (int shard = 0; shard < BlockKeys.SHARDS; shard++) {
                if (shards[shard] == null) {
                    assertThat(start[shard + 1]).as("shard %d", shard).isEqualTo(start[shard]);
                    continue;
                }
                byte[] block = pending.encode(order, start[shard], start[shard + 1]);
                assertThat(block)
                        .as("round %d, shard %d", round, shard)
                        .isEqualTo(StringRows.encode(new ArrayList<>(shards[shard]), DIMS));
            }
        }
    }

    @Test
    void valuesWithOneUtf8FormAreOneRowOfTheBlockWithTheirMeasuresAdded() {
        PendingRows pending = new PendingRows(DIMS);
        long[] one = new long[Row.MEASURES];
        Arrays.fill(one, 1);
        for (String feature : List.of("\uD800", "\uDBFF", "?")) {
            String[] values = new String[DIMS];
            values[1] = feature;
            assertThat(pending.add(values, 3, one))
                    .as("distinct strings, distinct pending rows")
                    .isTrue();
        }
        int[] start = new int[BlockKeys.SHARDS + 1];
        int[] order = pending.byShard(start);
        int shard = BlockKeys.shardOf("");
        assertThat(start[shard + 1] - start[shard]).isEqualTo(3);
        assertThat(BlockCodecTest.decode(pending.encode(order, start[shard], start[shard + 1])))
                .containsExactly(Map.entry(
                        "3||?" + "|".repeat(DIMS - 2), List.of(3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L, 3L)));
    }

    @Test
    void aValueTooLongForTheBlockFormatIsRefusedWhenItIsWritten() {
        PendingRows pending = new PendingRows(DIMS);
        String[] values = new String[DIMS];
        values[1] = "x".repeat(0x10000);
        pending.add(values, 0, new long[Row.MEASURES]);
        int[] start = new int[BlockKeys.SHARDS + 1];
        int[] order = pending.byShard(start);
        int shard = BlockKeys.shardOf("");
        assertThatThrownBy(() -> pending.encode(order, start[shard], start[shard + 1]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a value of 65536 bytes: at most 65535");
    }

    @Test
    void aSumOverTheCostsLongRangeFailsInsteadOfWrapping() {
        PendingRows pending = new PendingRows(DIMS);
        String[] values = new String[DIMS];
        long[] big = new long[Row.MEASURES];
        big[0] = Long.MAX_VALUE;
        pending.add(values, 0, big);
        long[] one = new long[Row.MEASURES];
        one[0] = 1;
        assertThatThrownBy(() -> pending.add(values, 0, one)).isInstanceOf(ArithmeticException.class);
    }

    private static long[] delta(Random random) {
        long[] m = new long[Row.MEASURES];
        for (int i = 0; i < m.length; i++) {
            m[i] = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> -random.nextInt(1000);
                case 2 -> random.nextInt(1_000_000);
                default -> random.nextLong() >> 24;};
        }
        return m;
    }

    /** Rows by the shard of their first column; null where a shard has none. */
    @SuppressWarnings("unchecked")
    private static List<Row>[] byShard(Iterable<Row> rows) {
        List<Row>[] shards = new List[BlockKeys.SHARDS];
        for (Row row : rows) {
            int shard = BlockKeys.shardOf(row.values[0]);
            if (shards[shard] == null) {
                shards[shard] = new ArrayList<>();
            }
            shards[shard].add(row);
        }
        return shards;
    }
}
