package dev.spendline.streams.combination;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CombinationBlockStoreTest {

    private static final int DIMS = 10;
    private static final long DAY = 20_400;
    private static final String[] POOL = {"", "a", "b", "é", "日本", "😀x", "x".repeat(256)};

    private BlockStoreDriver driver;

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    /** {@code attributed}: the values with null as "", and {@code joined} them joined, as scans give them. */
    private record Event(
            String ws, long day, int hour, String[] values, String[] attributed, String joined, long[] delta) {}

    /**
     * Seeded events over two workspaces (one id a prefix of the other), four days, every hour and
     * seven first-column values (several shards), flushed at random points so that merges reach
     * level 2; then many ranges and filter sets
     * (values never seen, "" for not attributed) compared with sums computed from the events.
     */
    @ParameterizedTest
    @ValueSource(ints = {CombinationBlockStore.MAX_BLOCK_BYTES, 16 * 1024})
    void scansAddUpToWhatWasFoldedForEveryRangeAndFilter(int maxBlockBytes) throws Exception {
        driver = new BlockStoreDriver(DIMS, maxBlockBytes);
        CombinationBlockStore store = driver.store();
        Random random = new Random(2_900 + maxBlockBytes);
        List<Event> events = new ArrayList<>();
        int flushed = 0;
        for (int i = 0; i < 24_000; i++) {
            Event e = randomEvent(random);
            events.add(e);
            store.add(e.ws, e.day, e.hour, e.values.clone(), e.delta);
            if (random.nextInt(8) == 0) {
                store.flushCache();
                flushed = events.size();
                if (random.nextInt(10) == 0) {
                    // Nothing is pending: this only drops the counters, which are then read from
                    // RocksDB again (full blocks included: a wrong next seq would overwrite one).
                    store.clearCache();
                }
            }
        }
        assertThat(store.pendingRows()).as("some rows left unwritten").isPositive();

        List<Event> committed = events.subList(0, flushed);
        AtomicReference<Map<String, List<Long>>> seenByQuery = new AtomicReference<>();
        Thread query = new Thread(
                () -> seenByQuery.set(scan(store, "ws", Granularity.DAY, DAY - 1, DAY + 5, new int[0], new String[0])));
        query.start();
        query.join();
        assertThat(seenByQuery.get())
                .as("another thread reads what was written")
                .isEqualTo(expected(committed, "ws", Granularity.DAY, DAY - 1, DAY + 5, new int[0], new String[0]));
        assertThat(store.pendingRows())
                .as("a query does not write the writer's rows")
                .isPositive();

        for (int q = 0; q < 200; q++) {
            String ws = random.nextBoolean() ? "ws" : "ws1";
            Granularity g = random.nextBoolean() ? Granularity.HOUR : Granularity.DAY;
            long first = g == Granularity.DAY ? DAY - 1 : (DAY - 1) * 24;
            long span = g == Granularity.DAY ? 6 : 6 * 24;
            long from = first + random.nextInt((int) span);
            long to = from + random.nextInt((int) (first + span - from) + 1);
            int n = random.nextInt(4);
            int[] positions = new int[n];
            String[] wanted = new String[n];
            for (int f = 0; f < n; f++) {
                positions[f] = random.nextInt(DIMS);
                wanted[f] = switch (random.nextInt(6)) {
                    case 0 -> "never-seen";
                    case 1 -> "";
                    default -> value(random, positions[f]);};
            }
            // On the writer's thread: the scan writes the pending rows first, so all events count.
            assertThat(scan(store, ws, g, from, to, positions, wanted))
                    .as("%s %s [%d, %d) %s=%s", ws, g, from, to, Arrays.toString(positions), Arrays.toString(wanted))
                    .isEqualTo(expected(events, ws, g, from, to, positions, wanted));
        }
        assertThat(store.pendingRows()).isZero();

        Map<String, int[]> levels = levelsInRocksDb(driver.driver().getKeyValueStore(BlockStoreDriver.STORE));
        assertThat(levels.keySet().stream()
                        .map(k -> k.substring(k.lastIndexOf('/') + 1))
                        .distinct())
                .as("the first column's values fall in several shards")
                .hasSizeGreaterThan(3);
        boolean reachedLevel2 = false;
        for (int[] perLevel : levels.values()) {
            for (int level = 0; level < CombinationBlockStore.FULL_LEVEL; level++) {
                assertThat(perLevel[level])
                        .as("blocks of a level that merges")
                        .isLessThan(CombinationBlockStore.MERGE_AT);
            }
            reachedLevel2 |= perLevel[2] > 0;
        }
        assertThat(reachedLevel2).isTrue();
        if (maxBlockBytes < CombinationBlockStore.MAX_BLOCK_BYTES) {
            assertFullBlocksAreNearlyFull(maxBlockBytes);
        }
    }

    private void assertFullBlocksAreNearlyFull(int maxBlockBytes) {
        int full = 0;
        try (KeyValueIterator<Bytes, byte[]> it = driver.driver()
                .<Bytes, byte[]>getKeyValueStore(BlockStoreDriver.STORE)
                .all()) {
            while (it.hasNext()) {
                KeyValue<Bytes, byte[]> kv = it.next();
                assertThat(kv.value.length).isLessThanOrEqualTo(maxBlockBytes);
                if (BlockKeys.level(kv.key.get()) == CombinationBlockStore.FULL_LEVEL) {
                    full++;
                    assertThat(kv.value.length).isGreaterThan(maxBlockBytes / 2);
                }
            }
        }
        assertThat(full).as("merges that outgrow the cap write full blocks").isGreaterThan(8);
    }

    /**
     * Without the cap, a level-L block holds 16^L flushes, so after N flushes of one day its levels
     * hold exactly the base-16 digits of N, also when the counters are derived again from RocksDB.
     */
    @Test
    void blocksPerLevelAreTheBase16DigitsOfTheNumberOfFlushes() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        String[] values = new String[DIMS];
        Arrays.fill(values, "v");
        for (int n = 1; n <= 300; n++) {
            values[7] = "user-" + n;
            store.add("ws", DAY, n % 24, values, delta(n));
            store.flushCache();
            if (n == 150) {
                store.clearCache();
            }
        }
        int[] levels = levelsInRocksDb(store).get("ws/" + DAY + "/" + BlockKeys.shardOf("v"));
        assertThat(Arrays.copyOf(levels, 3)).containsExactly(0xC, 0x2, 0x1);
        assertThat(Arrays.copyOf(store.levelCounts("ws", DAY), 3)).containsExactly(0xC, 0x2, 0x1);

        Map<String, List<Long>> rows =
                scan(store, "ws", Granularity.DAY, DAY, DAY + 1, new int[] {0}, new String[] {"v"});
        assertThat(rows).hasSize(300);
        assertThat(rows.values().stream().mapToLong(m -> m.get(1)).sum()).isEqualTo(300L * 301 / 2);
    }

    @Test
    void eachCommitWritesOneBlockPerWorkspaceDayAndShardTouched() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        Random random = new Random(5);
        java.util.Set<String> touched = new java.util.HashSet<>();
        driver.inCommit(store -> {
            for (int i = 0; i < 60; i++) {
                String[] values = randomValues(random);
                String ws = i % 3 == 0 ? "ws" : "ws1";
                store.add(ws, DAY + i % 2, i % 24, values, delta(1));
                touched.add(ws + "/" + (DAY + i % 2) + "/" + BlockKeys.shardOf(values[0] == null ? "" : values[0]));
            }
        });

        List<KeyValue<Bytes, byte[]>> records = driver.changelog();
        assertThat(touched).hasSizeGreaterThan(4);
        assertThat(records).hasSize(touched.size());
        assertThat(records).allSatisfy(r -> {
            assertThat(BlockKeys.level(r.key.get())).isZero();
            assertThat(r.value[0]).isEqualTo((byte) BlockCodec.VERSION);
        });

        long day = DAY + 5;
        for (int commit = 1; commit <= 15; commit++) {
            driver.inCommit(store -> store.add("ws", day, 1, row("acme", "f-" + random.nextInt()), delta(1)));
            assertThat(driver.changelog()).hasSize(1);
        }
        // The 16th level-0 block of the shard's day is merged before it is written: one level-1
        // block, and tombstones for the 15 written before.
        driver.inCommit(store -> store.add("ws", day, 1, row("acme", "f-" + random.nextInt()), delta(1)));
        List<KeyValue<Bytes, byte[]>> merge = driver.changelog();
        assertThat(merge).hasSize(16);
        assertThat(merge.stream().filter(r -> r.value == null).count()).isEqualTo(15);
        assertThat(merge.stream().filter(r -> r.value != null).map(r -> BlockKeys.level(r.key.get())))
                .containsExactly(1);
        assertThat(merge)
                .allSatisfy(r -> assertThat(BlockKeys.shard(r.key.get())).isEqualTo(BlockKeys.shardOf("acme")));
    }

    /** Each customer's rows go to its shard, and a read filtered by it reads that shard only. */
    @Test
    void aCustomersRowsAreInItsShardOnly() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        List<String> customers = new ArrayList<>();
        for (int t = 0; t < 64; t++) {
            customers.add("t" + t);
        }
        driver.inCommit(store -> {
            for (String customer : customers) {
                store.add("ws", DAY, 2, row(customer, "search"), delta(1));
            }
        });
        Map<Integer, java.util.Set<String>> byShard = new HashMap<>();
        ReadOnlyKeyValueStore<Bytes, byte[]> readOnly = driver.driver().getKeyValueStore(BlockStoreDriver.STORE);
        try (KeyValueIterator<Bytes, byte[]> it = readOnly.all()) {
            while (it.hasNext()) {
                KeyValue<Bytes, byte[]> kv = it.next();
                BlockReader reader = new BlockReader(DIMS);
                reader.reset(kv.value);
                while (reader.next()) {
                    byShard.computeIfAbsent(BlockKeys.shard(kv.key.get()), k -> new java.util.TreeSet<>())
                            .add(reader.value(0, reader.ids[0]));
                }
            }
        }
        assertThat(byShard).as("64 customers spread over the shards").hasSizeGreaterThan(12);
        byShard.forEach((shard, inShard) -> assertThat(inShard)
                .allSatisfy(c -> assertThat(BlockKeys.shardOf(c)).isEqualTo(shard)));
        for (String customer : customers) {
            assertThat(scan(readOnly, "ws", Granularity.DAY, DAY, DAY + 1, new int[] {0}, new String[] {customer}))
                    .as(customer)
                    .hasSize(1);
        }
        assertThat(scan(readOnly, "ws", Granularity.DAY, DAY, DAY + 1, new int[] {1}, new String[] {"search"}))
                .hasSize(64);
    }

    @Test
    void oneCustomersSeveralRowsOfOneBlockAreAllReadThroughTheIndex() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        driver.inCommit(store -> {
            store.add("ws", DAY, 13, row("acme", "search"), delta(30));
            store.add("ws", DAY, 13, row("acme", "chat"), delta(10));
            store.add("ws", DAY, 13, row("globex", "search"), delta(5));
            store.add("ws", DAY, 13, row("globex", "onboarding"), delta(2));
        });
        Map<String, List<Long>> acme = scan(
                driver.store(), "ws", Granularity.HOUR, DAY * 24, DAY * 24 + 24, new int[] {0}, new String[] {"acme"});
        assertThat(acme).hasSize(2);
        Map<String, List<Long>> acmeDay =
                scan(driver.store(), "ws", Granularity.DAY, DAY, DAY + 1, new int[] {0}, new String[] {"acme"});
        assertThat(acmeDay).hasSize(2);
    }

    @Test
    void oneCustomersRowsInTwoBlocksOfOneDayAreAllRead() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        driver.inCommit(store -> store.add("ws", DAY, 13, row("acme", "search"), delta(30)));
        driver.inCommit(store -> {
            store.add("ws", DAY, 13, row("acme", "chat"), delta(10));
            store.add("ws", DAY, 13, row("globex", "search"), delta(5));
            store.add("ws", DAY, 13, row("globex", "onboarding"), delta(2));
        });
        assertThat(scan(driver.store(), "ws", Granularity.HOUR, DAY * 24, DAY * 24 + 24, new int[] {0}, new String[] {
                    "acme"
                }))
                .hasSize(2);
    }

    private static String[] row(String tenant, String feature) {
        String[] values = new String[DIMS];
        Arrays.fill(values, "");
        values[0] = tenant;
        values[1] = feature;
        return values;
    }

    /**
     * A backfill leaves up to 15 blocks per level in each shard's day; once the day is past and
     * idle they are merged into full blocks and one more, and every read stays the same.
     */
    @Test
    void pastDaysAreMergedOnceNothingWritesThem() {
        driver = new BlockStoreDriver(DIMS, 16 * 1024);
        CombinationBlockStore store = driver.store();
        Random random = new Random(77);
        for (int i = 0; i < 6_000; i++) {
            Event e = randomEvent(random);
            store.add(e.ws, e.day, e.hour, e.values.clone(), e.delta);
            if (random.nextInt(4) == 0) {
                store.flushCache();
            }
        }
        store.flushCache();
        ReadOnlyKeyValueStore<Bytes, byte[]> readOnly = driver.driver().getKeyValueStore(BlockStoreDriver.STORE);
        List<Map<String, List<Long>>> before = readsOf(readOnly, new Random(78));
        int blocksBefore = blocks(readOnly);

        long written = System.currentTimeMillis();
        long today = Math.floorDiv(written, 86_400_000L);
        // Yesterday's and today's blocks are not merged: they are still being written.
        for (long day : new long[] {today - 1, today}) {
            for (int i = 0; i < 20; i++) {
                store.add("ws", day, 1, randomValues(random), delta(1));
                store.flushCache();
            }
        }
        assertThat(store.consolidatePastDays(written, 1_000)).as("not idle yet").isZero();
        long idle = written + CombinationBlockStore.CONSOLIDATE_AFTER_IDLE_MILLIS;
        int merged = 0;
        for (int n; (n = store.consolidatePastDays(idle, 5)) > 0; ) {
            merged += n;
        }

        Map<String, int[]> levels = levelsInRocksDb(readOnly);
        java.util.function.Predicate<String> recent =
                k -> k.contains("/" + today + "/") || k.contains("/" + (today - 1) + "/");
        assertThat(merged)
                .isEqualTo(levels.keySet().stream().filter(recent.negate()).count());
        levels.forEach((shardDay, perLevel) -> {
            int belowFull =
                    Arrays.stream(perLevel, 0, CombinationBlockStore.FULL_LEVEL).sum();
            if (!recent.test(shardDay)) {
                assertThat(belowFull).as(shardDay).isLessThanOrEqualTo(1);
            }
        });
        assertThat(blocks(readOnly)).isLessThan((blocksBefore + 40) / 2);
        assertThat(readsOf(readOnly, new Random(78))).isEqualTo(before);

        // Written again (a late event): merged again later; counters derived again meanwhile.
        String[] values = randomValues(random);
        store.add("ws", DAY, 3, values, delta(1));
        store.flushCache();
        assertThat(store.consolidatePastDays(idle, 5)).as("just written").isZero();
        long twoDaysLater = System.currentTimeMillis() + 2 * 86_400_000L;
        while (store.consolidatePastDays(twoDaysLater, 5) > 0) {
            // the late-written day, and yesterday's and today's, now past
        }
        String lateShardDay = "ws/" + DAY + "/" + BlockKeys.shardOf(values[0] == null ? "" : values[0]);
        assertThat(levelsInRocksDb(readOnly)).containsKey(lateShardDay);
        assertThat(levelsInRocksDb(readOnly).values().stream()
                        .mapToInt(l -> Arrays.stream(l, 0, CombinationBlockStore.FULL_LEVEL)
                                .sum()))
                .allMatch(n -> n <= 1);
    }

    /**
     * The consolidation runs every second: with nothing due it leaves the pending rows to the
     * commit, or it would add a flush of the blocks between commits.
     */
    @Test
    void consolidationWithNothingDueLeavesThePendingRowsToTheCommit() {
        driver = new BlockStoreDriver(DIMS, 16 * 1024);
        CombinationBlockStore store = driver.store();
        Random random = new Random(79);
        long now = System.currentTimeMillis();
        long today = Math.floorDiv(now, 86_400_000L);
        store.add("ws", today - 5, 1, randomValues(random), delta(1));
        store.flushCache();
        store.add("ws", today, 2, randomValues(random), delta(1));

        assertThat(store.consolidatePastDays(now, 5))
                .as("a past day, but written just now")
                .isZero();
        assertThat(store.pendingRows()).isEqualTo(1);

        store.add("ws", today - 5, 1, randomValues(random), delta(1));
        store.flushCache();
        // The store stamps a day with the wall clock of its flush: idle from then on.
        long idle = System.currentTimeMillis() + CombinationBlockStore.CONSOLIDATE_AFTER_IDLE_MILLIS;
        store.add("ws", today, 3, randomValues(random), delta(1));
        assertThat(store.consolidatePastDays(idle, 5)).as("idle since").isPositive();
        assertThat(store.pendingRows()).as("written first when a day is due").isZero();
    }

    private static int blocks(ReadOnlyKeyValueStore<Bytes, byte[]> store) {
        return levelsInRocksDb(store).values().stream()
                .mapToInt(l -> Arrays.stream(l).sum())
                .sum();
    }

    private static List<Map<String, List<Long>>> readsOf(ReadOnlyKeyValueStore<Bytes, byte[]> store, Random random) {
        List<Map<String, List<Long>>> reads = new ArrayList<>();
        for (int q = 0; q < 40; q++) {
            String ws = random.nextBoolean() ? "ws" : "ws1";
            Granularity g = random.nextBoolean() ? Granularity.HOUR : Granularity.DAY;
            long from = g == Granularity.DAY ? DAY : DAY * 24;
            long to = g == Granularity.DAY ? DAY + 4 : (DAY + 4) * 24;
            int n = random.nextInt(3);
            int[] positions = new int[n];
            String[] wanted = new String[n];
            for (int f = 0; f < n; f++) {
                positions[f] = random.nextInt(DIMS);
                wanted[f] = value(random, positions[f]);
            }
            reads.add(scan(store, ws, g, from, to, positions, wanted));
        }
        return reads;
    }

    @Test
    void tooManyPendingRowsAreWrittenEarlyAsOneBlock() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES, 3);
        CombinationBlockStore store = driver.store();
        store.add("ws", DAY, 1, row("acme", "a"), delta(1));
        store.add("ws", DAY, 2, row("acme", "b"), delta(1));
        assertThat(store.pendingRows()).isEqualTo(2);
        assertThat(store.levelCounts("ws", DAY)).as("nothing written yet").isNull();

        store.add("ws", DAY, 3, row("acme", "c"), delta(1));

        assertThat(store.pendingRows()).isZero();
        assertThat(store.levelCounts("ws", DAY)[0]).isEqualTo(1);
    }

    /** A direct write of a block key (a repair tool) makes the counters be read again. */
    @Test
    void aDirectDeleteOfABlockIsCountedAtTheNextFlush() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        String[] values = new String[DIMS];
        for (int n = 0; n < 20; n++) {
            store.add("ws", DAY, 0, values, delta(1));
            store.flushCache();
        }
        assertThat(Arrays.copyOf(store.levelCounts("ws", DAY), 2)).containsExactly(4, 1);

        byte[] ws = BlockKeys.workspace("ws");
        assertThat(store.delete(Bytes.wrap(BlockKeys.block(ws, BlockKeys.shardOf(""), DAY, 0, 19))))
                .isNotNull();
        store.add("ws", DAY, 0, values, delta(1));
        store.flushCache();

        assertThat(Arrays.copyOf(store.levelCounts("ws", DAY), 2)).containsExactly(4, 1);
        assertThat(levelsInRocksDb(store).get("ws/" + DAY + "/" + BlockKeys.shardOf(""))[0])
                .isEqualTo(4);
        assertThat(scan(store, "ws", Granularity.DAY, DAY, DAY + 1, new int[0], new String[0])
                        .values())
                .containsExactly(java.util.Collections.nCopies(Row.MEASURES, 20L));
    }

    @Test
    void theWritersReadOfABlockKeyWritesThePendingRowsAndOfMetadataDoesNot() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        store.add("ws", DAY, 0, new String[DIMS], delta(1));
        Bytes layout = Bytes.wrap(new byte[] {BlockKeys.TAG_META, 'l', 'a', 'y', 'o', 'u', 't'});
        store.put(layout, new byte[] {2});
        store.add("ws", DAY, 1, new String[DIMS], delta(1));

        assertThat(store.get(layout)).containsExactly(2);
        assertThat(store.pendingRows()).isEqualTo(1);

        byte[] block =
                store.get(Bytes.wrap(BlockKeys.block(BlockKeys.workspace("ws"), BlockKeys.shardOf(""), DAY, 0, 1)));

        assertThat(store.pendingRows()).isZero();
        assertThat(block).isNotNull();
        assertThat(Arrays.copyOf(store.levelCounts("ws", DAY), 1)).containsExactly(2);
    }

    @Test
    void clearCacheDropsWhatWasNotWritten() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        String[] values = new String[DIMS];
        values[0] = "acme";
        store.add("ws", DAY, 3, values, delta(2));
        store.flushCache();
        store.add("ws", DAY, 3, values, delta(5));

        store.clearCache();

        assertThat(store.pendingRows()).isZero();
        Map<String, List<Long>> rows =
                scan(store, "ws", Granularity.HOUR, DAY * 24, DAY * 24 + 24, new int[0], new String[0]);
        assertThat(rows.values()).containsExactly(java.util.Collections.nCopies(Row.MEASURES, 2L));
    }

    @Test
    void aRowReceivedOutsideTheHourlyHorizonCountsForItsDayOnly() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        String[] values = new String[DIMS];
        store.add("ws", DAY, CombinationBlockStore.HOUR_UNKNOWN, values, delta(4));
        store.add("ws", DAY, 23, values, delta(1));

        assertThat(scan(store, "ws", Granularity.HOUR, DAY * 24, DAY * 24 + 24, new int[0], new String[0]))
                .containsOnlyKeys((DAY * 24 + 23) + "|" + "\u0000".repeat(DIMS - 1));
        assertThat(scan(store, "ws", Granularity.DAY, DAY, DAY + 1, new int[] {4}, new String[] {""})
                        .values())
                .containsExactly(java.util.Collections.nCopies(Row.MEASURES, 5L));
    }

    @Test
    void aWorkspaceNeverReadsTheBlocksOfAnotherWhoseIdItPrefixes() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        String[] values = new String[DIMS];
        Arrays.fill(values, "same");
        store.add("ws", DAY, 0, values, delta(1));
        store.add("ws1", DAY, 0, values, delta(10));
        store.add("w", DAY, 0, values, delta(100));
        store.flushCache();

        for (String ws : List.of("w", "ws", "ws1")) {
            long calls = ws.equals("w") ? 100 : ws.equals("ws") ? 1 : 10;
            assertThat(scan(store, ws, Granularity.DAY, 0, BlockKeys.MAX_DAY, new int[] {0}, new String[] {"same"})
                            .values())
                    .as(ws)
                    .containsExactly(java.util.Collections.nCopies(Row.MEASURES, calls));
        }
    }

    /** Interactive queries ask for a key-value store of bytes: the outermost store must be one. */
    @Test
    void interactiveQueriesReadItAsAKeyValueStoreOfBytes() {
        driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES);
        CombinationBlockStore store = driver.store();
        assertThat(QueryableStoreTypes.<Bytes, byte[]>keyValueStore().accepts(store))
                .isTrue();
        String[] values = new String[DIMS];
        values[1] = "search";
        driver.inCommit(s -> s.add("ws", DAY, 9, values, delta(3)));

        ReadOnlyKeyValueStore<Bytes, byte[]> readOnly = driver.driver().getKeyValueStore(BlockStoreDriver.STORE);
        assertThat(scan(readOnly, "ws", Granularity.HOUR, DAY * 24 + 9, DAY * 24 + 10, new int[] {1}, new String[] {
                    "search"
                }))
                .hasSize(1);
    }

    private static Event randomEvent(Random random) {
        String ws = random.nextBoolean() ? "ws" : "ws1";
        long day = DAY + random.nextInt(4);
        int hour = random.nextInt(12) == 0 ? CombinationBlockStore.HOUR_UNKNOWN : random.nextInt(24);
        String[] values = randomValues(random);
        long[] delta = new long[Row.MEASURES];
        for (int i = 0; i < delta.length; i++) {
            delta[i] = random.nextInt(8) == 0 ? -random.nextInt(1_000) : random.nextLong() >> 20;
        }
        String[] attributed = Arrays.stream(values).map(v -> v == null ? "" : v).toArray(String[]::new);
        return new Event(ws, day, hour, values, attributed, String.join("\u0000", attributed), delta);
    }

    private static String[] randomValues(Random random) {
        String[] values = new String[DIMS];
        for (int d = 0; d < DIMS; d++) {
            values[d] = random.nextInt(15) == 0 ? null : value(random, d);
        }
        return values;
    }

    private static String value(Random random, int d) {
        return d == 7 ? "user-" + random.nextInt(40) : POOL[random.nextInt(POOL.length)];
    }

    private static long[] delta(long v) {
        long[] delta = new long[Row.MEASURES];
        Arrays.fill(delta, v);
        return delta;
    }

    /** The scan's rows added up per (bucket, values), as "bucket|v0\0v1…" → measures. */
    private static Map<String, List<Long>> scan(
            ReadOnlyKeyValueStore<Bytes, byte[]> store,
            String ws,
            Granularity g,
            long from,
            long to,
            int[] positions,
            String[] wanted) {
        Map<String, long[]> sums = new TreeMap<>();
        CombinationBlocks.scan(store, ws, g, from, to, DIMS, positions, wanted, (granularity, bucket, values, r) -> {
            assertThat(granularity).isEqualTo(g);
            assertThat(bucket).isGreaterThanOrEqualTo(from).isLessThan(to);
            add(sums, bucket + "|" + String.join("\u0000", values), measures(r));
        });
        return boxed(sums);
    }

    private static Map<String, List<Long>> expected(
            List<Event> events, String ws, Granularity g, long from, long to, int[] positions, String[] wanted) {
        Map<String, long[]> sums = new TreeMap<>();
        for (Event e : events) {
            if (!e.ws.equals(ws)) {
                continue;
            }
            long bucket = g == Granularity.DAY ? e.day : e.day * 24 + e.hour;
            if ((g == Granularity.HOUR && e.hour == CombinationBlockStore.HOUR_UNKNOWN)
                    || bucket < from
                    || bucket >= to) {
                continue;
            }
            String[] values =
                    Arrays.stream(e.values).map(v -> v == null ? "" : v).toArray(String[]::new);
            boolean matches = true;
            for (int f = 0; f < positions.length; f++) {
                matches &= values[positions[f]].equals(wanted[f]);
            }
            if (matches) {
                add(sums, bucket + "|" + String.join("\u0000", values), e.delta);
            }
        }
        return boxed(sums);
    }

    private static void add(Map<String, long[]> sums, String key, long[] m) {
        long[] sum = sums.computeIfAbsent(key, k -> new long[Row.MEASURES]);
        for (int i = 0; i < m.length; i++) {
            sum[i] += m[i];
        }
    }

    private static long[] measures(Rollup r) {
        long[] m = new long[Row.MEASURES];
        r.copyInto(m);
        return m;
    }

    private static Map<String, List<Long>> boxed(Map<String, long[]> sums) {
        Map<String, List<Long>> boxed = new TreeMap<>();
        sums.forEach((k, v) -> boxed.put(k, Arrays.stream(v).boxed().toList()));
        return boxed;
    }

    /** Blocks per level of each "ws/day/shard", from the keys in RocksDB. */
    private static Map<String, int[]> levelsInRocksDb(ReadOnlyKeyValueStore<Bytes, byte[]> store) {
        Map<String, int[]> levels = new HashMap<>();
        try (KeyValueIterator<Bytes, byte[]> it = store.all()) {
            while (it.hasNext()) {
                byte[] key = it.next().key.get();
                if (key[0] != BlockKeys.TAG_BLOCK) {
                    continue;
                }
                String ws = new String(key, 2, key[1], java.nio.charset.StandardCharsets.UTF_8);
                levels.computeIfAbsent(
                                ws + "/" + BlockKeys.day(key) + "/" + BlockKeys.shard(key),
                                k -> new int[CombinationBlockStore.FULL_LEVEL + 1])[BlockKeys.level(key)]++;
            }
        }
        return levels;
    }
}
