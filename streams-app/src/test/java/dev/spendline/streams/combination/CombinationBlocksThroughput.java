package dev.spendline.streams.combination;

import dev.spendline.streams.rollup.Granularity;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A quick throughput check, not part of the test run (run it by name:
 * {@code -Dtest=CombinationBlocksThroughput}): the seeded mix of the bench (1,000 skewed tenants,
 * 5,000 users, 50 features, 12 models), 1,700 events a commit (100 ms at the live rate), one
 * workspace and day, real RocksDB under a TopologyTestDriver (its changelog producer is a mock).
 */
class CombinationBlocksThroughput {

    private static final int DIMS = 10;
    private static final long DAY = 20_400;

    @Test
    void foldFlushAndScan() {
        try (BlockStoreDriver driver = new BlockStoreDriver(DIMS, CombinationBlockStore.MAX_BLOCK_BYTES)) {
            CombinationBlockStore store = driver.store();
            Random random = new Random(14);
            String[][] pools = {
                names("tenant-", 1_000),
                names("feature-", 50),
                names("model-", 12),
                names("provider-", 3),
                names("agent-", 20),
                names("workflow-", 10),
                names("tool-", 15),
                names("user-", 5_000),
                {"success", "error"},
                {"", "resolved", "escalated", "abandoned"}
            };
            String[] values = new String[DIMS];
            long[] delta = {1_234_567, 1, 800, 200, 0, 0, 0, 0, 900, 1, 0, 0};
            int commits = 400;
            int perCommit = 1_700;
            long foldNanos = 0;
            long flushNanos = 0;
            long records = 0;
            long bytes = 0;
            for (int c = 0; c < commits; c++) {
                int commit = c;
                long[] times = new long[3];
                driver.inCommit(s -> {
                    times[0] = System.nanoTime();
                    for (int i = 0; i < perCommit; i++) {
                        for (int d = 0; d < DIMS; d++) {
                            String[] pool = pools[d];
                            // Skewed tenants and users: the square of a uniform draw favours low ids.
                            double u = random.nextDouble();
                            int index = d == 0 || d == 7 ? (int) (u * u * pool.length) : random.nextInt(pool.length);
                            values[d] = (d == 4 || d == 5 || d == 6) && random.nextInt(3) == 0 ? null : pool[index];
                        }
                        s.add("ws_k3jw8d0a9s8d7f6g5h4j", DAY, 10 + commit / 150, values, delta);
                    }
                    times[1] = System.nanoTime();
                    s.flushCache();
                    times[2] = System.nanoTime();
                });
                foldNanos += times[1] - times[0];
                flushNanos += times[2] - times[1];
                for (var kv : driver.changelog()) {
                    records++;
                    bytes += kv.value == null ? 0 : kv.value.length;
                }
            }
            long events = (long) commits * perCommit;
            int[] levels = store.levelCounts("ws_k3jw8d0a9s8d7f6g5h4j", DAY);
            System.out.printf(
                    "THROUGHPUT %d events: fold %.2f us/event, flush+compaction %.2f us/event, %.4f changelog records/event, %.1f changelog bytes/event, levels %s%n",
                    events,
                    foldNanos / 1e3 / events,
                    flushNanos / 1e3 / events,
                    (double) records / events,
                    (double) bytes / events,
                    java.util.Arrays.toString(levels));

            for (int round = 0; round < 3; round++) {
                scan(store, "no filter", new int[0], new String[0]);
                scan(store, "tenant", new int[] {0}, new String[] {"tenant-3"});
                scan(store, "user", new int[] {7}, new String[] {"user-4321"});
                scan(store, "feature+model", new int[] {1, 2}, new String[] {"feature-7", "model-3"});
            }
        }
    }

    private static void scan(CombinationBlockStore store, String what, int[] positions, String[] wanted) {
        long[] rows = new long[1];
        long t0 = System.nanoTime();
        CombinationBlocks.scan(
                store,
                "ws_k3jw8d0a9s8d7f6g5h4j",
                Granularity.DAY,
                DAY,
                DAY + 1,
                DIMS,
                positions,
                wanted,
                (g, bucket, values, rollup) -> rows[0]++);
        long t1 = System.nanoTime();
        System.out.printf("THROUGHPUT scan of a day, %s: %d rows matched in %.1f ms%n", what, rows[0], (t1 - t0) / 1e6);
    }

    private static String[] names(String prefix, int n) {
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = prefix + i;
        }
        return names;
    }
}
