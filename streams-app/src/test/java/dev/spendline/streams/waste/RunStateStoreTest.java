package dev.spendline.streams.waste;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.testing.TestStateDirs;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;
import org.junit.jupiter.api.Test;

/**
 * {@link RunStateStore} in a {@link TopologyTestDriver} (real RocksDB window store, real changelog,
 * exactly-once commits after each record): it answers every lookup as the window store alone would,
 * and writes a run once per commit.
 */
class RunStateStoreTest {

    private static final String STORE = "runs";
    private static final String CHANGELOG = "run-state-test-" + STORE + "-changelog";
    private static final long SPAN = RunTracker.RUN_SPAN.toMillis();
    private static final long T0 = 1_790_000_000_000L;

    /** Runs an action on the stream thread for each input record; the driver commits after each. */
    private static final class Driver implements AutoCloseable {
        final TopologyTestDriver driver;
        final TestInputTopic<String, String> input;
        final TestOutputTopic<byte[], byte[]> changelog;
        Consumer<RunStateStore> next;

        Driver(int maxEntries) {
            Topology topology = new Topology();
            topology.addSource(
                    "in", Serdes.String().deserializer(), Serdes.String().deserializer(), "in");
            topology.addProcessor(
                    "run",
                    () -> new Processor<String, String, Void, Void>() {
                        private RunStateStore store;

                        @Override
                        public void init(ProcessorContext<Void, Void> context) {
                            store = RunStateStore.of(context.getStateStore(STORE));
                        }

                        @Override
                        public void process(Record<String, String> record) {
                            Consumer<RunStateStore> action = next;
                            next = null;
                            action.accept(store);
                        }
                    },
                    "in");
            topology.addStateStore(new RunStateStoreBuilder(STORE, maxEntries), "run");
            Properties config = new Properties();
            config.put(StreamsConfig.APPLICATION_ID_CONFIG, "run-state-test");
            config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
            config.put(StreamsConfig.STATE_DIR_CONFIG, TestStateDirs.fresh("spendline-runs-"));
            config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
            driver = new TopologyTestDriver(topology, config);
            input = driver.createInputTopic(
                    "in", Serdes.String().serializer(), Serdes.String().serializer());
            changelog = driver.createOutputTopic(CHANGELOG, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        }

        void process(Consumer<RunStateStore> action) {
            next = action;
            input.pipeInput("tick", "tick");
        }

        /** The window store as it is on disk, below the table. */
        WindowStore<String, RunState> stored() {
            return RunStateStore.of(driver.getStateStore(STORE)).windows();
        }

        /** The keys of the changelog records since the last call (a window key ends in 8 bytes of time and 4 of seq). */
        List<String> changelogKeys() {
            List<String> keys = new ArrayList<>();
            changelog
                    .readKeyValuesToList()
                    .forEach(kv -> keys.add(new String(kv.key, 0, kv.key.length - 12, StandardCharsets.UTF_8)));
            return keys;
        }

        @Override
        public void close() {
            driver.close();
        }
    }

    /** What the window store alone answers: the earliest window starting within the range. */
    private static final class Reference {
        final Map<String, TreeMap<Long, RunState>> windows = new HashMap<>();

        RunStateStore.Run find(String key, long from, long to) {
            TreeMap<Long, RunState> w = windows.get(key);
            Map.Entry<Long, RunState> e = w == null ? null : w.ceilingEntry(from);
            return e == null || e.getKey() > to ? null : new RunStateStore.Run(e.getKey(), e.getValue());
        }

        void put(String key, long startedAt, RunState state) {
            windows.computeIfAbsent(key, k -> new TreeMap<>()).put(startedAt, state);
        }
    }

    /** One call of {@link RunTracker#observe}'s shape: find the run, or start one, and count the call. */
    private static RunStateStore.Run observe(RunStateStore store, String key, long at) {
        RunStateStore.Run found = store.find(key, at - SPAN, at + SPAN);
        long startedAt = found == null ? at : found.startedAt();
        RunState state = (found == null ? new RunState("wf", 0, 0, false) : found.state()).plus(1);
        store.put(key, at - SPAN, at + SPAN, startedAt, state);
        return new RunStateStore.Run(startedAt, state);
    }

    private static RunStateStore.Run observe(Reference ref, String key, long at) {
        RunStateStore.Run found = ref.find(key, at - SPAN, at + SPAN);
        long startedAt = found == null ? at : found.startedAt();
        RunState state = (found == null ? new RunState("wf", 0, 0, false) : found.state()).plus(1);
        ref.put(key, startedAt, state);
        return new RunStateStore.Run(startedAt, state);
    }

