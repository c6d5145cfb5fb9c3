package dev.spendline.streams.waste;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.streams.testing.OneStoreDriver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.WindowStore;
import org.junit.jupiter.api.Test;

/**
 * {@link SucceededStepsStore} in a {@link TopologyTestDriver} (real RocksDB window store, real
 * changelog, exactly-once commits after each record): it answers every success as the definition
 * does (docs/waste.md: the same run step succeeded before, within the horizon either side), and
 * writes a run once per commit.
 */
class SucceededStepsStoreTest {

    private static final String STORE = "steps";
    private static final long HORIZON = Duration.ofDays(35).toMillis();
    private static final long T0 = 1_790_000_000_000L;

    /** The store in a test driver whose commits follow each {@code process}. */
    private static final class Driver extends OneStoreDriver<SucceededStepsStore> {
        Driver(int maxEntries) {
            super(
                    "succeeded-steps-test",
                    new SucceededStepsStoreBuilder(STORE, Duration.ofMillis(HORIZON), maxEntries),
                    SucceededStepsStore::of);
        }

        /** The window store as it is on disk, below the table. */
        WindowStore<String, RunSteps> stored() {
            return store().windows();
        }

        List<String> changelogKeys() {
            return windowChangelogKeys();
        }
    }

    /**
     * The definition: every success remembered, a repeat within the horizon (either side) is a
     * duplicate. Like the store of one window per step before it, the store forgets a success once it
     * is more than a horizon behind the latest one it was given (window retention); where that could
     * change the answer, the reference cannot say, and it follows the store ({@link #follow}).
     */
    private static final class Reference {
        private record Success(String run, String step, long time) {}

        final List<Success> remembered = new ArrayList<>();
        long latest = Long.MIN_VALUE;
        int undecided;

        /** The answer, or null where only a success the store may have forgotten decides it. */
        Boolean succeededBefore(String run, String step, long time) {
            boolean any = false;
            boolean kept = false;
            for (Success s : remembered) {
                if (s.run.equals(run) && s.step.equals(step) && Math.abs(time - s.time) <= HORIZON) {
                    any = true;
                    kept |= s.time >= latest - HORIZON;
                }
            }
            return any == kept ? any : null;
        }

        void follow(String run, String step, long time, boolean duplicate) {
            if (!duplicate) {
                remembered.add(new Success(run, step, time));
                latest = Math.max(latest, time);
            }
        }
    }

    @Test
    void answersEverySuccessAsTheDefinitionDoesThroughEvictionsBucketEdgesAndOutOfOrderTimes() {
        Random random = new Random(29);
        Reference reference = new Reference();
        // A table of 6 runs for 40 run ids: most successes of a known run miss the table and read RocksDB.
        int duplicates = 0;
        try (Driver driver = new Driver(6)) {
            for (int record = 0; record < 300; record++) {
                int successes = 1 + random.nextInt(8);
                List<String> runs = new ArrayList<>();
                List<String> steps = new ArrayList<>();
                List<Long> times = new ArrayList<>();
                for (int s = 0; s < successes; s++) {
                    runs.add("ws\0run-" + random.nextInt(40));
                    steps.add("step-" + random.nextInt(4));
                    // Within 30 days, in any order; a third a horizon before the one before, give or take 1 ms.
                    long time = T0 + (long) (random.nextDouble() * 30 * 86_400_000L);
                    if (random.nextInt(3) == 0 && !times.isEmpty()) {
                        // Back by a horizon (later times would make the rest of the test older than the store keeps).
                        time = times.get(times.size() - 1) - HORIZON + random.nextInt(3) - 1;
                    }
                    times.add(time);
                }
                List<Boolean> got = new ArrayList<>();
                driver.process(store -> {
                    for (int s = 0; s < successes; s++) {
                        got.add(store.succeededBefore(runs.get(s), steps.get(s), times.get(s)));
                    }
                });
                for (int s = 0; s < successes; s++) {
                    Boolean expected = reference.succeededBefore(runs.get(s), steps.get(s), times.get(s));
                    if (expected == null) {
                        reference.undecided++;
                    } else {
                        assertThat(got.get(s))
                                .as("record %d, success %d: %s %s %s", record, s, runs, steps, times)
                                .isEqualTo(expected);
                        duplicates += expected ? 1 : 0;
                    }
                    reference.follow(runs.get(s), steps.get(s), times.get(s), got.get(s));
                }
            }
            assertThat(duplicates).as("a test that repeats steps").isGreaterThan(100);
            assertThat(reference.undecided)
                    .as("successes only a forgotten one decides (the back-jumped ones)")
                    .isLessThan(300);
        }
    }

    @Test
    void readsARunOnceAndWritesItOncePerCommit() {
        try (Driver driver = new Driver(SucceededStepsStoreBuilder.DEFAULT_MAX_ENTRIES)) {
            long[] reads = new long[1];
            List<Boolean> duplicates = new ArrayList<>();
            driver.process(store -> {
                for (int step = 0; step < 5; step++) {
                    duplicates.add(store.succeededBefore("ws\0run-a", "step-" + step, T0 + step * 3_000L));
                }
                duplicates.add(store.succeededBefore("ws\0run-a", "step-2", T0 + 20_000L));
                duplicates.add(store.succeededBefore("ws\0run-b", "step-0", T0));
                reads[0] = store.reads();
                assertThat(store.pending()).isEqualTo(2);
            });
            assertThat(duplicates).containsExactly(false, false, false, false, false, true, false);
            assertThat(reads[0])
                    .as("RocksDB reads: the first success of each run only")
                    .isEqualTo(2);
            assertThat(driver.changelogKeys()).containsExactlyInAnyOrder("ws\0run-a", "ws\0run-b");
            long bucketStart = Math.floorDiv(T0, HORIZON) * HORIZON;
            RunSteps stored = driver.stored().fetch("ws\0run-a", bucketStart);
            assertThat(stored.size()).isEqualTo(5);
            assertThat(stored.step(4)).isEqualTo("step-4");
            assertThat(stored.time(4)).isEqualTo(T0 + 12_000L);

            // The next commit: a known run is answered by the table, and written again with the new step.
            driver.process(store -> {
                long before = store.reads();
                assertThat(store.succeededBefore("ws\0run-a", "step-1", T0 + 60_000))
                        .isTrue();
                assertThat(store.succeededBefore("ws\0run-a", "step-9", T0 + 60_000))
                        .isFalse();
                assertThat(store.reads()).isEqualTo(before);
            });
            assertThat(driver.changelogKeys()).containsExactly("ws\0run-a");
            assertThat(driver.stored().fetch("ws\0run-a", bucketStart).size()).isEqualTo(6);
        }
    }

    @Test
    void theSerdeKeepsEveryStepAndRefusesWhatItDidNotWrite() {
        RunSteps steps =
                RunSteps.none().plus("s1", T0).plus("étape-2 🚀", T0 - 5).plus("", Long.MIN_VALUE);
        RunSteps.RunStepsSerde serde = new RunSteps.RunStepsSerde();
        byte[] bytes = serde.serializer().serialize("t", steps);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(steps);
        assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", RunSteps.none())))
                .isEqualTo(RunSteps.none());
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", truncated))
                .isInstanceOf(SerializationException.class);
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", longer))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("after the last run step");
        byte[] otherVersion = bytes.clone();
        otherVersion[0] = 2;
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", otherVersion))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("version-1");
    }
}
