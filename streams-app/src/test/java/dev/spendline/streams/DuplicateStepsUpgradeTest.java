package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvents;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.waste.LocalWasteQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.WindowStore;
import org.junit.jupiter.api.Test;

/**
 * Duplicate steps across the upgrade to layout 5: a step that succeeded before it (in the store of
 * one window per step, {@code succeeded-steps}) is still a duplicate after it, through the
 * production topology; a new installation never reads that store, and an upgraded one stops reading
 * it once nothing in it can be within the horizon.
 */
class DuplicateStepsUpgradeTest {

    private static final String WS = "ws_up";
    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");
    private static final String LEGACY_STEP = WS + "\0run-old\0s1";

    @Test
    void aStepThatSucceededBeforeTheUpgradeIsStillADuplicateAfterIt() {
        try (TopologyTestDriver driver = TopologyDrivers.start("steps-upgrade", T)) {
            WindowStore<String, Long> legacy = driver.getWindowStore(StoreNames.SUCCEEDED_STEPS);
            long before = T.minus(Duration.ofDays(2)).toEpochMilli();
            legacy.put(LEGACY_STEP, before, before); // what layout 4 wrote for the first success

            send(driver, "e-1", "run-old", "s1", "5"); // the same step again: a duplicate
            send(driver, "e-2", "run-old", "s2", "7"); // another step of the run: not one
            send(driver, "e-3", "run-old", "s2", "3"); // ... until it succeeds again

            assertThat(duplicateSteps(driver)).isEqualTo("8.00 in 2 calls");
            // The first task to find layout-4 steps recorded when, in the store itself.
            assertThat(entries(legacy)).contains(KeyValue.pair("\0upgraded", T.toEpochMilli()));
        }
    }

    @Test
    void aNewInstallationNeitherReadsNorMarksTheOldStore() {
        try (TopologyTestDriver driver = TopologyDrivers.start("steps-new", T)) {
            send(driver, "e-1", "run-new", "s1", "5");
            send(driver, "e-2", "run-new", "s1", "6");

            assertThat(duplicateSteps(driver)).isEqualTo("6.00 in 1 calls");
            assertThat(entries(driver.getWindowStore(StoreNames.SUCCEEDED_STEPS)))
                    .isEmpty();
        }
    }

    @Test
    void theOldStoreIsNotReadForSuccessesAHorizonAndADayAfterTheUpgrade() {
        // Upgraded 40 days before T: whatever layout 4 wrote was received by then, at most a day
        // ahead in event time, so nothing in it is within 35 days of T. (A step stamped 2 days before
        // T could not be there; it is, to show that the store is not read.)
        try (TopologyTestDriver driver = TopologyDrivers.start("steps-later", T.minus(Duration.ofDays(40)))) {
            WindowStore<String, Long> legacy = driver.getWindowStore(StoreNames.SUCCEEDED_STEPS);
            long before = T.minus(Duration.ofDays(2)).toEpochMilli();
            legacy.put(LEGACY_STEP, before, before);

            send(driver, "e-1", "run-old", "s1", "5");

            assertThat(duplicateSteps(driver)).isEqualTo("0.00 in 0 calls");
        }
    }

    private static void send(TopologyTestDriver driver, String id, String run, String step, String costUsd) {
        AcceptedEvent event = AcceptedEvent.of(
                WS,
                T,
                ProductEvents.with(
                        ProductEvents.minimal(T),
                        "source",
                        "app",
                        "externalId",
                        id,
                        "costUsd",
                        new BigDecimal(costUsd),
                        "status",
                        "success",
                        "feature",
                        "chat",
                        "runId",
                        run,
                        "stepId",
                        step));
        TopologyDrivers.input(driver, Topics.EVENTS).pipeInput(WS, event, T);
    }

    private static String duplicateSteps(TopologyTestDriver driver) {
        LocalWasteQueries queries = new LocalWasteQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS),
                Clock.fixed(T, ZoneOffset.UTC));
        WasteRow row = queries
                .topWaste(new TopWasteQuery(
                        WS, T.minus(Duration.ofDays(3)), T.plus(Duration.ofDays(1)), null, 20, null, null))
                .kinds()
                .stream()
                .filter(r -> r.kind() == WasteKind.DUPLICATE_STEP)
                .findFirst()
                .orElseThrow();
        return row.costUsd().toPlainString() + " in " + row.calls() + " calls";
    }

    private static List<KeyValue<String, Long>> entries(WindowStore<String, Long> store) {
        List<KeyValue<String, Long>> all = new ArrayList<>();
        try (KeyValueIterator<Windowed<String>, Long> it = store.all()) {
            it.forEachRemaining(kv -> all.add(KeyValue.pair(kv.key.key(), kv.value)));
        }
        return all;
    }
}
