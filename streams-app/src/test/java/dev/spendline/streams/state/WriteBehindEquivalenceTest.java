package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.rollup.WriteBehindStoreBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The same seeded stream of updates through today's {@code WriteBehindRollupStore} (get, plus,
 * put) and through {@link AggregatingRollupStore} (add), both in a driver with a real RocksDB and
 * changelog, commits at random points, early writes and hot-value evictions on both: the stores
 * and the changelogs must end byte for byte the same.
 */
class WriteBehindEquivalenceTest {

    @Test
    void foldsTheSameStateAsTheWriteBehindStore() {
        Random random = new Random(29);
        List<String> keys = new ArrayList<>();
        String[] values = {"", "gpt-5", "日本語🚀", "user-ü" + RollupKeys.PAIR_SEP + "feature", "a"};
        for (int i = 0; i < 400; i++) {
            keys.add(RollupKeys.key(
                    "ws-" + (i % 3),
                    i % 2 == 0 ? Granularity.HOUR : Granularity.DAY,
                    i % 5 == 0 ? RollupKeys.TOTAL : "tn",
                    490_000 + i % 7,
                    values[i % values.length] + i));
        }
        try (StoreDriver writeBehind = new StoreDriver(new WriteBehindStoreBuilder(StoreDriver.STORE, 40, 15), false);
                StoreDriver aggregating = StoreDriver.aggregating(40, 15)) {
            List<Rollup> readsWriteBehind = new ArrayList<>();
            List<Rollup> readsAggregating = new ArrayList<>();
            int updates = 0;
            while (updates < 20_000) {
                int batch = 1 + random.nextInt(random.nextBoolean() ? 10 : 300);
                List<String> batchKeys = new ArrayList<>();
                List<long[]> batchDeltas = new ArrayList<>();
                for (int i = 0; i < batch; i++) {
                    batchKeys.add(keys.get(random.nextInt(random.nextInt(keys.size()) + 1)));
                    long[] delta = new long[AggregatingRollupStore.WIDTH];
                    for (int f = 0; f < delta.length; f++) {
                        delta[f] = random.nextInt(1_000_000) - (f == 0 ? 100_000 : 0);
                    }
                    batchDeltas.add(delta);
                }
                String probe = keys.get(random.nextInt(keys.size()));
                writeBehind.process(store -> {
                    for (int i = 0; i < batchKeys.size(); i++) {
                        Rollup current = store.get(batchKeys.get(i));
                        Rollup delta = RollupBytes.toRollup(batchDeltas.get(i));
                        store.put(batchKeys.get(i), current == null ? delta : current.plus(delta));
                    }
                    readsWriteBehind.add(store.get(probe));
                });
                aggregating.aggregate(store -> {
                    KeyBuilder key = new KeyBuilder(8);
                    for (int i = 0; i < batchKeys.size(); i++) {
                        key.reset().put(batchKeys.get(i).getBytes(StandardCharsets.UTF_8));
                        store.add(key, batchDeltas.get(i));
                    }
                    readsAggregating.add(store.get(probe));
                });
                updates += batch;
            }

            assertThat(readsAggregating).isEqualTo(readsWriteBehind);
            assertThat(contents(aggregating.store())).hasSizeGreaterThan(300).isEqualTo(contents(writeBehind.store()));
            List<KeyValue<String, byte[]>> logAggregating = aggregating.changelog();
            List<KeyValue<String, byte[]>> logWriteBehind = writeBehind.changelog();
            assertThat(logAggregating)
                    .as("each store writes each changed key once per commit or early write")
                    .hasSameSizeAs(logWriteBehind);
            assertThat(lastValues(logAggregating)).isEqualTo(lastValues(logWriteBehind));
        }
    }

    private static List<KeyValue<String, Rollup>> contents(KeyValueStore<String, Rollup> store) {
        List<KeyValue<String, Rollup>> all = new ArrayList<>();
        try (KeyValueIterator<String, Rollup> it = store.all()) {
            it.forEachRemaining(all::add);
        }
        return all;
    }

    private static Map<String, String> lastValues(List<KeyValue<String, byte[]>> changelog) {
        Map<String, String> last = new LinkedHashMap<>();
        changelog.forEach(kv -> last.put(kv.key, HexFormat.of().formatHex(kv.value)));
        return new java.util.TreeMap<>(last);
    }
}
