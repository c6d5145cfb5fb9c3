package dev.spendline.streams.waste;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.testing.OneStoreDriver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.junit.jupiter.api.Test;

/**
 * The layout-4 store of succeeded steps (a real RocksDB window store with its changelog, in a
 * {@link OneStoreDriver}): read while a step in it can be within the horizon, then emptied, and
 * neither read nor marked again by a later start.
 */
class LegacySucceededStepsTest {

    private static final Duration HORIZON = Duration.ofDays(35);
    private static final Instant UPGRADE = Instant.parse("2026-11-20T10:00:00Z");
    private static final long OLD_SUCCESS = UPGRADE.minus(Duration.ofDays(2)).toEpochMilli();
    private static final String OLD_STEP = "ws\0run-old\0s1";
    /** The upgrade, the future skew an event's time may have, and the horizon. */
    private static final long READ_UNTIL =
            UPGRADE.plus(Duration.ofDays(1)).plus(HORIZON).toEpochMilli();

    private final AtomicLong wallClock = new AtomicLong(UPGRADE.toEpochMilli());

    @SuppressWarnings("unchecked")
    private static OneStoreDriver<WindowStore<String, Long>> driver() {
        return new OneStoreDriver<>(
                "legacy-steps-test",
                Stores.windowStoreBuilder(
                        Stores.persistentWindowStore("succeeded-steps", HORIZON, HORIZON, false),
                        Serdes.String(),
                        Serdes.Long()),
                store -> (WindowStore<String, Long>) store);
    }

    @Test
    void isReadUntilNothingInItCanMatterThenEmptiedWithOneRecord() {
        try (OneStoreDriver<WindowStore<String, Long>> driver = driver()) {
            driver.process(store -> store.put(OLD_STEP, OLD_SUCCESS, OLD_SUCCESS)); // what layout 4 wrote
            LegacySucceededSteps[] legacy = new LegacySucceededSteps[1];
            long now = UPGRADE.toEpochMilli();
            driver.process(store -> {
                legacy[0] = new LegacySucceededSteps(store, HORIZON.toMillis(), wallClock::get);
                assertThat(legacy[0].succeededWithin("ws", "run-old", "s1", now))
                        .isTrue();
            });
            assertThat(keys(driver)).containsExactlyInAnyOrder(OLD_STEP, LegacySucceededSteps.UPGRADED);

            wallClock.set(READ_UNTIL);
            AtomicBoolean found = new AtomicBoolean();
            driver.process(store -> found.set(legacy[0].succeededWithin("ws", "run-old", "s1", now)));
            assertThat(found)
                    .as("until the last moment a step in it can matter")
                    .isTrue();
            assertThat(keys(driver)).hasSize(2);
            driver.windowChangelogKeys();
            List<String> segmentsBefore = segments(driver);
            assertThat(segmentsBefore).isNotEmpty();

            wallClock.set(READ_UNTIL + 1);
            driver.process(store -> found.set(legacy[0].succeededWithin("ws", "run-old", "s1", now)));
            assertThat(found)
                    .as("emptied: even an old success is no longer looked up")
                    .isFalse();
            assertThat(keys(driver)).containsExactly(LegacySucceededSteps.EMPTIED);
            assertThat(segments(driver))
                    .as("the segments that held the step and the upgrade marker are gone from disk")
                    .hasSize(1)
                    .doesNotContainAnyElementsOf(segmentsBefore);
            assertThat(driver.windowChangelogKeys())
                    .as("one record, not a tombstone per step")
                    .containsExactly(LegacySucceededSteps.EMPTIED);
        }
    }

    @Test
    void aLaterStartFindsItEmptiedAndNeitherReadsNorMarksIt() {
        try (OneStoreDriver<WindowStore<String, Long>> driver = driver()) {
            driver.process(store -> {
                store.put(OLD_STEP, OLD_SUCCESS, OLD_SUCCESS);
                store.put(LegacySucceededSteps.UPGRADED, UPGRADE.toEpochMilli(), UPGRADE.toEpochMilli());
            });
            // The first start after the previous version, which never emptied it, days past the horizon.
            wallClock.set(READ_UNTIL + Duration.ofDays(3).toMillis());
            driver.process(store -> new LegacySucceededSteps(store, HORIZON.toMillis(), wallClock::get)
                    .succeededWithin("ws", "run-new", "s1", wallClock.get()));
            assertThat(keys(driver)).as("emptied at once").containsExactly(LegacySucceededSteps.EMPTIED);

            AtomicBoolean found = new AtomicBoolean(true);
            driver.process(store -> found.set(new LegacySucceededSteps(store, HORIZON.toMillis(), wallClock::get)
                    .succeededWithin("ws", "run-old", "s1", OLD_SUCCESS + 1)));
            assertThat(found).isFalse();
            assertThat(keys(driver)).as("no new upgrade marker").containsExactly(LegacySucceededSteps.EMPTIED);
        }
    }

    @Test
    void aNewInstallationsStoreIsNeitherReadNorWritten() {
        try (OneStoreDriver<WindowStore<String, Long>> driver = driver()) {
            wallClock.set(READ_UNTIL + Duration.ofDays(100).toMillis());
            AtomicBoolean found = new AtomicBoolean(true);
            driver.process(store -> found.set(new LegacySucceededSteps(store, HORIZON.toMillis(), wallClock::get)
                    .succeededWithin("ws", "run-old", "s1", wallClock.get())));
            assertThat(found).isFalse();
            assertThat(keys(driver)).isEmpty();
            assertThat(driver.windowChangelogKeys()).isEmpty();
        }
    }

    /** The store's segments on disk (a RocksDB instance each), by directory name. */
    private static List<String> segments(OneStoreDriver<WindowStore<String, Long>> driver) {
        try (Stream<Path> paths = Files.walk(driver.stateDir())) {
            return paths.filter(p -> Files.isDirectory(p)
                            && p.getParent().getFileName().toString().equals("succeeded-steps"))
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The store's keys, read on the stream thread (the driver hands out window stores only there). */
    private static List<String> keys(OneStoreDriver<WindowStore<String, Long>> driver) {
        List<String> keys = new ArrayList<>();
        driver.process(store -> {
            try (KeyValueIterator<Windowed<String>, Long> it = store.all()) {
                it.forEachRemaining(kv -> keys.add(kv.key.key()));
            }
        });
        return keys;
    }
}
