package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.rollup.Rollup;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.StateRestoreCallback;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.internals.RecordBatchingStateRestoreCallback;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The changelog of delta records and checkpoints restores exactly the state that wrote it, as it
 * was written and after any compaction Kafka's log cleaner may have done: a seeded stream of
 * additions, deletes, early merges and hot-value evictions goes through a store in a driver (real
 * RocksDB, commits at random points); its changelog is then compacted at random cut points, as the
 * cleaner would (per key, only the last record of the cleaned part is kept, tombstones maybe
 * dropped), and replayed in random batch sizes into a new store through the restore callback that
 * Kafka Streams would call, into a real RocksDB.
 */
class DeltaChangelogRestoreTest {

    private static final String TOPIC = StoreDriver.CHANGELOG;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aReplayOfTheChangelogCompactedOrNotGivesTheStoresValues(long seed) throws IOException {
        Random random = new Random(seed);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            keys.add("ws-" + (i % 3) + "\0h\0tn\0" + (i % 2 == 0 ? "日本" : "") + i);
        }
        Map<String, Rollup> expected;
        List<KeyValue<byte[], byte[]>> log;
        try (StoreDriver driver = StoreDriver.withCheckpointsEvery(
                1 + random.nextInt(5), 20 + random.nextInt(200), 5 + random.nextInt(60))) {
            for (int round = 0; round < 250; round++) {
                int adds = random.nextInt(random.nextBoolean() ? 8 : 120);
                long base = round * 1_000L;
                driver.aggregate(store -> {
                    KeyBuilder key = new KeyBuilder(16);
                    for (int i = 0; i < adds; i++) {
                        String k = keys.get(random.nextInt(random.nextInt(keys.size()) + 1));
                        store.add(
                                key.reset().put(k.getBytes(StandardCharsets.UTF_8)),
                                AggregatingRollupStoreTest.delta(base + i - 300));
                    }
                    if (random.nextInt(20) == 0) {
                        store.delete(keys.get(random.nextInt(keys.size())));
                    }
                });
            }
            expected = contents(driver.store().all());
            log = driver.rawChangelog();
        }
        assertThat(expected).hasSizeGreaterThan(100);
        assertThat(log.stream().filter(kv -> DeltaRecords.isDeltaKey(kv.key) && kv.value != null))
                .as("delta records")
                .isNotEmpty();

        assertThat(restore(log, random)).as("the changelog as written").isEqualTo(expected);
        List<KeyValue<byte[], byte[]>> compacted = log;
        for (int pass = 0; pass < 3; pass++) {
            compacted = compact(compacted, random.nextInt(compacted.size() + 1), random.nextBoolean());
            assertThat(restore(compacted, random))
                    .as("after compaction pass " + pass)
                    .isEqualTo(expected);
        }
        assertThat(compacted.size()).as("the cleaner had something to drop").isLessThan(log.size());
    }

    /**
     * One pass of the log cleaner over {@code [0, cut)} (the segments before the active one): a
     * record is dropped when a later record of its key is in that part; a tombstone that is its
     * key's last record there is dropped too when {@code dropTombstones} (its retention passed).
     */
    static List<KeyValue<byte[], byte[]>> compact(List<KeyValue<byte[], byte[]>> log, int cut, boolean dropTombstones) {
        Map<Bytes, Integer> last = new HashMap<>();
        for (int i = 0; i < cut; i++) {
            last.put(Bytes.wrap(log.get(i).key), i);
        }
        List<KeyValue<byte[], byte[]>> kept = new ArrayList<>();
        for (int i = 0; i < log.size(); i++) {
            KeyValue<byte[], byte[]> r = log.get(i);
            if (i < cut) {
                int lastOfKey = last.get(Bytes.wrap(r.key));
                if (lastOfKey > i || (r.value == null && dropTombstones)) {
                    continue;
                }
            }
            kept.add(r);
        }
        return kept;
    }

    /** A new store, restored from {@code log} in batches of random sizes, read back. */
    private static Map<String, Rollup> restore(List<KeyValue<byte[], byte[]>> log, Random random) throws IOException {
        File dir = Files.createTempDirectory("spendline-restore-").toFile();
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "restore-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        MockProcessorContext<Void, Void> mock = new MockProcessorContext<>(config, new TaskId(0, 0), dir);
        StateStoreContext kafkaStreams = mock.getStateStoreContext();
        StateRestoreCallback[] registered = new StateRestoreCallback[1];
        // Kafka Streams' test context, seen through a wrapper that keeps the callback the store registers.
        StateStoreContext capturing = new DeltaRestoringContext(kafkaStreams, callback -> {
            registered[0] = callback;
            return callback;
        });
        AggregatingRollupStore store = new AggregatingRollupStoreBuilder(StoreDriver.STORE, 100, 100).build();
        store.init(capturing, store);
        try {
            RecordBatchingStateRestoreCallback callback = (RecordBatchingStateRestoreCallback) registered[0];
            assertThat(callback).isInstanceOf(DeltaRestoreCallback.class);
            for (int from = 0; from < log.size(); ) {
                int to = Math.min(log.size(), from + 1 + random.nextInt(40));
                List<ConsumerRecord<byte[], byte[]>> batch = new ArrayList<>();
                for (int i = from; i < to; i++) {
                    batch.add(new ConsumerRecord<>(TOPIC, 0, i, log.get(i).key, log.get(i).value));
                }
                callback.restoreBatch(batch);
                from = to;
            }
            return contents(store.all());
        } finally {
            store.close();
        }
    }

    private static Map<String, Rollup> contents(KeyValueIterator<String, Rollup> it) {
        Map<String, Rollup> all = new TreeMap<>();
        try (it) {
            it.forEachRemaining(kv -> all.put(kv.key, kv.value));
        }
        return all;
    }
}
