package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
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
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The three waste kinds judged against a workspace's history (runaway runs, cache misses, model
 * overkill) through the production topology: a baseline week, then a day of calls whose waste is
 * worked out in the comments from docs/waste.md.
 */
class HistoricalWasteTopologyTest {

    private static final String WS = "ws_h";
    private static final Instant NOV_18 = Instant.parse("2026-11-18T09:00:00Z");
    private static final Instant NOV_19 = Instant.parse("2026-11-19T09:00:00Z");
    private static final Instant NOV_20 = Instant.parse("2026-11-20T09:00:00Z");
    private static final Instant FROM = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant TO = Instant.parse("2026-12-01T00:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private LocalWasteQueries queries;
    private int sent;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("historical-waste-test");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        queries = new LocalWasteQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS),
                Clock.fixed(NOV_20, ZoneOffset.UTC));

        // Baseline of workflow wf-r on 19 Nov: 20 runs of 2 calls at 0.25 USD: typical run 0.50 USD, 2 calls.
        for (int run = 0; run < 20; run++) {
            for (int call = 0; call < 2; call++) {
                send(call().at(NOV_19.plusSeconds(run * 60L + call))
                        .feature("triage")
                        .run("base-" + run)
                        .cost("0.25"));
            }
        }
        // Baseline of feature search on 19 Nov: 20 calls reading 6,000 of 10,000 prompt tokens from cache (60 %).
        for (int i = 0; i < 20; i++) {
            send(call().at(NOV_19.plusSeconds(3_600 + i))
                    .feature("search")
                    .prompt(10_000)
                    .cacheRead(6_000)
                    .cost("0.02"));
        }
        // Baseline of feature summarize on 18 Nov: gpt-4.1 at 4 USD / M tokens, gpt-4.1-mini at 0.80, 50 calls each,
        // all successful, 1,000 tokens each.
        for (int i = 0; i < 50; i++) {
            send(call().at(NOV_18.plusSeconds(i))
                    .feature("summarize")
                    .model("gpt-4.1")
                    .prompt(800)
                    .output(200)
                    .cost("0.004"));
            send(call().at(NOV_18.plusSeconds(100 + i))
                    .feature("summarize")
                    .model("gpt-4.1-mini")
                    .prompt(800)
                    .output(200)
                    .cost("0.0008"));
        }

        // 20 Nov. Run "big" of wf-r: 0.40 USD calls. 1.20 after three; the fourth makes 1.60 > 1.50: it and the
        // fifth are runaway, 0.80 USD.
        for (int call = 0; call < 5; call++) {
            send(call().at(NOV_20.plusSeconds(call))
                    .feature("triage")
                    .run("big")
                    .cost("0.40"));
        }
        // Run "chatty": seven 0.01 USD calls; the seventh is more than 3 × 2 calls: 0.01 USD.
        for (int call = 0; call < 7; call++) {
            send(call().at(NOV_20.plusSeconds(100 + call))
                    .feature("triage")
                    .run("chatty")
                    .cost("0.01"));
        }
        // search: a 10,000-token prompt with no cache reads: 10,000 × 0.60 × (2.00 − 0.50) / M = 0.009 USD.
        send(call().at(NOV_20.plusSeconds(200))
                .feature("search")
                .prompt(10_000)
                .cacheRead(0)
                .cost("0.021"));
        // Not cache misses: one reads from cache, one has a small prompt.
        send(call().at(NOV_20.plusSeconds(201))
                .feature("search")
                .prompt(10_000)
                .cacheRead(5_000)
                .cost("0.02"));
        send(call().at(NOV_20.plusSeconds(202))
                .feature("search")
                .prompt(1_000)
                .cacheRead(0)
                .cost("0.002"));
        // summarize: a gpt-4.1 call of 5,000 tokens for 0.02 USD; on mini 5,000 × 0.80 / M = 0.004: 0.016 USD.
        send(call().at(NOV_20.plusSeconds(300))
                .feature("summarize")
                .model("gpt-4.1")
                .prompt(4_000)
                .output(1_000)
                .cost("0.02"));
        // A mini call is not overkill.
        send(call().at(NOV_20.plusSeconds(301))
                .feature("summarize")
                .model("gpt-4.1-mini")
                .prompt(4_000)
                .output(1_000)
                .cost("0.004"));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void eachHistoricalKindCountsExactlyWhatTheDocsSay() {
        TopWasteReport report = queries.topWaste(new TopWasteQuery(WS, FROM, TO, null, 20, null, null));

        assertThat(report.kinds())
                .extracting(WasteRow::kind, r -> r.costUsd().toPlainString(), WasteRow::calls)
                .containsExactly(
                        tuple(WasteKind.RUNAWAY_RUN, "0.81", 3L),
                        tuple(WasteKind.MODEL_OVERKILL, "0.016", 1L),
                        tuple(WasteKind.CACHE_MISS, "0.009", 1L),
                        tuple(WasteKind.FAILED_CALL, "0.00", 0L),
                        tuple(WasteKind.RETRY, "0.00", 0L),
                        tuple(WasteKind.DUPLICATE_STEP, "0.00", 0L));
        assertThat(report.wasteUsd()).isEqualByComparingTo("0.835");
        assertThat(report.wastefulCalls()).isEqualTo(5);
    }

    @Test
    void byDimensionNamesTheWorkflowFeatureAndModel() {
        assertThat(queries.topWaste(new TopWasteQuery(WS, FROM, TO, Dimension.WORKFLOW, 1, null, null))
                        .rows())
                .extracting(WasteRow::kind, WasteRow::value)
                .containsExactly(tuple(WasteKind.RUNAWAY_RUN, "wf-r"));
        assertThat(queries.topWaste(new TopWasteQuery(WS, FROM, TO, Dimension.MODEL, 3, null, null))
                        .rows())
                .extracting(WasteRow::kind, WasteRow::value)
                .containsExactly(
                        tuple(WasteKind.RUNAWAY_RUN, "gpt-4.1"),
                        tuple(WasteKind.MODEL_OVERKILL, "gpt-4.1"),
                        tuple(WasteKind.CACHE_MISS, "gpt-4.1"));
        assertThat(queries.topWaste(new TopWasteQuery(WS, FROM, TO, Dimension.FEATURE, 3, null, null))
                        .rows())
                .extracting(WasteRow::kind, WasteRow::value)
                .containsExactly(
                        tuple(WasteKind.RUNAWAY_RUN, "triage"),
                        tuple(WasteKind.MODEL_OVERKILL, "summarize"),
                        tuple(WasteKind.CACHE_MISS, "search"));
    }

    @Test
    void theBaselineWeekItselfHasNoHistoricalWaste() {
        TopWasteReport before =
                queries.topWaste(new TopWasteQuery(WS, FROM, NOV_20.minus(Duration.ofHours(9)), null, 20, null, null));
        assertThat(before.wastefulCalls()).isZero();
    }

    @Test
    void aRunStaysARunawayAndALaterRunStartsAgain() {
        send(call().at(NOV_20.plusSeconds(10)).feature("triage").run("big").cost("0.01"));
        // A day and more after its first call, the same run id starts a fresh count.
        send(call().at(NOV_20.plus(Duration.ofHours(25)))
                .feature("triage")
                .run("big")
                .cost("0.40"));
        TopWasteReport report = queries.topWaste(new TopWasteQuery(WS, FROM, TO, null, 20, null, null));
        assertThat(report.kinds().get(0))
                .extracting(WasteRow::kind, r -> r.costUsd().toPlainString(), WasteRow::calls)
                .containsExactly(WasteKind.RUNAWAY_RUN, "0.82", 4L);
    }

    private void send(Call c) {
        sent++;
        ProductEvent e = new ProductEvent(
                "openai",
                c.model,
                c.prompt,
                c.output,
                new BigDecimal(c.cost),
                "app",
                "h-" + sent,
                c.at,
                null,
                c.cacheRead,
                null,
                null,
                ProductEvent.STATUS_SUCCESS,
                c.feature,
                "t1",
                null,
                null,
                c.run == null ? null : "wf-r",
                c.run,
                c.run == null ? null : "step-" + sent,
                null,
                0L,
                null,
                null);
        events.pipeInput(WS, AcceptedEvent.of(WS, c.at, e), c.at);
    }

    private static Call call() {
        return new Call();
    }

    /** A call with the defaults of this test: gpt-4.1, 100 + 50 tokens, no cache reads, no run. */
    private static final class Call {
        Instant at;
        String feature;
        String model = "gpt-4.1";
        long prompt = 100;
        long output = 50;
        Long cacheRead;
        String cost;
        String run;

        Call at(Instant value) {
            at = value;
            return this;
        }

        Call feature(String value) {
            feature = value;
            return this;
        }

        Call model(String value) {
            model = value;
            return this;
        }

        Call prompt(long value) {
            prompt = value;
            return this;
        }

        Call output(long value) {
            output = value;
            return this;
        }

        Call cacheRead(long value) {
            cacheRead = value;
            return this;
        }

        Call cost(String value) {
            cost = value;
            return this;
        }

        Call run(String value) {
            run = value;
            return this;
        }
    }
}
