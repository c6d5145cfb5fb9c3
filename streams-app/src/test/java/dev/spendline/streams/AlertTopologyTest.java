package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.streams.alert.LocalAlertQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Budget alerts through the production topology, with the driver's wall clock as "now": which
 * alerts open, escalate, resolve, and what is published on {@code spendline.alerts.v1}.
 */
class AlertTopologyTest {

    private static final String WS = "ws_a";
    /** Wednesday 18 Nov 2026, 12:00 UTC: 17.5 of the 30 days of November have passed. */
    private static final Instant NOW = Instant.parse("2026-11-18T12:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestInputTopic<String, Budget> budgets;
    private TestInputTopic<String, AlertSnooze> snoozes;
    private TestOutputTopic<String, Alert> published;
    private LocalAlertQueries queries;
    private int eventCount;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("alert-test", NOW);
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        budgets = TopologyDrivers.input(driver, Topics.BUDGETS);
        snoozes = TopologyDrivers.input(driver, Topics.ALERT_SNOOZES);
        published = driver.createOutputTopic(
                Topics.ALERTS.name(),
                Topics.ALERTS.keySerde().deserializer(),
                Topics.ALERTS.valueSerde().deserializer());
        queries = new LocalAlertQueries(
                ws -> driver.getKeyValueStore(StoreNames.ALERTS),
                ws -> driver.getKeyValueStore(StoreNames.ALERT_SNOOZES));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void thresholdAlertOpensAt50EscalatesAt80And100AndIsNeverRaisedTwice() {
        define("b1", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "100");
        assertThat(published.isEmpty()).isTrue();

        spend("search", "49.99", NOW.minusSeconds(60)); // 49.99 %: nothing yet
        spend("chat", "70", NOW.minusSeconds(60)); // another feature: not this budget
        assertThat(published.isEmpty()).isTrue();
        spend("search", "0.01", NOW.minusSeconds(50)); // 50 %
        spend("search", "10", NOW.minusSeconds(40)); // 60 %: same threshold, no new record
        spend("search", "25", NOW.minusSeconds(30)); // 85 %
        spend("search", "15", NOW.minusSeconds(20)); // 100 %
        spend("search", "40", NOW.minusSeconds(10)); // 140 %: still the same alert

        List<Alert> all = published.readValuesToList();
        List<Alert> changes = ofType(all, AlertType.BUDGET_THRESHOLD);
        // At 60 spent after 17.5 days the forecast (102.86) passed the limit: one forecast alert.
        assertThat(ofType(all, AlertType.BUDGET_FORECAST))
                .extracting(Alert::lastChange, a -> a.evidence().spentUsd().toPlainString())
                .containsExactly(tuple(AlertChange.OPENED, "60.00"));
        assertThat(changes)
                .extracting(
                        Alert::type,
                        Alert::lastChange,
                        Alert::severity,
                        a -> a.evidence().thresholdPercent(),
                        a -> a.evidence().spentUsd().toPlainString())
                .containsExactly(
                        tuple(AlertType.BUDGET_THRESHOLD, AlertChange.OPENED, AlertSeverity.INFO, 50, "50.00"),
                        tuple(AlertType.BUDGET_THRESHOLD, AlertChange.UPDATED, AlertSeverity.WARNING, 80, "85.00"),
                        tuple(AlertType.BUDGET_THRESHOLD, AlertChange.UPDATED, AlertSeverity.CRITICAL, 100, "100.00"));
        assertThat(changes).extracting(Alert::id).containsOnly(changes.get(0).id());
        assertThat(changes.get(2).message())
                .isEqualTo("Budget \"b1\" (feature search, monthly) has used 100.0% of its $100.00 limit:"
                        + " $100.00 spent (threshold 100 %).");
        assertThat(changes.get(0).openedAt()).isEqualTo(NOW);

        ActiveAlertsReport active = queries.activeAlerts(ActiveAlertsQuery.all(WS, NOW));
        assertThat(active.alerts())
                .extracting(Alert::type, Alert::severity)
                .containsExactly(
                        tuple(AlertType.BUDGET_THRESHOLD, AlertSeverity.CRITICAL),
                        tuple(AlertType.BUDGET_FORECAST, AlertSeverity.WARNING));
    }

    @Test
    void aBudgetCreatedAfterTheSpendIsEvaluatedAtOnceWithTheForecast() {
        // 60 spent by mid-month forecasts 60 / 17.5 × 30 = 102.86 > 100.
        spend("search", "60", NOW.minus(Duration.ofDays(3)));
        define("b1", BudgetScope.WORKSPACE, null, BudgetPeriod.MONTHLY, "100");

        assertThat(published.readValuesToList())
                .extracting(Alert::type, Alert::severity, a -> a.evidence().forecastUsd())
                .containsExactlyInAnyOrder(
                        tuple(AlertType.BUDGET_THRESHOLD, AlertSeverity.INFO, new BigDecimal("102.86")),
                        tuple(AlertType.BUDGET_FORECAST, AlertSeverity.WARNING, new BigDecimal("102.86")));

        // Raising the limit to 1000 puts the spend under 50 % and the forecast under the limit.
        define("b1", BudgetScope.WORKSPACE, null, BudgetPeriod.MONTHLY, "1000");
        assertThat(published.readValuesToList())
                .extracting(Alert::type, Alert::lastChange, Alert::status)
                .containsExactlyInAnyOrder(
                        tuple(AlertType.BUDGET_THRESHOLD, AlertChange.RESOLVED, AlertStatus.RESOLVED),
                        tuple(AlertType.BUDGET_FORECAST, AlertChange.RESOLVED, AlertStatus.RESOLVED));
        assertThat(queries.activeAlerts(ActiveAlertsQuery.all(WS, NOW)).alerts())
                .isEmpty();
    }

    @Test
    void eventsOutsideTheCurrentPeriodAndResendsDoNotCount() {
        define("b1", BudgetScope.FEATURE, "search", BudgetPeriod.DAILY, "10");
        spend("search", "9", Instant.parse("2026-11-17T23:00:00Z")); // yesterday
        AcceptedEvent once = event("search", "4", NOW.minusSeconds(5), "same-id");
        events.pipeInput(WS, once, NOW);
        events.pipeInput(WS, once, NOW); // a resend: dropped by dedupe before the budget sees it
        assertThat(published.isEmpty()).isTrue(); // 4 of 10 today
        spend("search", "1", NOW.minusSeconds(1)); // 5 of 10
        assertThat(published.readValuesToList())
                .extracting(a -> a.evidence().spentUsd().toPlainString())
                .containsExactly("5.00");
    }

    @Test
    void alertsResolveWhenThePeriodEndsAndANewPeriodStartsAFreshAlert() {
        define("b1", BudgetScope.FEATURE, "search", BudgetPeriod.DAILY, "10");
        spend("search", "6", NOW.minusSeconds(5));
        // 60 % at noon: a threshold alert, and a forecast of 12 over the limit of 10.
        List<Alert> opened = published.readValuesToList();
        assertThat(opened)
                .extracting(Alert::type)
                .containsExactly(AlertType.BUDGET_THRESHOLD, AlertType.BUDGET_FORECAST);
        Alert today = opened.get(0);

        // Past midnight the punctuation resolves both (it runs every 10 s of wall-clock time).
        driver.advanceWallClockTime(Duration.ofHours(12).plusSeconds(10));
        List<Alert> resolved = published.readValuesToList();
        assertThat(resolved)
                .extracting(Alert::id)
                .containsExactlyInAnyOrder(today.id(), opened.get(1).id());
        assertThat(resolved).allSatisfy(a -> {
            assertThat(a.lastChange()).isEqualTo(AlertChange.RESOLVED);
            assertThat(a.message()).endsWith("Resolved: the budget period ended.");
        });
        assertThat(queries.activeAlerts(ActiveAlertsQuery.all(WS, NOW.plus(Duration.ofHours(13))))
                        .alerts())
                .isEmpty();

        // The next day's spend opens a new alert with a new id.
        spend("search", "5", Instant.parse("2026-11-19T00:05:00Z"));
        Alert tomorrow = published.readValue();
        assertThat(tomorrow.id()).isNotEqualTo(today.id());
        assertThat(tomorrow.evidence().periodStart()).isEqualTo(Instant.parse("2026-11-19T00:00:00Z"));
    }

    @Test
    void deletingTheBudgetResolvesItsAlerts() {
        define("b1", BudgetScope.TENANT, "t1", BudgetPeriod.WEEKLY, "10");
        spend("search", "8", NOW.minusSeconds(5));
        // 80 % at once: the alert opens as WARNING; the forecast (22.40) is over the limit too.
        assertThat(published.readValuesToList())
                .extracting(Alert::type, Alert::severity)
                .containsExactly(
                        tuple(AlertType.BUDGET_THRESHOLD, AlertSeverity.WARNING),
                        tuple(AlertType.BUDGET_FORECAST, AlertSeverity.WARNING));
        budgets.pipeInput(Budget.key(WS, "b1"), (Budget) null, NOW);
        assertThat(published.readValuesToList()).hasSize(2).allSatisfy(a -> {
            assertThat(a.status()).isEqualTo(AlertStatus.RESOLVED);
            assertThat(a.message()).endsWith("Resolved: the budget was deleted.");
        });
        spend("search", "8", NOW.minusSeconds(4));
        assertThat(published.isEmpty()).isTrue();
    }

    @Test
    void aSnoozeHidesTheAlertUntilItEndsAndATombstoneEndsItEarly() {
        define("b1", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "10");
        spend("search", "9", NOW.minusSeconds(5));
        Alert alert =
                ofType(published.readValuesToList(), AlertType.BUDGET_THRESHOLD).get(0);
        Instant until = NOW.plus(Duration.ofHours(2));
        snoozes.pipeInput(
                alert.key(),
                new AlertSnooze(AlertSnooze.SCHEMA_VERSION, WS, alert.id(), until, "known spike", NOW, "key_1"),
                NOW);

        ActiveAlertsReport during = queries.activeAlerts(ActiveAlertsQuery.all(WS, NOW.plusSeconds(60)));
        // Only the forecast alert (not snoozed) is left in the active list.
        assertThat(during.alerts()).extracting(Alert::type).containsExactly(AlertType.BUDGET_FORECAST);
        assertThat(during.snoozed()).singleElement().satisfies(s -> {
            assertThat(s.alert().id()).isEqualTo(alert.id());
            assertThat(s.reason()).isEqualTo("known spike");
            assertThat(s.until()).isEqualTo(until);
        });
        assertThat(queries.activeAlerts(ActiveAlertsQuery.all(WS, until)).alerts())
                .extracting(Alert::id)
                .contains(alert.id());

        snoozes.pipeInput(alert.key(), (AlertSnooze) null, NOW);
        assertThat(queries.activeAlerts(ActiveAlertsQuery.all(WS, NOW.plusSeconds(60)))
                        .alerts())
                .hasSize(2);
        // Snoozing does not stop the alert from escalating on the topic.
        spend("search", "1", NOW.minusSeconds(4));
        assertThat(published.readValue().severity()).isEqualTo(AlertSeverity.CRITICAL);
        assertThat(queries.activeAlerts(ActiveAlertsQuery.all("ws_other", NOW)).alerts())
                .isEmpty();
    }

    @Test
    void spendFarAboveTheTrailingWeekOpensOneAnomalyForTheHourThatResolvesWhenItEnds() {
        history("1", "success");
        // The 7 days averaged 1 USD an hour with no spread: the threshold is max(1 + 0, 2 × 1, 1) = 2.
        spend("search", "1.5", NOW.plusSeconds(60));
        assertThat(published.isEmpty()).isTrue();
        spend("search", "0.6", NOW.plusSeconds(120)); // 2.10 this hour
        spend("search", "5", NOW.plusSeconds(180)); // still the same hour: no second alert

        List<Alert> alerts = published.readValuesToList();
        assertThat(alerts).singleElement().satisfies(a -> {
            assertThat(a.type()).isEqualTo(AlertType.SPEND_ANOMALY);
            assertThat(a.severity()).isEqualTo(AlertSeverity.WARNING);
            assertThat(a.evidence().spentUsd()).isEqualByComparingTo("2.10");
            assertThat(a.evidence().baselineUsd()).isEqualByComparingTo("1");
            assertThat(a.evidence().thresholdUsd()).isEqualByComparingTo("2");
            assertThat(a.evidence().periodStart()).isEqualTo(NOW);
            assertThat(a.message())
                    .isEqualTo("Spend in the hour from 2026-11-18T12:00:00Z is $2.10, above the anomaly threshold of"
                            + " $2.00 (the last 7 days averaged $1.00 an hour).");
        });
        driver.advanceWallClockTime(Duration.ofHours(1));
        assertThat(published.readValue().lastChange()).isEqualTo(AlertChange.RESOLVED);
    }

    @Test
    void noAnomalyWithoutADayOfHistoryOrForAnEarlierHour() {
        spend("search", "500", NOW.plusSeconds(60)); // no history at all
        history("1", "success");
        spend("search", "500", NOW.minus(Duration.ofMinutes(30))); // the previous hour
        assertThat(published.readValuesToList()).extracting(Alert::type).doesNotContain(AlertType.SPEND_ANOMALY);
    }

    @Test
    void aFailedShareFarAboveTheTrailingWeekIsAnErrorRateSpike() {
        history("0.01", "success"); // 0 % failed over the week: a spike needs max(3 × 0, 0 + 10) = 10 %
        for (int i = 0; i < 17; i++) {
            spend("search", "0.01", NOW.plusSeconds(10 + i));
        }
        failed(NOW.plusSeconds(40));
        failed(NOW.plusSeconds(41));
        assertThat(published.isEmpty()).isTrue(); // 19 calls: fewer than 20
        failed(NOW.plusSeconds(42)); // 3 of 20 = 15 %

        assertThat(published.readValuesToList()).singleElement().satisfies(a -> {
            assertThat(a.type()).isEqualTo(AlertType.ERROR_RATE_SPIKE);
            assertThat(a.severity()).isEqualTo(AlertSeverity.WARNING);
            assertThat(a.evidence().calls()).isEqualTo(20);
            assertThat(a.evidence().errors()).isEqualTo(3);
            assertThat(a.evidence().errorRatePercent()).isEqualByComparingTo("15.0");
            assertThat(a.evidence().baselineErrorRatePercent()).isEqualByComparingTo("0");
        });
    }

    /** One call an hour for the 168 hours before NOW's hour. */
    private void history(String cost, String status) {
        for (int h = 1; h <= 168; h++) {
            Instant ts = NOW.minus(Duration.ofHours(h)).plusSeconds(30);
            events.pipeInput(WS, eventWithStatus("search", cost, ts, "h-" + h, status), ts);
        }
    }

    private void failed(Instant ts) {
        events.pipeInput(WS, eventWithStatus("search", "0.01", ts, "f-" + ts.getEpochSecond(), "error"), ts);
    }

    private static List<Alert> ofType(List<Alert> alerts, AlertType type) {
        return alerts.stream().filter(a -> a.type() == type).toList();
    }

    private void define(String id, BudgetScope scope, String value, BudgetPeriod period, String limit) {
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION, WS, id, id, scope, value, period, new BigDecimal(limit), NOW, "key_test");
        budgets.pipeInput(budget.key(), budget, NOW);
    }

    private void spend(String feature, String cost, Instant ts) {
        events.pipeInput(WS, event(feature, cost, ts, "e-" + (++eventCount)), ts);
    }

    private static AcceptedEvent event(String feature, String cost, Instant ts, String externalId) {
        return eventWithStatus(feature, cost, ts, externalId, "success");
    }

    private static AcceptedEvent eventWithStatus(
            String feature, String cost, Instant ts, String externalId, String status) {
        ProductEvent event = new ProductEvent(
                "openai",
                "gpt-4.1",
                100,
                50,
                new BigDecimal(cost),
                "app",
                externalId,
                ts,
                null,
                0L,
                0L,
                120L,
                status,
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
        return AcceptedEvent.of(WS, ts, event);
    }
}
