package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.waste.LocalWasteQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Waste kinds through the production topology; every figure is worked out in the comments. */
class WasteTopologyTest {

    private static final String WS = "ws_w";
    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");
    private static final Instant FROM = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant TO = Instant.parse("2026-12-01T00:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private LocalWasteQueries queries;
    private int sent;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("waste-test");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        queries = new LocalWasteQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS),
                Clock.fixed(T, ZoneOffset.UTC));

        send("search", "gpt-4.1", "10", "success", 0, null, null); // clean
        send("search", "gpt-4.1", "3", "error", 0, null, null); // failed: 3
        send("search", "gpt-4.1", "2", "error", 1, null, null); // failed retry: 2, in both kinds
        send("chat", "gpt-4.1-mini", "4", "success", 2, null, null); // retry: 4
        send("chat", "gpt-4.1-mini", "5", "success", 0, "run-1", "s1"); // first success of s1
        send("chat", "gpt-4.1-mini", "6", "success", 0, "run-1", "s1"); // duplicate step: 6
        send("chat", "gpt-4.1-mini", "7", "error", 0, "run-1", "s2"); // failed: 7; not a success of s2
        send("chat", "gpt-4.1-mini", "8", "success", 0, "run-1", "s2"); // first success of s2
        send("chat", "gpt-4.1-mini", "1", "success", 0, "run-2", "s1"); // another run: clean
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void eachKindCountsItsCallsAndTheTotalCountsEachCallOnce() {
        TopWasteReport report = queries.topWaste(new TopWasteQuery(WS, FROM, TO, null, 20, null, null));

        // Failed 3 + 2 + 7 = 12; retry 2 + 4 = 6; duplicate step 6. Total 3 + 2 + 4 + 6 + 7 = 22
        // (the failed retry once) of 46 spent: 47.8 %.
        assertThat(report.kinds())
                .extracting(WasteRow::kind, r -> r.costUsd().toPlainString(), WasteRow::calls)
                .containsExactly(
                        tuple(WasteKind.FAILED_CALL, "12.00", 3L),
                        // equal cost: in the order of the kinds
                        tuple(WasteKind.RETRY, "6.00", 2L),
                        tuple(WasteKind.DUPLICATE_STEP, "6.00", 1L),
                        // no history here: none of the kinds judged against it
                        tuple(WasteKind.RUNAWAY_RUN, "0.00", 0L),
                        tuple(WasteKind.CACHE_MISS, "0.00", 0L),
                        tuple(WasteKind.MODEL_OVERKILL, "0.00", 0L));
        assertThat(report.wasteUsd()).isEqualByComparingTo("22");
        assertThat(report.wastefulCalls()).isEqualTo(5);
        assertThat(report.spendUsd()).isEqualByComparingTo("46");
        assertThat(report.wastePercent()).isEqualByComparingTo("47.8");
        assertThat(report.rows()).isEqualTo(report.kinds().subList(0, 3));
    }

    @Test
    void byADimensionListsTheTopKindAndValuePairs() {
        TopWasteReport byFeature = queries.topWaste(new TopWasteQuery(WS, FROM, TO, Dimension.FEATURE, 3, null, null));

        // chat: failed 7, duplicate 6, retry 4; search: failed 5, retry 2.
        assertThat(byFeature.rows())
                .extracting(WasteRow::kind, WasteRow::value, r -> r.costUsd().toPlainString())
                .containsExactly(
                        tuple(WasteKind.FAILED_CALL, "chat", "7.00"),
                        tuple(WasteKind.DUPLICATE_STEP, "chat", "6.00"),
                        tuple(WasteKind.FAILED_CALL, "search", "5.00"));
        assertThat(byFeature.by()).isEqualTo("feature");
        TopWasteReport byModel = queries.topWaste(new TopWasteQuery(WS, FROM, TO, Dimension.MODEL, 10, null, null));
        assertThat(byModel.rows()).hasSize(5);
        // Nothing outside the range, nothing of another workspace.
        assertThat(queries.topWaste(new TopWasteQuery(WS, TO, TO.plusSeconds(3600), null, 20, null, null))
                        .wasteUsd())
                .isEqualByComparingTo("0");
        assertThat(queries.topWaste(new TopWasteQuery("ws_other", FROM, TO, null, 20, null, null))
                        .wastefulCalls())
                .isZero();
        assertThatThrownBy(() -> queries.topWaste(new TopWasteQuery(WS, FROM, TO, Dimension.STATUS, 20, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("by must be one of");
    }

    @Test
    void aResendOfTheDuplicateIsNotCountedAgain() {
        AcceptedEvent again = event("chat", "gpt-4.1-mini", "6", "success", 0, "run-1", "s1", "e-6");
        events.pipeInput(WS, again, T); // same (source, externalId) as the duplicate above: dropped
        assertThat(queries.topWaste(new TopWasteQuery(WS, FROM, TO, null, 20, null, null))
                        .wasteUsd())
                .isEqualByComparingTo("22");
    }

    private void send(String feature, String model, String cost, String status, long retries, String run, String step) {
        sent++;
        events.pipeInput(WS, event(feature, model, cost, status, retries, run, step, "e-" + sent), T);
    }

    private static AcceptedEvent event(
            String feature,
            String model,
            String cost,
            String status,
            long retries,
            String run,
            String step,
            String id) {
        ProductEvent e = new ProductEvent(
                "openai",
                model,
                100,
                50,
                new BigDecimal(cost),
                "app",
                id,
                T,
                null,
                0L,
                0L,
                100L,
                status,
                feature,
                "t1",
                null,
                "agent-1",
                "wf-1",
                run,
                step,
                null,
                retries,
                null,
                null);
        return AcceptedEvent.of(WS, T, e);
    }
}
