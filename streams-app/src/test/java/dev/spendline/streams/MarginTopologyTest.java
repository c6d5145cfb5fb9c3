package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.streams.margin.LocalMarginQueries;
import dev.spendline.streams.query.ClosedMonthCache;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Margins through the production topology: events and revenue rows in, the margin tools read the
 * stores. Every figure below is worked out by hand in the comments.
 */
class MarginTopologyTest {

    private static final String WS = "ws_m";
    private static final YearMonth NOV = YearMonth.of(2026, 11);
    private static final YearMonth OCT = YearMonth.of(2026, 10);
    private static final Instant IN_NOV = Instant.parse("2026-11-02T10:00:00Z");
    private static final Instant IN_OCT = Instant.parse("2026-10-15T10:00:00Z");
    private static final Instant IN_DEC = Instant.parse("2026-12-03T00:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestInputTopic<String, RevenueRow> revenue;
    private LocalMarginQueries margins;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("margin-test");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        revenue = TopologyDrivers.input(driver, Topics.REVENUE);
        margins = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE));

        // November: t1 spends 30 on search and 10 on chat, t2 70 on search, t3 5 on chat, and 2
        // on search carry no tenant. October: t1 spends 100 on chat.
        send("t1", "search", "30", IN_NOV);
        send("t1", "chat", "10", IN_NOV);
        send("t2", "search", "70", IN_NOV);
        send("t3", "chat", "5", IN_NOV);
        send(null, "search", "2", IN_NOV);
        send("t1", "chat", "100", IN_OCT);
        // Revenue: t1 100 in each month, t2 50 and t4 (no usage) 20 in November.
        setRevenue("t1", OCT, "100");
        setRevenue("t1", NOV, "100");
        setRevenue("t2", NOV, "50");
        setRevenue("t4", NOV, "20");
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void monthlyBucketsAndDailyBucketsGiveTheSameMarginsAndOldStateFallsBackToDays() {
        CustomerMarginReport customers = margins.marginByCustomer(new MarginQuery(WS, OCT, NOV, 50, null, null));
        FeatureMarginReport features = margins.marginByFeature(new MarginQuery(WS, OCT, NOV, 50, null, null));
        KeyValueStore<String, Rollup> store = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        List<String> monthly = monthlyKeys(store);
        // October: the total, t1, chat, t1 × chat. November: the total; t1, t2, t3 and no tenant; search and chat;
        // t1 × search, t1 × chat, t2 × search, t3 × chat, no tenant × search.
        assertThat(monthly).hasSize(4 + 12);

        // State from before monthly rollups: only daily buckets. The answers must not change.
        monthly.forEach(store::delete);
        assertThat(margins.marginByCustomer(new MarginQuery(WS, OCT, NOV, 50, null, null)))
                .isEqualTo(customers);
        assertThat(margins.marginByFeature(new MarginQuery(WS, OCT, NOV, 50, null, null)))
                .isEqualTo(features);

        // Upgraded mid-month: November's monthly buckets hold only the calls since; the days answer for it.
        send("t3", "chat", "1", IN_NOV);
        CustomerMarginReport after = margins.marginByCustomer(new MarginQuery(WS, NOV, NOV, 50, null, null));
        assertThat(after.rows())
                .filteredOn(r -> r.tenantId().equals("t3"))
                .extracting(r -> r.costUsd().toPlainString())
                .containsExactly("6.00");
        assertThat(after.totals().costUsd()).isEqualByComparingTo("116"); // 40 + 70 + 6; calls without a tenant apart
    }

    @Test
    void pastMonthsAreKeptInMemoryUntilALateEventChangesTheirTotal() {
        ClosedMonthCache closedMonths = new ClosedMonthCache(Clock.fixed(IN_DEC, ZoneOffset.UTC), 1_000);
        LocalMarginQueries cached = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE), closedMonths);
        MarginQuery both = new MarginQuery(WS, OCT, NOV, 50, null, null);

        FeatureMarginReport first = cached.marginByFeature(both);
        assertThat(first).isEqualTo(margins.marginByFeature(both));
        // October's one pair (t1 × chat) and November's five.
        assertThat(closedMonths.keptRows()).isEqualTo(6);

        // The kept rows answer: a pair's bucket removed from the store behind the month's total's back
        // does not change the answer (the store alone would now lose t2's search).
        KeyValueStore<String, Rollup> store = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        String t2Search = monthlyKeys(store).stream()
                .filter(k -> k.endsWith("t2" + RollupKeys.PAIR_SEP + "search"))
                .findFirst()
                .orElseThrow();
        Rollup removed = store.get(t2Search);
        store.delete(t2Search);
        assertThat(cached.marginByFeature(both)).isEqualTo(first);
        store.put(t2Search, removed);

        // A late event in November changes its total: the month is read again.
        send("t1", "search", "5", IN_NOV);
        FeatureMarginReport after = cached.marginByFeature(both);
        assertThat(after).isEqualTo(margins.marginByFeature(both)).isNotEqualTo(first);
        assertThat(after.totals().costUsd())
                .isEqualByComparingTo(first.totals().costUsd().add(new BigDecimal("5")));
    }

    @Test
    void theCurrentMonthAndReadsThatDoNotAddUpAreNotKept() {
        ClosedMonthCache closedMonths = new ClosedMonthCache(Clock.fixed(IN_NOV, ZoneOffset.UTC), 1_000);
        LocalMarginQueries cached = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE), closedMonths);
        MarginQuery both = new MarginQuery(WS, OCT, NOV, 50, null, null);
        assertThat(cached.marginByFeature(both)).isEqualTo(margins.marginByFeature(both));
        assertThat(closedMonths.keptRows())
                .as("only October: November is the current month")
                .isEqualTo(1);

        // A read that sees October's pairs not adding up to its total (as one overlapping a commit
        // could) is answered as read but not kept.
        ClosedMonthCache later = new ClosedMonthCache(Clock.fixed(IN_DEC, ZoneOffset.UTC), 1_000);
        LocalMarginQueries cachedLater = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE), later);
        KeyValueStore<String, Rollup> store = driver.getKeyValueStore(StoreNames.PRODUCT_ROLLUPS);
        String t1ChatOctober = monthlyKeys(store).stream()
                .filter(k -> k.endsWith("t1" + RollupKeys.PAIR_SEP + "chat"))
                .findFirst()
                .orElseThrow();
        store.delete(t1ChatOctober);
        MarginQuery october = new MarginQuery(WS, OCT, OCT, 50, null, null);
        assertThat(cachedLater.marginByFeature(october)).isEqualTo(margins.marginByFeature(october));
        assertThat(later.keptRows()).isZero();
    }

    private static List<String> monthlyKeys(KeyValueStore<String, Rollup> store) {
        List<String> monthly = new ArrayList<>();
        try (KeyValueIterator<String, Rollup> it = store.all()) {
            it.forEachRemaining(kv -> {
                if (kv.key.startsWith(WS + "\u0000" + RollupKeys.MONTH + "\u0000")) {
                    monthly.add(kv.key);
                }
            });
        }
        return monthly;
    }

    @Test
    void marginByCustomerOrdersTheLargestLossFirstAndFlagsEveryCase() {
        CustomerMarginReport report = margins.marginByCustomer(new MarginQuery(WS, NOV, NOV, 50, null, null));

        assertThat(report.rows())
                .extracting(
                        CustomerMargin::tenantId,
                        r -> r.revenueUsd().toPlainString(),
                        r -> r.costUsd().toPlainString(),
                        r -> r.marginUsd().toPlainString(),
                        r -> r.marginPercent() == null
                                ? null
                                : r.marginPercent().toPlainString(),
                        CustomerMargin::flags)
                .containsExactly(
                        // 50 - 70 = -20, -20 / 50 = -40 %
                        tuple("t2", "50.00", "70.00", "-20.00", "-40.0", List.of(CustomerMargin.NEGATIVE_MARGIN)),
                        // no revenue: no percentage
                        tuple(
                                "t3",
                                "0.00",
                                "5.00",
                                "-5.00",
                                null,
                                List.of(CustomerMargin.NO_REVENUE, CustomerMargin.NEGATIVE_MARGIN)),
                        tuple("t4", "20.00", "0.00", "20.00", "100.0", List.of(CustomerMargin.NO_USAGE)),
                        // 100 - 40 = 60
                        tuple("t1", "100.00", "40.00", "60.00", "60.0", List.of()));
        assertThat(report.customers()).isEqualTo(4);
        assertThat(report.customersWithoutRevenue()).isEqualTo(1);
        assertThat(report.customersWithNegativeMargin()).isEqualTo(2);
        // 170 - 115 = 55; 55 / 170 = 32.35 % → 32.4
        assertThat(report.totals().revenueUsd()).isEqualByComparingTo("170");
        assertThat(report.totals().costUsd()).isEqualByComparingTo("115");
        assertThat(report.totals().marginUsd()).isEqualByComparingTo("55");
        assertThat(report.totals().marginPercent()).isEqualByComparingTo("32.4");
        assertThat(report.unattributedCostUsd()).isEqualByComparingTo("2");
    }

    @Test
    void marginByFeatureAllocatesEachCustomersRevenueByItsCostPerFeature() {
        FeatureMarginReport report = margins.marginByFeature(new MarginQuery(WS, NOV, NOV, 50, null, null));

        // t1's 100 splits 30:10 → search 75, chat 25; t2's 50 all to search; t4 has no cost, so
        // its 20 stays unallocated. Costs include every call: search 30 + 70 + 2, chat 10 + 5.
        assertThat(report.rows())
                .extracting(
                        FeatureMargin::feature,
                        r -> r.allocatedRevenueUsd().toPlainString(),
                        r -> r.costUsd().toPlainString(),
                        r -> r.marginUsd().toPlainString(),
                        r -> r.marginPercent().toPlainString(),
                        FeatureMargin::calls)
                .containsExactly(
                        tuple("chat", "25.00", "15.00", "10.00", "40.0", 2L),
                        tuple("search", "125.00", "102.00", "23.00", "18.4", 3L));
        assertThat(report.totals().revenueUsd()).isEqualByComparingTo("150");
        assertThat(report.totals().costUsd()).isEqualByComparingTo("117");
        assertThat(report.totals().marginPercent()).isEqualByComparingTo("22.0");
        assertThat(report.unallocatedRevenueUsd()).isEqualByComparingTo("20");
    }

    @Test
    void aRangeOfMonthsSumsRevenueAndCostOfEachMonth() {
        CustomerMarginReport report = margins.marginByCustomer(new MarginQuery(WS, OCT, NOV, 50, null, null));

        CustomerMargin t1 = report.rows().stream()
                .filter(r -> r.tenantId().equals("t1"))
                .findFirst()
                .orElseThrow();
        assertThat(t1.revenueUsd()).isEqualByComparingTo("200");
        assertThat(t1.costUsd()).isEqualByComparingTo("140");
        assertThat(t1.calls()).isEqualTo(3);
    }

    @Test
    void theLatestRevenueRowWinsAndATombstoneDeletesIt() {
        setRevenue("t2", NOV, "90");
        revenue.pipeInput(RevenueRow.key(WS, "t4", NOV), null, IN_NOV);

        CustomerMarginReport report = margins.marginByCustomer(new MarginQuery(WS, NOV, NOV, 50, null, null));

        assertThat(report.rows())
                .extracting(CustomerMargin::tenantId, r -> r.marginUsd().toPlainString())
                .containsExactly(tuple("t3", "-5.00"), tuple("t2", "20.00"), tuple("t1", "60.00"));
        assertThat(report.totals().revenueUsd()).isEqualByComparingTo("190");
    }

    @Test
    void theLimitCutsRowsButNotTotals() {
        CustomerMarginReport report = margins.marginByCustomer(new MarginQuery(WS, NOV, NOV, 1, null, null));

        assertThat(report.rows()).extracting(CustomerMargin::tenantId).containsExactly("t2");
        assertThat(report.totals().revenueUsd()).isEqualByComparingTo("170");
    }

    @Test
    void otherWorkspacesAndMalformedRevenueKeysAreNotRead() {
        revenue.pipeInput(RevenueRow.key("ws_other", "t1", NOV), revenueRow("ws_other", "t1", NOV, "999"), IN_NOV);
        revenue.pipeInput("not-a-revenue-key", revenueRow(WS, "t1", NOV, "999"), IN_NOV);

        assertThat(margins.marginByCustomer(new MarginQuery(WS, NOV, NOV, 50, null, null))
                        .totals()
                        .revenueUsd())
                .isEqualByComparingTo("170");
    }

    @Test
    void invalidQueriesAreRefusedWithTheReason() {
        assertThatThrownBy(() -> margins.marginByCustomer(new MarginQuery(WS, NOV, OCT, 50, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("from must be");
        assertThatThrownBy(() -> margins.marginByFeature(new MarginQuery(WS, NOV.minusMonths(13), NOV, 50, null, null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 13 months");
    }

    private void send(String tenant, String feature, String cost, Instant ts) {
        ProductEvent event = new ProductEvent(
                "openai",
                "gpt-4.1",
                100,
                50,
                new BigDecimal(cost),
                null,
                null,
                ts,
                null,
                0L,
                0L,
                120L,
                "success",
                feature,
                tenant,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        events.pipeInput(WS, AcceptedEvent.of(WS, ts, event), ts);
    }

    private void setRevenue(String tenant, YearMonth month, String amount) {
        revenue.pipeInput(RevenueRow.key(WS, tenant, month), revenueRow(WS, tenant, month, amount), IN_NOV);
    }

    private static RevenueRow revenueRow(String ws, String tenant, YearMonth month, String amount) {
        return RevenueRow.of(ws, tenant, month, new BigDecimal(amount), IN_NOV, "test");
    }
}