    @Test
    void answersEveryCallAsTheWindowStoreAloneWouldThroughEvictionsAndOutOfOrderCalls() {
        Random random = new Random(29);
        Reference reference = new Reference();
        // A table of 8 runs for 60 keys: most lookups of a known key miss the table and read RocksDB.
        try (Driver driver = new Driver(8)) {
            for (int record = 0; record < 400; record++) {
                int calls = 1 + random.nextInt(6);
                List<RunStateStore.Run> got = new ArrayList<>();
                List<RunStateStore.Run> expected = new ArrayList<>();
                List<String> keys = new ArrayList<>();
                List<Long> times = new ArrayList<>();
                for (int c = 0; c < calls; c++) {
                    keys.add("ws\0run-" + random.nextInt(60));
                    // Calls up to 2.5 days apart, in any order: some join a run, some start a new
                    // window of a key that has one (a reused run id), some land before an existing one.
                    times.add(T0 + (long) (random.nextDouble() * 2.5 * SPAN));
                }
                driver.process(store -> {
                    for (int c = 0; c < calls; c++) {
                        got.add(observe(store, keys.get(c), times.get(c)));
                    }
                });
                for (int c = 0; c < calls; c++) {
                    expected.add(observe(reference, keys.get(c), times.get(c)));
                }
                assertThat(got).as("record %d", record).isEqualTo(expected);
            }
            // And RocksDB holds exactly the reference's windows once committed.
            for (Map.Entry<String, TreeMap<Long, RunState>> key : reference.windows.entrySet()) {
                Map<Long, RunState> stored = new TreeMap<>();
                try (WindowStoreIterator<RunState> it = driver.stored().fetch(key.getKey(), T0 - SPAN, T0 + 4 * SPAN)) {
                    it.forEachRemaining(kv -> stored.put(kv.key, kv.value));
                }
                assertThat(stored).as(key.getKey()).isEqualTo(key.getValue());
            }
        }
    }

    @Test
    void writesARunOncePerCommitWithItsLastState() {
        try (Driver driver = new Driver(RunStateStoreBuilder.DEFAULT_MAX_ENTRIES)) {
            long[] reads = new long[1];
            driver.process(store -> {
                for (int call = 0; call < 5; call++) {
                    observe(
                            store,
                            "ws\0run-a",
                            T0 + call * Duration.ofSeconds(3).toMillis());
                }
                observe(store, "ws\0run-b", T0);
                reads[0] = store.reads();
                assertThat(store.pending()).hasSize(2);
            });
            assertThat(reads[0])
                    .as("RocksDB reads: the first call of each run only")
                    .isEqualTo(2);
            assertThat(driver.changelogKeys()).containsExactlyInAnyOrder("ws\0run-a", "ws\0run-b");
            try (WindowStoreIterator<RunState> it = driver.stored().fetch("ws\0run-a", T0, T0)) {
                KeyValue<Long, RunState> run = it.next();
                assertThat(run.value.calls()).isEqualTo(5);
                assertThat(it.hasNext()).isFalse();
            }

            // The next commit's calls of a known run are answered by the table and written again.
            driver.process(store -> {
                long before = store.reads();
                assertThat(observe(store, "ws\0run-a", T0 + 60_000).state().calls())
                        .isEqualTo(6);
                assertThat(store.reads()).isEqualTo(before);
            });
            assertThat(driver.changelogKeys()).containsExactly("ws\0run-a");
        }
    }

    @Test
    void aNewWindowOfAKeyDoesNotLoseThePendingOneBeforeIt() {
        try (Driver driver = new Driver(RunStateStoreBuilder.DEFAULT_MAX_ENTRIES)) {
            driver.process(store -> {
                observe(store, "ws\0run-a", T0);
                observe(store, "ws\0run-a", T0 + 5 * SPAN / 2); // the same run id, after its span
            });
            Map<Long, Long> calls = new TreeMap<>();
            try (WindowStoreIterator<RunState> it = driver.stored().fetch("ws\0run-a", T0, T0 + 3 * SPAN)) {
                it.forEachRemaining(kv -> calls.put(kv.key, kv.value.calls()));
            }
            assertThat(calls).containsExactly(Map.entry(T0, 1L), Map.entry(T0 + 5 * SPAN / 2, 1L));
        }
    }
}
