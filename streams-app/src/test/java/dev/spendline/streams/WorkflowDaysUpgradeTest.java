package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.rollup.Granularity;
import dev.spendline.streams.waste.LocalWasteQueries;
import dev.spendline.streams.waste.WasteRules.WorkflowBaseline;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Upgrading from state layout 2: the runaway baselines' workflow days written then, in the {@code
 * workflow-days} store, keep counting beside those the waste store holds now, and nothing writes
 * the old store any more (docs/waste.md, README "Upgrading").
 */
class WorkflowDaysUpgradeTest {

    private static final String WS = "ws_u";
    private static final Instant NOV_18 = Instant.parse("2026-11-18T09:00:00Z");
    private static final Instant NOV_19 = Instant.parse("2026-11-19T09:00:00Z");
    private static final Instant NOV_20 = Instant.parse("2026-11-20T09:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private KeyValueStore<String, WorkflowBaseline> layout2;
    private int sent;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("workflow-days-upgrade");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        layout2 = driver.getKeyValueStore(StoreNames.WORKFLOW_DAYS);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void aBaselineHalfWrittenBeforeTheUpgradeStillJudgesRuns() {
        // Written by layout 2 on 18 Nov: 10 runs of 2 calls at 0.25 USD.
        layout2.put(layout2Key(WS, "wf", NOV_18), new WorkflowBaseline(10, 5_000_000_000L, 20));
        // Processed now, on 19 Nov: 10 more such runs. Together 20 runs, the least a baseline needs:
        // a typical run is 0.50 USD and 2 calls.
        sendBaselineRuns(NOV_19, 10);
        // 20 Nov, run "big": 0.40 USD calls; the fourth makes 1.60 > 3 × 0.50, so it and the fifth are runaway.
        for (int call = 0; call < 5; call++) {
            send(NOV_20.plusSeconds(call), "big", "0.40");
        }

        assertThat(runaway())
                .extracting(r -> r.costUsd().toPlainString(), WasteRow::calls)
                .containsExactly("0.80", 2L);
    }

    @Test
    void withoutTheEarlierDaysTheSameRunsAreNotJudged() {
        sendBaselineRuns(NOV_19, 10);
        for (int call = 0; call < 5; call++) {
            send(NOV_20.plusSeconds(call), "big", "0.40");
        }
        // 10 runs are fewer than a baseline needs: nothing is a runaway.
        assertThat(runaway().calls()).isZero();
    }

    @Test
    void theLayout2StoreIsReadButNeverWritten() {
        layout2.put(layout2Key(WS, "wf", NOV_18), new WorkflowBaseline(10, 5_000_000_000L, 20));
        sendBaselineRuns(NOV_19, 10);
        send(NOV_20, "next", "0.10");

        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, WorkflowBaseline> all = layout2.all()) {
            all.forEachRemaining((KeyValue<String, WorkflowBaseline> kv) -> keys.add(kv.key));
        }
        assertThat(keys).containsExactly(layout2Key(WS, "wf", NOV_18));
        assertThat(layout2.get(layout2Key(WS, "wf", NOV_18))).isEqualTo(new WorkflowBaseline(10, 5_000_000_000L, 20));
    }

    private WasteRow runaway() {
        LocalWasteQueries queries = new LocalWasteQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS),
                Clock.fixed(NOV_20, ZoneOffset.UTC));
        return queries
                .topWaste(new TopWasteQuery(
                        WS,
                        Instant.parse("2026-11-01T00:00:00Z"),
                        Instant.parse("2026-12-01T00:00:00Z"),
                        null,
                        20,
                        null,
                        null))
                .kinds()
                .stream()
                .filter(r -> r.kind() == WasteKind.RUNAWAY_RUN)
                .findFirst()
                .orElseThrow();
    }

    /** Layout 2's key: workspace, workflow and the day's bucket in hex, joined by \0. */
    private static String layout2Key(String ws, String workflow, Instant at) {
        return ws + '\u0000' + workflow + '\u0000' + Long.toHexString(Granularity.DAY.bucketOf(at));
    }

    private void sendBaselineRuns(Instant day, int runs) {
        for (int run = 0; run < runs; run++) {
            for (int call = 0; call < 2; call++) {
                send(day.plusSeconds(run * 60L + call), "base-" + run, "0.25");
            }
        }
    }

    private void send(Instant at, String run, String cost) {
        sent++;
        ProductEvent e = new ProductEvent(
                "openai",
                "gpt-4.1",
                100,
                50,
                new BigDecimal(cost),
                "app",
                "u-" + sent,
                at,
                null,
                null,
                null,
                null,
                ProductEvent.STATUS_SUCCESS,
                "triage",
                "t1",
                null,
                null,
                "wf",
                run,
                "step-" + sent,
                null,
                0L,
                null,
                null);
        events.pipeInput(WS, AcceptedEvent.of(WS, at, e), at);
    }
}
