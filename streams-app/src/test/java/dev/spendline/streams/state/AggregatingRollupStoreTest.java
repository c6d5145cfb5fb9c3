package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupSerde;
import dev.spendline.streams.testing.OtherThread;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AggregatingRollupStoreTest {

    private static final RollupSerde SERDE = new RollupSerde();

    private StoreDriver driver = StoreDriver.aggregating(1_000, 1_000);

    @AfterEach
    void close() {
        driver.close();
    }

    /** A distinct delta per {@code n}: every field differs, so a wrong field or sum shows. */
    static long[] delta(long n) {
        return new long[] {1_000 * n, 1, 10 * n, 20 * n, 3 * n, 4 * n, n % 2, n % 3, 150 * n, 1, 100 * n, n % 2};
    }

    static Rollup rollup(long... ns) {
        long[] sum = new long[AggregatingRollupStore.WIDTH];
        for (long n : ns) {
            DeltaTable.fold(sum, 0, delta(n), 0, sum.length);
        }
        return RollupBytes.toRollup(sum);
    }

    static KeyBuilder key(String key) {
        return new KeyBuilder(8).put(key.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytes(Rollup rollup) {
        return SERDE.serializer().serialize("any", rollup);
    }

    @Test
    void theWriterReadsStoredPlusPendingAndOthersReadWhatWasCommitted() {
        driver.aggregate(s -> s.add(key("a"), delta(1)));
        List<Object> seen = new ArrayList<>();
        driver.aggregate(s -> {
            s.add(key("a"), delta(2));
            s.add(key("a"), delta(3));
            s.add(key("ü-new"), delta(4));
            seen.add(s.get("a"));
            long[] into = new long[AggregatingRollupStore.WIDTH];
            seen.add(s.current(key("a"), into));
            seen.add(RollupBytes.toRollup(into));
            seen.add(s.get("ü-new"));
            seen.add(s.get("absent"));
            seen.add(s.current(key("absent"), into));
            seen.add(OtherThread.read(() -> s.get("a")));
            seen.add(OtherThread.read(() -> s.get("ü-new")));
        });

        assertThat(seen)
                .containsExactly(rollup(1, 2, 3), true, rollup(1, 2, 3), rollup(4), null, false, rollup(1), null);
        assertThat(driver.store().get("a")).isEqualTo(rollup(1, 2, 3));
    }

    @Test
    void aCommitWritesOneChangelogRecordPerDistinctKeyWithTheSum() {
        driver.aggregate(s -> {
            s.add(key("a"), delta(1));
            s.add(key("b"), delta(2));
            s.add(key("a"), delta(3));
            s.add(key("c"), delta(4));
            s.add(key("a"), delta(5));
            s.add(key("c"), delta(6));
        });
        assertThat(changelog())
                .containsExactlyInAnyOrder(
                        entry("a", rollup(1, 3, 5)), entry("b", rollup(2)), entry("c", rollup(4, 6)));

        driver.aggregate(s -> s.add(key("a"), delta(7)));
        assertThat(changelog()).containsExactly(entry("a", rollup(1, 3, 5, 7)));

        driver.aggregate(s -> {});
        assertThat(changelog()).as("nothing pending, nothing written").isEmpty();
    }

    /** The stored values are RollupSerde's bytes, so every existing reader and changelog keeps working. */
    @Test
    void writesRollupSerdesBytes() {
        driver.aggregate(s -> {
            s.add(key("ws\0h\0_\0000001f\0"), delta(9));
            s.add(key("ws\0h\0_\0000001f\0"), delta(-4));
        });
        List<KeyValue<String, byte[]>> records = driver.changelog();

        assertThat(records).hasSize(1);
        assertThat(records.get(0).key).isEqualTo("ws\0h\0_\0000001f\0");
        // Something estimated or unpriced: version 2, all twelve longs.
        assertThat(records.get(0).value).hasSize(97).isEqualTo(bytes(rollup(9, -4)));
        assertThat(records.get(0).value[0]).isEqualTo((byte) 2);
        assertThat(RollupBytes.encode(new long[] {1, -2, 3, Long.MAX_VALUE, Long.MIN_VALUE, 0, 7, 8, 9, 10, 11, 12}, 0))
                .isEqualTo(bytes(new Rollup(1, -2, 3, Long.MAX_VALUE, Long.MIN_VALUE, 0, 7, 8, 9, 10, 11, 12)));
        // Nothing estimated or unpriced: version 1, the ten longs written before version 2 existed.
        byte[] v1 = RollupBytes.encode(new long[] {1, -2, 3, Long.MAX_VALUE, Long.MIN_VALUE, 0, 7, 8, 9, 10, 0, 0}, 0);
        assertThat(v1)
                .hasSize(81)
                .isEqualTo(bytes(new Rollup(1, -2, 3, Long.MAX_VALUE, Long.MIN_VALUE, 0, 7, 8, 9, 10)));
        assertThat(v1[0]).isEqualTo((byte) 1);
        assertThat(RollupBytes.toRollup(v1))
                .isEqualTo(new Rollup(1, -2, 3, Long.MAX_VALUE, Long.MIN_VALUE, 0, 7, 8, 9, 10));
    }

    @Test
    void clearCacheDropsThePendingDeltas() {
        driver.aggregate(s -> s.add(key("a"), delta(1)));
        changelog();
        List<Rollup> seen = new ArrayList<>();
        driver.aggregate(s -> {
            s.add(key("a"), delta(2));
            s.add(key("b"), delta(3));
            s.clearCache();
            seen.add(s.get("a"));
            seen.add(s.get("b"));
        });

        assertThat(seen).containsExactly(rollup(1), null);
        assertThat(changelog()).isEmpty();
        assertThat(driver.store().get("a")).isEqualTo(rollup(1));
    }

    @Test
    void tooManyPendingKeysAreMergedEarly() {
        driver.close();
        driver = StoreDriver.aggregating(3, 10);
        List<Object> seen = new ArrayList<>();
        driver.aggregate(s -> {
            s.add(key("a"), delta(1));
            s.add(key("b"), delta(2));
            s.add(key("a"), delta(3));
            seen.add(OtherThread.read(() -> s.get("a")));
            s.add(key("c"), delta(4));
            seen.add(OtherThread.read(() -> s.get("a")));
            seen.add(OtherThread.read(() -> s.get("c")));
            s.add(key("a"), delta(5));
            seen.add(s.get("a"));
            seen.add(s.earlyMerges());
        });

        assertThat(seen).containsExactly(null, rollup(1, 3), rollup(4), rollup(1, 3, 5), 1L);
        assertThat(changelog())
                .containsExactlyInAnyOrder(
                        entry("a", rollup(1, 3)),
                        entry("b", rollup(2)),
                        entry("c", rollup(4)),
                        entry("a", rollup(1, 3, 5)));
    }

    /** The event path: folding into pending keys allocates nothing (no boxing, no strings, no objects). */
    @Test
    void addAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] allocated = new long[2];
        driver.aggregate(s -> {
            KeyBuilder[] keys = new KeyBuilder[900];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = new KeyBuilder(64)
                        .putAscii("ws-1")
                        .put((byte) 0)
                        .putAscii("h")
                        .put((byte) 0);
                keys[i].putAscii("tn").put((byte) 0).putHex8(490_000 + i % 24).put((byte) 0);
                keys[i].put(("tenant-" + i).getBytes(StandardCharsets.UTF_8));
            }
            long[] d = delta(1);
            for (int round = 0; round < 300; round++) {
                for (KeyBuilder k : keys) {
                    s.add(k, d);
                }
            }
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int round = 0; round < 100; round++) {
                for (KeyBuilder k : keys) {
                    s.add(k, d);
                }
            }
            allocated[0] = threads.getCurrentThreadAllocatedBytes() - before;
            allocated[1] = before;
        });
        assertThat(allocated[1]).as("the JVM measures allocations").isPositive();
        assertThat(allocated[0]).as("bytes allocated by 90,000 adds").isLessThan(4_096);
        long[] sum = new long[AggregatingRollupStore.WIDTH];
        for (int i = 0; i < 400; i++) {
            DeltaTable.fold(sum, 0, delta(1), 0, sum.length);
        }
        assertThat(driver.store().get("ws-1\0h\0tn\0" + "00077a10\0tenant-0")).isEqualTo(RollupBytes.toRollup(sum));
    }

    /** The waste baselines range-read rollups on the stream thread: they must see what get sees. */
    @Test
    void theWritersRangeReadsSeeItsPendingDeltasAndOthersDoNot() {
        driver.aggregate(s -> {
            s.add(key("a"), delta(1));
            s.add(key("b"), delta(2));
        });
        List<List<String>> seen = new ArrayList<>();
        driver.aggregate(s -> {
            s.add(key("a"), delta(3));
            s.add(key("c"), delta(4));
            seen.add(OtherThread.read(() -> calls(s.all())));
            seen.add(calls(s.range("a", "b")));
            seen.add(calls(s.reverseRange("a", "c")));
            seen.add(calls(s.all()));
            seen.add(calls(s.reverseAll()));
            seen.add(calls(s.prefixScan("c", Serdes.String().serializer())));
            seen.add(calls(s.range(null, "a")));
            seen.add(calls(s.range("b", null)));
        });

        assertThat(seen)
                .containsExactly(
                        List.of("a=1000", "b=2000"),
                        List.of("a=4000", "b=2000"),
                        List.of("c=4000", "b=2000", "a=4000"),
                        List.of("a=4000", "b=2000", "c=4000"),
                        List.of("c=4000", "b=2000", "a=4000"),
                        List.of("c=4000"),
                        List.of("a=4000"),
                        List.of("b=2000", "c=4000"));
    }

    @Test
    void deleteRemovesPendingAndStoredValues() {
        driver.aggregate(s -> s.add(key("a"), delta(1)));
        changelog();
        List<Rollup> seen = new ArrayList<>();
        driver.aggregate(s -> {
            s.add(key("a"), delta(2));
            s.add(key("b"), delta(3));
            seen.add(s.delete("a"));
            seen.add(s.get("a"));
            s.add(key("a"), delta(4));
            seen.add(s.get("a"));
        });

        assertThat(seen).containsExactly(rollup(1, 2), null, rollup(4));
        List<KeyValue<String, byte[]>> records = driver.changelog();
        assertThat(records).extracting(kv -> kv.key).containsExactlyInAnyOrder("a", "b", "a", "a");
        assertThat(records.stream().filter(kv -> kv.value == null).count())
                .as("one tombstone")
                .isEqualTo(1);
        assertThat(driver.store().get("a")).isEqualTo(rollup(4));
    }

    @Test
    void putReplacesTheValueWithThePendingDeltaMergedFirst() {
        Rollup replaced = new Rollup(5, 5, 5, 5, 5, 5, 5, 5, 5, 5);
        List<Rollup> seen = new ArrayList<>();
        driver.aggregate(s -> {
            s.add(key("a"), delta(1));
            s.put("a", replaced);
            seen.add(s.get("a"));
            s.add(key("a"), delta(2));
            seen.add(s.get("a"));
            seen.add(s.putIfAbsent("a", Rollup.EMPTY));
            seen.add(s.putIfAbsent("new", replaced));
            seen.add(s.get("new"));
        });

        long[] expected = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 0}; // "replaced" has nothing estimated or unpriced
        DeltaTable.fold(expected, 0, delta(2), 0, expected.length);
        assertThat(seen)
                .containsExactly(
                        replaced, RollupBytes.toRollup(expected), RollupBytes.toRollup(expected), null, replaced);
        assertThat(driver.store().get("a")).isEqualTo(RollupBytes.toRollup(expected));
    }

    /** Merges start from the hot values; evicted keys are read back from RocksDB and sum the same. */
    @Test
    void keysEvictedFromTheHotValuesAreReadBackFromRocksDb() {
        driver.close();
        driver = StoreDriver.aggregating(1_000, 2);
        for (int round = 1; round <= 3; round++) {
            long n = round;
            driver.aggregate(s -> {
                for (String k : List.of("a", "b", "c", "d", "e")) {
                    s.add(key(k), delta(n));
                }
            });
        }
        for (String k : List.of("a", "b", "c", "d", "e")) {
            assertThat(driver.store().get(k)).as(k).isEqualTo(rollup(1, 2, 3));
        }
    }

    /**
     * Interactive queries find the registered store by name as a read-only key-value store of
     * rollups; processors get Kafka Streams' decorator around it, which {@code of} unwraps.
     */
    @Test
    void isQueryableAsAKeyValueStoreOfRollups() {
        driver.aggregate(s -> s.add(key("a"), delta(1)));
        assertThat(driver.store()).isInstanceOf(AggregatingRollupStore.class);
        assertThat(QueryableStoreTypes.<String, Rollup>keyValueStore().accepts(driver.store()))
                .isTrue();
        assertThat(driver.store().get("a")).isEqualTo(rollup(1));
        assertThat(driver.store().approximateNumEntries()).isEqualTo(1);

        List<String> unwrapped = new ArrayList<>();
        driver.process(s -> unwrapped.add(s.getClass().getSimpleName() + "->"
                + AggregatingRollupStore.of(s).getClass().getSimpleName()));
        assertThat(unwrapped).containsExactly("KeyValueStoreReadWriteDecorator->AggregatingRollupStore");
        assertThatThrownBy(() -> new AggregatingRollupStoreBuilder("x", 1, 1).withCachingEnabled())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    private List<String> changelog() {
        List<String> records = new ArrayList<>();
        driver.changelog()
                .forEach(kv -> records.add(kv.key + "=" + SERDE.deserializer().deserialize("any", kv.value)));
        return records;
    }

    private static String entry(String key, Rollup value) {
        return key + "=" + value;
    }

    private static List<String> calls(KeyValueIterator<String, Rollup> it) {
        List<String> values = new ArrayList<>();
        try (it) {
            it.forEachRemaining(kv -> values.add(kv.key + "=" + kv.value.costNanos()));
        }
        return values;
    }
}
