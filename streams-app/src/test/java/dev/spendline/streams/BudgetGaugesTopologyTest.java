package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.event.ProductEvents;
import dev.spendline.streams.budget.BudgetGauges;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.topics.Topics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The budget gauges over the production topology's stores: each budget's used and forecast ratio,
 * labelled by workspace and budget, and a deleted budget's series gone at the next refresh.
 */
class BudgetGaugesTopologyTest {

    /** 18 Nov 2026 12:00 UTC: 17.5 of the 30 days of November. */
    private static final Instant NOW = Instant.parse("2026-11-18T12:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestInputTopic<String, Budget> budgets;
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final BudgetGauges gauges = new BudgetGauges(registry);

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("budget-gauges-test", NOW);
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        budgets = TopologyDrivers.input(driver, Topics.BUDGETS);
        // ws_a: search 30 + 12, chat 9 this month; ws_b: 80 on everything. Last month's 500 never counts.
        send("ws_a", "search", "30", Instant.parse("2026-11-02T10:00:00Z"));
        send("ws_a", "search", "12", Instant.parse("2026-11-16T08:00:00Z"));
        send("ws_a", "chat", "9", Instant.parse("2026-11-18T11:00:00Z"));
        send("ws_a", "search", "500", Instant.parse("2026-10-20T10:00:00Z"));
        send("ws_b", "search", "80", Instant.parse("2026-11-17T10:00:00Z"));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void eachBudgetReportsItsUsedAndForecastRatioUnderItsWorkspaceAndId() {
        define("ws_a", "bud_search", BudgetScope.FEATURE, "search", "100");
        define("ws_a", "bud_all", BudgetScope.WORKSPACE, null, "200");
        define("ws_b", "bud_all", BudgetScope.WORKSPACE, null, "50");

        refresh();

        // 42 of 100; forecast 42 / 17.5 d × 30 d = 72.00 → 0.72
        assertThat(used("ws_a", "bud_search")).isEqualTo(0.42);
        assertThat(forecast("ws_a", "bud_search")).isEqualTo(0.72);
        // 51 of 200; forecast 51 / 17.5 × 30 = 87.43 → 0.43715
        assertThat(used("ws_a", "bud_all")).isEqualTo(0.255);
        assertThat(forecast("ws_a", "bud_all")).isEqualTo(0.43715);
        // 80 of 50: past the limit; forecast 137.14 → 2.7428
        assertThat(used("ws_b", "bud_all")).isEqualTo(1.6);
        assertThat(forecast("ws_b", "bud_all")).isEqualTo(2.7428);
        assertThat(registry.find(BudgetGauges.USED).gauges()).hasSize(3);
    }

    @Test
    void aDeletedBudgetLosesItsSeriesAndNewSpendMovesTheRatio() {
        define("ws_a", "bud_search", BudgetScope.FEATURE, "search", "100");
        define("ws_b", "bud_all", BudgetScope.WORKSPACE, null, "50");
        refresh();
        assertThat(used("ws_a", "bud_search")).isEqualTo(0.42);

        budgets.pipeInput(Budget.key("ws_b", "bud_all"), (Budget) null);
        send("ws_a", "search", "8", Instant.parse("2026-11-18T09:00:00Z"));
        refresh();

        assertThat(used("ws_a", "bud_search")).isEqualTo(0.5);
        assertThat(registry.find(BudgetGauges.USED).tag("workspace", "ws_b").gauges())
                .isEmpty();
        assertThat(registry.find(BudgetGauges.FORECAST).tag("workspace", "ws_b").gauges())
                .isEmpty();
    }

    @Test
    void noForecastSeriesBeforeATenthOfThePeriod() {
        define("ws_a", "bud_search", BudgetScope.FEATURE, "search", "100");
        // 2 Nov 12:00: 1.5 of 30 days, so no forecast yet; 30 spent by then.
        gauges.show(LocalBudgetQueries.statusOfEvery(
                driver.getKeyValueStore(StoreNames.BUDGETS),
                TopologyDrivers.rollups(driver),
                Clock.fixed(Instant.parse("2026-11-02T12:00:00Z"), ZoneOffset.UTC)));

        assertThat(used("ws_a", "bud_search")).isEqualTo(0.3);
        assertThat(registry.find(BudgetGauges.FORECAST).gauges()).isEmpty();
    }

    private void refresh() {
        gauges.show(LocalBudgetQueries.statusOfEvery(
                driver.getKeyValueStore(StoreNames.BUDGETS),
                TopologyDrivers.rollups(driver),
                Clock.fixed(NOW, ZoneOffset.UTC)));
    }

    private double used(String ws, String budget) {
        return gauge(BudgetGauges.USED, ws, budget).value();
    }

    private double forecast(String ws, String budget) {
        return gauge(BudgetGauges.FORECAST, ws, budget).value();
    }

    private Gauge gauge(String name, String ws, String budget) {
        Gauge gauge =
                registry.find(name).tag("workspace", ws).tag("budget", budget).gauge();
        assertThat(gauge).as(name + " of " + ws + "/" + budget).isNotNull();
        return gauge;
    }

    private void define(String ws, String id, BudgetScope scope, String value, String limit) {
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION,
                ws,
                id,
                id,
                scope,
                value,
                BudgetPeriod.MONTHLY,
                new BigDecimal(limit),
                Instant.parse("2026-11-01T00:00:00Z"),
                "key_test");
        budgets.pipeInput(budget.key(), budget);
    }

    private void send(String ws, String feature, String cost, Instant ts) {
        ProductEvent event = ProductEvents.with(
                ProductEvents.minimal(ts), "costUsd", new BigDecimal(cost), "feature", feature, "status", "success");
        events.pipeInput(ws, AcceptedEvent.of(ws, ts, event), ts);
    }
}
