package dev.spendline.streams.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.testing.OneStoreDriver;
import dev.spendline.streams.testing.OtherThread;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.LongSerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The write-back store in a TopologyTestDriver: real RocksDB, a real changelog, a commit after each action. */
class WriteBackStoreTest {

    private OneStoreDriver<WriteBackStore<Long>> driver = driver(100);

    private static OneStoreDriver<WriteBackStore<Long>> driver(int maxPending) {
        return new OneStoreDriver<>(
                "write-back-test",
                new WriteBackStoreBuilder<>("counts", Serdes.Long(), maxPending),
                WriteBackStore::of);
    }

    @AfterEach
    void close() {
        driver.close();
    }

    /** The key's value as an interactive query reads it (from another thread), after the last commit. */
    private Long committed(String key) {
        AtomicReference<Long> seen = new AtomicReference<>();
        driver.process(s -> seen.set(OtherThread.read(() -> s.get(key))));
        return seen.get();
    }

    private Map<String, Long> changelog() {
        Map<String, Long> last = new TreeMap<>();
        for (KeyValue<byte[], byte[]> kv : driver.changelogRecords()) {
            last.put(new String(kv.key, StandardCharsets.UTF_8), new LongDeserializer().deserialize("t", kv.value));
        }
        return last;
    }

    @Test
    void theWriterSeesItsWritesOthersWhatWasCommittedAndEachKeyIsLoggedOncePerCommit() {
        driver.process(s -> s.put("a", 1L));
        assertThat(changelog()).containsExactly(Map.entry("a", 1L));

        List<Object> seen = new ArrayList<>();
        driver.process(s -> {
            for (long i = 2; i <= 5; i++) {
                s.put("a", s.get("a") + 1);
            }
            s.put("ü", 7L);
            seen.add(s.get("a"));
            seen.add(s.get("ü"));
            seen.add(OtherThread.read(() -> s.get("a")));
            seen.add(OtherThread.read(() -> s.get("ü")));
        });
        assertThat(seen).containsExactly(5L, 7L, 1L, null);
        assertThat(changelog()).containsExactly(Map.entry("a", 5L), Map.entry("ü", 7L));
        assertThat(committed("a")).isEqualTo(5L);
    }

    @Test
    void aCommitLogsTheLastValueOfEachKeyOnce() {
        driver.process(s -> {
            s.put("a", 1L);
            s.put("a", 2L);
            s.put("b", 3L);
        });
        List<KeyValue<byte[], byte[]>> records = driver.changelogRecords();
        assertThat(records).hasSize(2);
        Map<String, Long> last = new TreeMap<>();
        records.forEach(kv -> last.put(
                new String(kv.key, StandardCharsets.UTF_8), new LongDeserializer().deserialize("t", kv.value)));
        assertThat(last).containsExactly(Map.entry("a", 2L), Map.entry("b", 3L));
        assertThat(committed("a")).isEqualTo(2L);
    }

    /** The bytes of Kafka's own String/Long store: state of the cached store of earlier versions reads as it is. */
    @Test
    void storesAndLogsTheBytesOfKafkasStringAndLongSerdes() {
        driver.process(s -> s.put("ws_1\u00002026-11", 42L));
        List<KeyValue<byte[], byte[]>> records = driver.changelogRecords();
        assertThat(records).hasSize(1);
        assertThat(records.get(0).key).isEqualTo("ws_1\u00002026-11".getBytes(StandardCharsets.UTF_8));
        assertThat(records.get(0).value).isEqualTo(new LongSerializer().serialize("t", 42L));
    }

    @Test
    void aDeleteIsATombstoneAndReadsAsAbsent() {
        driver.process(s -> s.put("a", 1L));
        changelog();
        List<Object> seen = new ArrayList<>();
        driver.process(s -> {
            seen.add(s.delete("a"));
            seen.add(s.get("a"));
            seen.add(s.putIfAbsent("a", 9L));
            seen.add(s.get("a"));
            seen.add(s.delete("a"));
        });
        assertThat(seen).containsExactly(1L, null, null, 9L, 9L);
        List<KeyValue<byte[], byte[]>> records = driver.changelogRecords();
        assertThat(records).hasSize(1);
        assertThat(records.get(0).value).isNull();
        assertThat(committed("a")).isNull();
    }

    @Test
    void rangesOnTheWriterSeePendingWrites() {
        driver.process(s -> s.put("b", 2L));
        List<KeyValue<String, Long>> seen = new ArrayList<>();
        driver.process(s -> {
            s.put("a", 1L);
            s.put("c", 3L);
            try (KeyValueIterator<String, Long> all = s.all()) {
                all.forEachRemaining(seen::add);
            }
            try (KeyValueIterator<String, Long> range = s.reverseRange("b", "c")) {
                range.forEachRemaining(seen::add);
            }
        });
        assertThat(seen)
                .containsExactly(
                        KeyValue.pair("a", 1L),
                        KeyValue.pair("b", 2L),
                        KeyValue.pair("c", 3L),
                        KeyValue.pair("c", 3L),
                        KeyValue.pair("b", 2L));
    }

    @Test
    void moreKeysThanTheMapHoldsAreWrittenEarlyAndNothingIsLost() {
        driver.close();
        driver = driver(2);
        driver.process(s -> {
            for (int i = 0; i < 7; i++) {
                s.put("k" + i, (long) i);
                s.put("k0", s.get("k0") + 10);
            }
        });
        Map<String, Long> last = changelog();
        assertThat(last).hasSize(7).containsEntry("k0", 70L).containsEntry("k6", 6L);
        for (int i = 1; i < 7; i++) {
            assertThat(committed("k" + i)).isEqualTo((long) i);
        }
    }
}
