package dev.spendline.streams.waste;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.testing.OneStoreDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TopologyTestDriver;
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
    private static final long SPAN = RunTracker.RUN_SPAN.toMillis();
    private static final long T0 = 1_790_000_000_000L;

    /** The store in a test driver whose commits follow each {@code process}. */
    private static final class Driver extends OneStoreDriver<RunStateStore> {
        Driver(int maxEntries) {
            super("run-state-test", new RunStateStoreBuilder(STORE, maxEntries), RunStateStore::of);
        }

        /** The window store as it is on disk, below the table. */
        WindowStore<String, RunState> stored() {
            return store().windows();
        }

        List<String> changelogKeys() {
            return windowChangelogKeys();
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
