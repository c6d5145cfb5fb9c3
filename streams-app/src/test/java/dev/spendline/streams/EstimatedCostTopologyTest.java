package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.streams.margin.LocalMarginQueries;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.streams.waste.LocalWasteQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Calls sent with {@code costUsd} 0 are priced from the bundled price book and kept apart as
 * estimated, through the production topology: the plain rollups, the combination blocks (a read
 * with two filters), waste and the totals. A sender's non-zero cost is never replaced, and a model
 * without a price stays visible as unpriced.
 */
class EstimatedCostTopologyTest {

    private static final String WS = "ws_estimated";
    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");
    private static final String[] GPT_4O = {"openai", "gpt-4o"};
    private static final String[] IN_HOUSE = {"acme-ai", "in-house-7b"};

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private LocalSpendQueries spend;
    private LocalWasteQueries waste;
    private LocalMarginQueries margins;
    private int ids;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("estimated-cost-test", T);
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        Clock clock = Clock.fixed(T.plusSeconds(3_600), ZoneOffset.UTC);
        spend = new LocalSpendQueries(TopologyDrivers.rollups(driver), clock);
        margins = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE));
        waste = new LocalWasteQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS), clock);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void zeroCostCallsArePricedFromTheBookAndKeptApartAsEstimated() {
        // Reported: the sender's 1.25 stays, though the book would price these tokens at 0.0045.
        send(GPT_4O, "search", "1.25", 1_000, 200, 0, ProductEvent.STATUS_SUCCESS);
        // Estimated: 800,000 uncached × 2.50 + 200,000 cached × 1.25 + 100,000 output × 10.00 per million.
        send(GPT_4O, "search", "0", 1_000_000, 100_000, 200_000, ProductEvent.STATUS_SUCCESS);
        // A failed call that used tokens: estimated 1,000 × 2.50 per million, and waste of that much.
        send(GPT_4O, "search", "0", 1_000, 0, 0, ProductEvent.STATUS_ERROR);
        // A failed call that used none: nothing to estimate, and not unpriced either.
        send(GPT_4O, "search", "0", 0, 0, 0, ProductEvent.STATUS_ERROR);
        // A model the book has no price for: 0, counted as unpriced.
        send(IN_HOUSE, "chat", "0", 500, 50, 0, ProductEvent.STATUS_SUCCESS);
        // The same model with a cost its sender reported: not unpriced.
        send(IN_HOUSE, "chat", "0.02", 500, 50, 0, ProductEvent.STATUS_SUCCESS);

        SpendReport byModel = spend.spendBy(query(Dimension.MODEL, Map.of()));
        Map<String, String> rows = rows(byModel);
        assertThat(rows)
                .containsExactly(
                        Map.entry("gpt-4o", "cost 4.5025, estimated 3.2525, reported 1.25, unpriced 0, calls 4"),
                        Map.entry("in-house-7b", "cost 0.02, estimated 0.00, reported 0.02, unpriced 1, calls 2"));
        assertThat(text(byModel.totals()))
                .isEqualTo("cost 4.5225, estimated 3.2525, reported 1.27, unpriced 1, calls 6");

        // Two filters: read from the combination blocks, which keep the same split.
        SpendReport filtered =
                spend.spendBy(query(Dimension.MODEL, Map.of(Dimension.TENANT, "acme", Dimension.FEATURE, "search")));
        assertThat(rows(filtered))
                .containsExactly(
                        Map.entry("gpt-4o", "cost 4.5025, estimated 3.2525, reported 1.25, unpriced 0, calls 4"));
        SpendReport chat =
                spend.spendBy(query(Dimension.PROVIDER, Map.of(Dimension.TENANT, "acme", Dimension.FEATURE, "chat")));
        assertThat(rows(chat))
                .containsExactly(Map.entry("acme-ai", "cost 0.02, estimated 0.00, reported 0.02, unpriced 1, calls 2"));

        // Waste counts what the call counts: the failed call's estimated cost.
        TopWasteReport failed = waste.topWaste(new TopWasteQuery(
                WS, T.minusSeconds(86_400), T.plusSeconds(86_400), Dimension.FEATURE, 10, null, null));
        assertThat(failed.kinds())
                .filteredOn(r -> r.kind() == WasteKind.FAILED_CALL)
                .singleElement()
                .satisfies(r -> assertThat(r.costUsd()).isEqualByComparingTo("0.0025"));

        // Margins count the estimate as cost, and say how much of it is estimated.
        MarginQuery november = new MarginQuery(WS, YearMonth.of(2026, 11), YearMonth.of(2026, 11), 10, null, null);
        MarginTotals byCustomer = margins.marginByCustomer(november).totals();
        assertThat(byCustomer.costUsd()).isEqualByComparingTo("4.5225");
        assertThat(byCustomer.estimatedCostUsd()).isEqualByComparingTo("3.2525");
        MarginTotals byFeature = margins.marginByFeature(november).totals();
        assertThat(byFeature.costUsd()).isEqualByComparingTo("4.5225");
        assertThat(byFeature.estimatedCostUsd()).isEqualByComparingTo("3.2525");
        // And per row: which customer's and which feature's cost rests on the price book.
        assertThat(margins.marginByCustomer(november).rows())
                .extracting(r -> r.tenantId() + " " + r.costUsd() + " of which " + r.estimatedCostUsd())
                .containsExactly("acme 4.5225 of which 3.2525");
        assertThat(margins.marginByFeature(november).rows())
                .extracting(r -> r.feature() + " " + r.costUsd() + " of which " + r.estimatedCostUsd())
                .containsExactlyInAnyOrder("search 4.5025 of which 3.2525", "chat 0.02 of which 0.00");
    }

    private SpendQuery query(Dimension by, Map<Dimension, String> filters) {
        return new SpendQuery(WS, UsageKind.PRODUCT, by, T.minusSeconds(86_400), T.plusSeconds(86_400), filters, 10);
    }

    private static Map<String, String> rows(SpendReport report) {
        Map<String, String> rows = new TreeMap<>();
        for (SpendRow row : report.rows()) {
            rows.put(row.value(), text(row.measures()));
        }
        return rows;
    }

    private static String text(Measures m) {
        return "cost " + m.costUsd().toPlainString()
                + ", estimated " + m.estimatedCostUsd().toPlainString()
                + ", reported " + m.reportedCostUsd().toPlainString()
                + ", unpriced " + m.unpricedCalls()
                + ", calls " + m.calls();
    }

    private void send(
            String[] model, String feature, String cost, long prompt, long output, long cacheRead, String status) {
        String id = "e-" + (++ids);
        ProductEvent event = new ProductEvent(
                model[0],
                model[1],
                prompt,
                output,
                new BigDecimal(cost),
                "estimated",
                id,
                T.plusSeconds(ids),
                null,
                cacheRead,
                null,
                null,
                status,
                feature,
                "acme",
                null,
                null,
                null,
                null,
                null,
                null,
                0L,
                null,
                null);
        events.pipeInput(WS, AcceptedEvent.of(WS, T.plusSeconds(ids), event), T.plusSeconds(ids));
    }
}
