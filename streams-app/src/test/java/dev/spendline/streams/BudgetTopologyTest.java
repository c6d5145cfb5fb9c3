package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Instant;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Budgets through the production topology: definitions from the budgets topic, spend from the
 * events, status read from the stores. Figures are worked out by hand in the comments.
 */
class BudgetTopologyTest {

    private static final String WS = "ws_b";
    /** Wednesday 18 Nov 2026, 12:00 UTC: half of the day, 2.5 of the 7 days of the week, 17.5 of 30 days. */
    private static final Instant NOW = Instant.parse("2026-11-18T12:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestInputTopic<String, Budget> budgets;
    private LocalBudgetQueries queries;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("budget-test");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        budgets = TopologyDrivers.input(driver, Topics.BUDGETS);
        queries = new LocalBudgetQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.BUDGETS),
                java.time.Clock.fixed(NOW, java.time.ZoneOffset.UTC));

        // This month: search 30 on 2 Nov (before this week), search 12 on Monday 16 Nov, search 6
        // and chat 9 today (the chat call on gpt-4.1-mini at 11:59). Last month: search 500.
        send(WS, "search", "gpt-4.1", "30", Instant.parse("2026-11-02T10:00:00Z"));
        send(WS, "search", "gpt-4.1", "12", Instant.parse("2026-11-16T08:00:00Z"));
        send(WS, "search", "gpt-4.1", "6", Instant.parse("2026-11-18T01:30:00Z"));
        send(WS, "chat", "gpt-4.1-mini", "9", Instant.parse("2026-11-18T11:59:00Z"));
        send(WS, "search", "gpt-4.1", "500", Instant.parse("2026-10-20T10:00:00Z"));
        // Another workspace spends on the same feature; it must not count.
        send("ws_other", "search", "gpt-4.1", "1000", Instant.parse("2026-11-18T02:00:00Z"));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void eachBudgetCountsOnlyItsScopeAndPeriodAndTheWorstComesFirst() {
        define("b1", "Search monthly", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "100");
        define("b2", "Search weekly", BudgetScope.FEATURE, "search", BudgetPeriod.WEEKLY, "20");
        define("b3", "Everything today", BudgetScope.WORKSPACE, null, BudgetPeriod.DAILY, "16");
        define("b4", "Mini monthly", BudgetScope.MODEL, "gpt-4.1-mini", BudgetPeriod.MONTHLY, "1000");

        BudgetStatusReport report = queries.budgetStatus(BudgetStatusQuery.all(WS, NOW));

        assertThat(report.budgets())
                .extracting(
                        s -> s.budget().id(),
                        s -> s.spentUsd().toPlainString(),
                        s -> s.percentUsed().toPlainString(),
                        s -> s.forecastUsd() == null ? null : s.forecastUsd().toPlainString(),
                        BudgetStatus::state)
                .containsExactly(
                        // today 6 + 9 = 15 of 16: 93.8 %; forecast 15 / 12 h × 24 h = 30 > 16
                        tuple("b3", "15.00", "93.8", "30.00", BudgetState.WARNING),
                        // this week 12 + 6 = 18 of 20: 90 %; 18 / 2.5 d × 7 d = 50.40
                        tuple("b2", "18.00", "90.0", "50.40", BudgetState.WARNING),
                        // this month 30 + 12 + 6 = 48 of 100: 48 %; 48 / 17.5 d × 30 d = 82.29 < 100
                        tuple("b1", "48.00", "48.0", "82.29", BudgetState.OK),
                        // 9 of 1000: 0.9 %; 9 / 17.5 × 30 = 15.43
                        tuple("b4", "9.00", "0.9", "15.43", BudgetState.OK));
        assertThat(report.warning()).isEqualTo(2);
        assertThat(report.ok()).isEqualTo(2);
        assertThat(report.exceeded()).isZero();
        BudgetStatus weekly = report.budgets().get(1);
        assertThat(weekly.periodStart()).isEqualTo(Instant.parse("2026-11-16T00:00:00Z"));
        assertThat(weekly.periodEnd()).isEqualTo(Instant.parse("2026-11-23T00:00:00Z"));
    }

    @Test
    void spendAtTheLimitIsExceededAndLaterEventsMoveTheStatus() {
        define("b1", "Search monthly", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "48");
        assertThat(stateOf("b1")).isEqualTo(BudgetState.EXCEEDED);

        define("b1", "Search monthly", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "200");
        // 48 of 200 = 24 %; forecast 82.29: OK. Then 120 more today: 168 = 84 % → WARNING.
        assertThat(stateOf("b1")).isEqualTo(BudgetState.OK);
        send(WS, "search", "gpt-4.1", "120", Instant.parse("2026-11-18T09:00:00Z"));
        assertThat(stateOf("b1")).isEqualTo(BudgetState.WARNING);
    }

    @Test
    void noForecastBeforeATenthOfThePeriodAndLastMonthsSpendIsNotCounted() {
        define("b1", "Search monthly", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "100");
        // 2 Nov 12:00 is 1.5 days into a 30-day month (5 %): no forecast; only the 30 of 2 Nov.
        BudgetStatus early = queries.budgetStatus(BudgetStatusQuery.all(WS, Instant.parse("2026-11-02T12:00:00Z")))
                .budgets()
                .get(0);
        assertThat(early.forecastUsd()).isNull();
        assertThat(early.spentUsd()).isEqualByComparingTo("30");
        assertThat(early.state()).isEqualTo(BudgetState.OK);
        // In October the same budget saw the 500.
        BudgetStatus october = queries.budgetStatus(BudgetStatusQuery.all(WS, Instant.parse("2026-10-31T12:00:00Z")))
                .budgets()
                .get(0);
        assertThat(october.spentUsd()).isEqualByComparingTo("500");
        assertThat(october.state()).isEqualTo(BudgetState.EXCEEDED);
    }

    @Test
    void aTombstoneDeletesAndOtherWorkspacesBudgetsStayApart() {
        define("b1", "Search monthly", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "100");
        budgets.pipeInput(Budget.key("ws_other", "b9"), budget("ws_other", "b9", BudgetScope.WORKSPACE, null, "5"));

        assertThat(queries.budgetStatus(BudgetStatusQuery.all(WS, NOW)).budgets())
                .extracting(s -> s.budget().id())
                .containsExactly("b1");
        BudgetStatus other = queries.budgetStatus(BudgetStatusQuery.all("ws_other", NOW))
                .budgets()
                .get(0);
        assertThat(other.spentUsd()).isEqualByComparingTo("1000");

        budgets.pipeInput(Budget.key(WS, "b1"), (Budget) null);
        assertThat(queries.budgetStatus(BudgetStatusQuery.all(WS, NOW)).budgets())
                .isEmpty();
    }

    @Test
    void aRecordWhoseKeyDoesNotMatchItsBudgetIsSkipped() {
        budgets.pipeInput(Budget.key(WS, "b1"), budget("ws_other", "b1", BudgetScope.WORKSPACE, null, "5"));
        budgets.pipeInput("no-separator", budget(WS, "b2", BudgetScope.WORKSPACE, null, "5"));

        assertThat(queries.budgetStatus(BudgetStatusQuery.all(WS, NOW)).budgets())
                .isEmpty();
        assertThat(queries.budgetStatus(BudgetStatusQuery.all("ws_other", NOW)).budgets())
                .isEmpty();
    }

    private BudgetState stateOf(String id) {
        return queries.budgetStatus(BudgetStatusQuery.all(WS, NOW)).budgets().stream()
                .filter(s -> s.budget().id().equals(id))
                .findFirst()
                .orElseThrow()
                .state();
    }

    private void define(String id, String name, BudgetScope scope, String value, BudgetPeriod period, String limit) {
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION,
                WS,
                id,
                name,
                scope,
                value,
                period,
                new BigDecimal(limit),
                Instant.parse("2026-11-01T00:00:00Z"),
                "key_test");
        budgets.pipeInput(budget.key(), budget);
    }

    private static Budget budget(String ws, String id, BudgetScope scope, String value, String limit) {
        return new Budget(
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
    }

    private void send(String ws, String feature, String model, String cost, Instant ts) {
        ProductEvent event = new ProductEvent(
                "openai",
                model,
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
                "t1",
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        events.pipeInput(ws, AcceptedEvent.of(ws, ts, event), ts);
    }
}
