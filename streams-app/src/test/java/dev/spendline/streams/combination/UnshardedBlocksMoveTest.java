package dev.spendline.streams.combination;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.rollup.Granularity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Blocks of layout 2 (one series per workspace and day, every customer's rows, {@code 0x06} keys)
 * are read exactly as they are, and moved into customer shards without a row counted twice or lost
 * at any step, even by a reader that saw a block before its move and the shards after it.
 */
class UnshardedBlocksMoveTest {

    private static final int DIMS = 10;
    private static final long DAY = 20_400;

    private BlockStoreDriver driver;

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    /** Rows as layout 2 wrote them: per (day, block) a sorted block; and their sums, for checks. */
    private record Layout2(Map<String, long[]> sums, List<KeyValue<Bytes, byte[]>> blocks) {}

    @Test
    void layoutTwoBlocksAreReadAsTheyAreThenMovedOneAtATimeWithEveryReadExact() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        Random random = new Random(30);
        Layout2 old = layout2(random, 12);
        write(store, old);
        Map<String, long[]> all = new TreeMap<>(old.sums);
        // Events after the upgrade go to the shards, for the same days and customers.
        for (int i = 0; i < 300; i++) {
            String[] values = values(random);
            long day = DAY + random.nextInt(3);
            long[] delta = delta(random);
            store.add("ws", day, 5, values, delta);
            add(all, day + "|" + String.join("\u0000", values), delta);
        }
        store.flushCache();
        assertReadsMatch(store, all);

        int moved = 0;
        while (true) {
            int n = store.migrateUnshardedBlocks(1);
            if (n == 0) {
                break;
            }
            moved += n;
            assertReadsMatch(store, all);
        }
        assertThat(moved).isEqualTo(old.blocks.size());
        assertThat(unshardedKeys()).isZero();
        assertReadsMatch(store, all);
    }

    /**
     * A reader iterates the layout-2 blocks first and the shards after: a block moved in between is
     * in both views. Putting a moved block back reproduces that view; it must still count once.
     */
    @Test
    void aReaderThatSeesABlockAndWhatWasMovedOutOfItCountsItOnce() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        Layout2 old = layout2(new Random(31), 3);
        write(store, old);
        assertThat(store.migrateUnshardedBlocks(10)).isEqualTo(old.blocks.size());
        assertReadsMatch(store, old.sums);

        KeyValue<Bytes, byte[]> back = old.blocks.get(1);
        store.put(back.key, back.value);

        assertReadsMatch(store, old.sums);
    }

    /** The rollup processor's schedule moves them on the wall clock, a chunk per run, then stops. */
    @Test
    void theScheduleMovesEveryChunkAndStops() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        Layout2 old = layout2(new Random(32), 10);
        write(store, old);
        // Day 0, level 0, seqs 0, 6, 12 (chunk 0); 18 and 24 are the next chunk.
        driver.driver().advanceWallClockTime(UnshardedBlocksMove.INTERVAL);
        assertThat(unshardedKeys()).isEqualTo(old.blocks.size() - 3);

        // Four chunks a day (two per level), 11 left: 11 runs move them, the 12th finds none.
        for (int i = 0; i < 12; i++) {
            driver.driver().advanceWallClockTime(UnshardedBlocksMove.INTERVAL);
        }
        assertThat(unshardedKeys()).isZero();
        assertReadsMatch(store, old.sums);

        // Cancelled, and the store says every block was moved: a layout-2 key written now (no
        // version does) stays where it is, and readers no longer read that range.
        store.put(old.blocks.get(0).key, old.blocks.get(0).value);
        driver.driver().advanceWallClockTime(Duration.ofSeconds(5));
        assertThat(unshardedKeys()).isEqualTo(1);
        assertReadsMatch(store, old.sums);
        assertThat(store.migrateUnshardedBlocks(10)).isZero();
    }

    /** A chunk's rows of one shard are merged: far fewer blocks than one per block and shard. */
    @Test
    void aChunksRowsOfOneShardBecomeOneBlock() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        Layout2 old = layout2(new Random(33), 12);
        write(store, old);
        while (store.migrateUnshardedBlocks(100) > 0) {
            // all of them
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        long blocks = 0;
        try (KeyValueIterator<Bytes, byte[]> it = driver.driver()
                .<Bytes, byte[]>getKeyValueStore(BlockStoreDriver.STORE)
                .all()) {
            while (it.hasNext()) {
                byte[] key = it.next().key.get();
                if (key[0] == BlockKeys.TAG_BLOCK) {
                    blocks++;
                    String chunk = BlockKeys.shard(key) + "/" + BlockKeys.day(key) + "/" + BlockKeys.level(key) + "/"
                            + CombinationBlockStore.chunkOfMovedBlock(BlockKeys.seq(key));
                    assertThat(seen.add(chunk))
                            .as("one block per shard and chunk: %s", chunk)
                            .isTrue();
                    assertThat(BlockKeys.level(key)).isGreaterThanOrEqualTo(CombinationBlockStore.MIGRATED_LEVEL);
                }
            }
        }
        long shards = java.util.Arrays.stream(CUSTOMERS)
                .map(BlockKeys::shardOf)
                .distinct()
                .count();
        // Per day, level 0 has seqs 0–30 (chunks 0 and 1) and level 7 seqs 3–33 (chunks 0 to 2).
        assertThat(blocks).isLessThanOrEqualTo(3 * 5 * shards).isLessThan(old.blocks.size() * shards);
        assertReadsMatch(store, old.sums);
    }

    /** Writes layout 2's blocks directly, as an earlier version left them. */
    private static void write(CombinationBlockStore store, Layout2 old) {
        for (KeyValue<Bytes, byte[]> block : old.blocks) {
            store.put(block.key, block.value);
        }
    }

    /** Reads for every customer, a feature, a feature and customer, and none, against the sums. */
    private void assertReadsMatch(ReadOnlyKeyValueStore<Bytes, byte[]> store, Map<String, long[]> sums) {
        List<int[]> positions = new ArrayList<>();
        List<String[]> wanted = new ArrayList<>();
        positions.add(new int[0]);
        wanted.add(new String[0]);
        for (String customer : CUSTOMERS) {
            positions.add(new int[] {0});
            wanted.add(new String[] {customer});
            positions.add(new int[] {0, 1});
            wanted.add(new String[] {customer, "search"});
        }
        positions.add(new int[] {1});
        wanted.add(new String[] {"chat"});
        for (int q = 0; q < positions.size(); q++) {
            int[] p = positions.get(q);
            String[] w = wanted.get(q);
            Map<String, List<Long>> read = new TreeMap<>();
            Map<String, long[]> readSums = new TreeMap<>();
            CombinationBlocks.scan(store, "ws", Granularity.DAY, DAY - 1, DAY + 10, DIMS, p, w, (g, bucket, v, r) -> {
                long[] m = new long[Row.MEASURES];
                r.copyInto(m);
                add(readSums, bucket + "|" + String.join("\u0000", v), m);
            });
            readSums.forEach((k, v) -> read.put(k, Arrays.stream(v).boxed().toList()));
            Map<String, List<Long>> expected = new TreeMap<>();
            sums.forEach((k, v) -> {
                String[] values = k.substring(k.indexOf('|') + 1).split("\u0000", -1);
                boolean match = true;
                for (int f = 0; f < p.length; f++) {
                    match &= values[p[f]].equals(w[f]);
                }
                if (match) {
                    expected.put(k, Arrays.stream(v).boxed().toList());
                }
            });
            assertThat(read)
                    .as("%s = %s", Arrays.toString(p), Arrays.toString(w))
                    .isEqualTo(expected);
        }
    }

    private static final String[] CUSTOMERS = {"acme", "globex", "initech", "t0", "t1", "t2", "t3", "t17", ""};

    /** {@code blocksPerDay} layout-2 blocks on each of three days, at levels 0 and 7, seqs 0, 3, 6…. */
    private static Layout2 layout2(Random random, int blocksPerDay) {
        Map<String, long[]> sums = new TreeMap<>();
        List<KeyValue<Bytes, byte[]>> blocks = new ArrayList<>();
        byte[] ws = BlockKeys.workspace("ws");
        for (int d = 0; d < 3; d++) {
            long day = DAY + d;
            for (int b = 0; b < blocksPerDay; b++) {
                Map<Row, Row> rows = new java.util.HashMap<>();
                Row probe = new Row(DIMS);
                for (int i = 0; i < 120; i++) {
                    String[] values = values(random);
                    long[] delta = delta(random);
                    Row row = rows.get(probe.probe(values, CombinationBlockStore.HOUR_UNKNOWN));
                    if (row == null) {
                        row = probe.copyKey();
                        rows.put(row, row);
                    }
                    row.add(delta);
                    add(sums, day + "|" + String.join("\u0000", values), delta);
                }
                List<Row> sorted = new ArrayList<>(rows.keySet());
                sorted.sort(Row.ORDER);
                int level = b % 2 == 0 ? 0 : CombinationBlockStore.FULL_LEVEL;
                // Seqs 3 apart: a level's blocks fall in more than one chunk of 16 seqs.
                blocks.add(KeyValue.pair(
                        Bytes.wrap(BlockKeys.unshardedBlock(ws, day, level, 3L * b)), StringRows.encode(sorted, DIMS)));
            }
        }
        return new Layout2(sums, blocks);
    }

    private static String[] values(Random random) {
        String[] values = new String[DIMS];
        Arrays.fill(values, "");
        values[0] = CUSTOMERS[random.nextInt(CUSTOMERS.length)];
        values[1] = random.nextBoolean() ? "search" : "chat";
        values[2] = "model-" + random.nextInt(3);
        values[7] = "user-" + random.nextInt(50);
        return values;
    }

    private static long[] delta(Random random) {
        long[] delta = new long[Row.MEASURES];
        for (int i = 0; i < delta.length; i++) {
            delta[i] = 1 + random.nextInt(1_000);
        }
        return delta;
    }

    private static void add(Map<String, long[]> sums, String key, long[] m) {
        long[] sum = sums.computeIfAbsent(key, k -> new long[Row.MEASURES]);
        for (int i = 0; i < m.length; i++) {
            sum[i] += m[i];
        }
    }

    private long unshardedKeys() {
        long n = 0;
        try (KeyValueIterator<Bytes, byte[]> it = driver.driver()
                .<Bytes, byte[]>getKeyValueStore(BlockStoreDriver.STORE)
                .all()) {
            while (it.hasNext()) {
                if (BlockKeys.isUnshardedBlock(it.next().key.get())) {
                    n++;
                }
            }
        }
        return n;
    }
}
