package dev.spendline.streams;

import static dev.spendline.streams.KnownAnswerWorkspace.DEC_1;
import static dev.spendline.streams.KnownAnswerWorkspace.NOV;
import static dev.spendline.streams.KnownAnswerWorkspace.NOV_1;
import static dev.spendline.streams.KnownAnswerWorkspace.NOW;
import static dev.spendline.streams.KnownAnswerWorkspace.WS;
import static dev.spendline.streams.KnownAnswerWorkspace.between;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.savings.SuggestedAction;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.KnownAnswerWorkspace.Call;
import dev.spendline.streams.alert.LocalAlertQueries;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.streams.margin.LocalMarginQueries;
import dev.spendline.streams.quota.LocalQuotaQueries;
import dev.spendline.streams.savings.SavingsRecommender;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.streams.waste.LocalWasteQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every read tool on the seeded {@link KnownAnswerWorkspace}, through the production topology:
 * each figure is compared with the sum worked out from the generated calls, to the nano-dollar.
 * An IT (run by {@code verify}) only for its time: some 20 s of records through the driver.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KnownAnswersTopologyIT {

    private static final long SEED = 20261122L;

    private final KnownAnswerWorkspace known = KnownAnswerWorkspace.generate(SEED);
    private TopologyTestDriver driver;
    private LocalSpendQueries spend;
    private LocalMarginQueries margins;
    private LocalWasteQueries waste;
    private LocalBudgetQueries budgets;
    private LocalAlertQueries alerts;
    private LocalQuotaQueries quota;
    private List<Alert> published;

    @BeforeAll
    void run() {
        driver = TopologyDrivers.start("known-answers", NOW);
        TestInputTopic<String, RevenueRow> revenueIn = TopologyDrivers.input(driver, Topics.REVENUE);
        TestInputTopic<String, Budget> budgetsIn = TopologyDrivers.input(driver, Topics.BUDGETS);
        TestInputTopic<String, AcceptedEvent> eventsIn = TopologyDrivers.input(driver, Topics.EVENTS);
        TestOutputTopic<String, Alert> alertsOut = driver.createOutputTopic(
                Topics.ALERTS.name(),
                Topics.ALERTS.keySerde().deserializer(),
                Topics.ALERTS.valueSerde().deserializer());
        known.revenue.forEach(r -> revenueIn.pipeInput(RevenueRow.key(WS, r.tenantId(), NOV), r, NOV_1));
        known.budgets.forEach(b -> budgetsIn.pipeInput(b.key(), b, NOV_1));
        for (Call c : known.inSendingOrder()) {
            eventsIn.pipeInput(WS, c.accepted(), c.accepted().receivedAt());
        }
        published = alertsOut.readValuesToList();

        spend = new LocalSpendQueries(TopologyDrivers.rollups(driver), Clock.fixed(NOW, ZoneOffset.UTC));
        margins = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE));
        waste = new LocalWasteQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS),
                Clock.fixed(NOW, ZoneOffset.UTC));
        budgets = new LocalBudgetQueries(
                TopologyDrivers.rollups(driver),
                ws -> driver.getKeyValueStore(StoreNames.BUDGETS),
                Clock.fixed(NOW, ZoneOffset.UTC));
        alerts = new LocalAlertQueries(
                ws -> driver.getKeyValueStore(StoreNames.ALERTS),
                ws -> driver.getKeyValueStore(StoreNames.ALERT_SNOOZES));
        quota = new LocalQuotaQueries(
                ws -> driver.getKeyValueStore(StoreNames.QUOTA_USAGE),
                ws -> driver.getWindowStore(StoreNames.DEDUPE_EVENTS),
                Duration.ofDays(35),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @AfterAll
    void stop() {
        driver.close();
    }

    @Test
    void theGeneratorIsDeterministicAndHasEveryIngredient() {
        KnownAnswerWorkspace again = KnownAnswerWorkspace.generate(SEED);
        assertThat(again.calls).hasSameSizeAs(known.calls);
        assertThat(again.costOf(c -> true)).isEqualByComparingTo(known.costOf(c -> true));
        assertThat(known.calls).anyMatch(Call::resend);
        for (WasteKind kind : WasteKind.values()) {
            assertThat(known.counted()).as(kind.name()).anyMatch(c -> c.waste().containsKey(kind));
        }
    }

    @Test
    void spendByFeatureAndByCustomer() {
        for (Dimension by : List.of(Dimension.FEATURE, Dimension.TENANT, Dimension.MODEL, Dimension.WORKFLOW)) {
            SpendReport report = spend.spendBy(new SpendQuery(WS, UsageKind.PRODUCT, by, NOV_1, DEC_1, Map.of(), 100));
            Map<String, BigDecimal> expected = sumBy(known.counted(), c -> valueOf(c, by));
            assertThat(rowsOf(report)).as(by.wireName()).isEqualTo(normalized(expected));
            assertThat(report.totals().calls()).isEqualTo(known.counted().size());
        }
    }

    @Test
    void quotaCountsEveryCallOnceAndNoResend() {
        long distinct = known.counted().size();
        assertThat(known.calls.size()).isGreaterThan((int) distinct);
        assertThat(quota.quotaUsage(new QuotaUsageQuery(WS, NOV)).acceptedEvents())
                .isEqualTo(distinct);
    }

    @Test
    void marginByCustomer() {
        CustomerMarginReport report = margins.marginByCustomer(new MarginQuery(WS, NOV, NOV, 50, null, null));
        Map<String, BigDecimal> cost = sumBy(known.counted(), c -> c.event().tenantId());
        Map<String, BigDecimal> revenue = revenue();
        for (CustomerMargin row : report.rows()) {
            BigDecimal r = revenue.getOrDefault(row.tenantId(), BigDecimal.ZERO);
            BigDecimal c = cost.getOrDefault(row.tenantId(), BigDecimal.ZERO);
            assertThat(row.costUsd()).as(row.tenantId()).isEqualByComparingTo(c);
            assertThat(row.revenueUsd()).as(row.tenantId()).isEqualByComparingTo(r);
            assertThat(row.marginUsd()).as(row.tenantId()).isEqualByComparingTo(r.subtract(c));
        }
        assertThat(report.rows())
                .extracting(CustomerMargin::tenantId, CustomerMargin::flags)
                .contains(
                        tuple("t2", List.of(CustomerMargin.NEGATIVE_MARGIN)),
                        tuple("t3", List.of(CustomerMargin.NO_REVENUE, CustomerMargin.NEGATIVE_MARGIN)),
                        tuple("t5", List.of(CustomerMargin.NO_USAGE)));
        assertThat(report.rows().get(0).tenantId()).as("the largest loss first").isEqualTo("t2");
        assertThat(report.customers()).isEqualTo(5);
    }

    @Test
    void marginByFeatureSharesEachCustomersRevenueByItsCostPerFeature() {
        FeatureMarginReport report = margins.marginByFeature(new MarginQuery(WS, NOV, NOV, 50, null, null));
        Map<String, BigDecimal> revenue = revenue();
        // The exact share of each feature: Σ over customers of revenue × cost(customer, feature) / cost(customer).
        Map<String, BigDecimal> exact = new TreeMap<>();
        Map<String, BigDecimal> tenantCost =
                sumBy(known.counted(), c -> c.event().tenantId());
        for (Call c : known.counted()) {
            BigDecimal r = revenue.get(c.event().tenantId());
            if (r != null) {
                exact.merge(
                        c.event().feature(),
                        r.multiply(c.cost()).divide(tenantCost.get(c.event().tenantId()), 30, RoundingMode.HALF_EVEN),
                        BigDecimal::add);
            }
        }
        Map<String, BigDecimal> featureCost =
                sumBy(known.counted(), c -> c.event().feature());
        BigDecimal allocated = BigDecimal.ZERO;
        for (FeatureMargin row : report.rows()) {
            BigDecimal expected = exact.getOrDefault(row.feature(), BigDecimal.ZERO);
            // Each customer's share is rounded to the nano-dollar: at most one nano-dollar per customer off.
            assertThat(row.allocatedRevenueUsd().subtract(expected).abs())
                    .as(row.feature())
                    .isLessThanOrEqualTo(new BigDecimal("0.000000003"));
            assertThat(row.costUsd()).as(row.feature()).isEqualByComparingTo(featureCost.get(row.feature()));
            assertThat(row.marginUsd())
                    .isEqualByComparingTo(row.allocatedRevenueUsd().subtract(row.costUsd()));
            allocated = allocated.add(row.allocatedRevenueUsd());
        }
        // t1, t2 and t4 have revenue and cost: all 2,510 USD shared exactly; t5's 100 has no cost to share by.
        assertThat(allocated).isEqualByComparingTo("2510");
        assertThat(report.unallocatedRevenueUsd()).isEqualByComparingTo("100");
    }

    @Test
    void topWasteHasEveryKindExactly() {
        TopWasteReport report = waste.topWaste(new TopWasteQuery(WS, NOV_1, DEC_1, null, 20, null, null));
        for (WasteRow row : report.kinds()) {
            List<Call> ofKind = known.counted().stream()
                    .filter(c -> c.waste().containsKey(row.kind()))
                    .toList();
            BigDecimal expected =
                    ofKind.stream().map(c -> c.waste().get(row.kind())).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(row.costUsd()).as(row.kind().name()).isEqualByComparingTo(expected);
            assertThat(row.calls()).as(row.kind().name()).isEqualTo(ofKind.size());
            assertThat(row.calls()).as(row.kind().name()).isPositive();
        }
        // The total counts each call once, at its largest amount.
        List<Call> wasteful =
                known.counted().stream().filter(c -> !c.waste().isEmpty()).toList();
        BigDecimal total = wasteful.stream()
                .map(c -> c.waste().values().stream()
                        .max(Comparator.naturalOrder())
                        .orElseThrow())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(report.wasteUsd()).isEqualByComparingTo(total);
        assertThat(report.wastefulCalls()).isEqualTo(wasteful.size());
        assertThat(report.spendUsd()).isEqualByComparingTo(known.costOf(between(NOV_1, DEC_1)));

        TopWasteReport byWorkflow =
                waste.topWaste(new TopWasteQuery(WS, NOV_1, DEC_1, Dimension.WORKFLOW, 20, null, null));
        assertThat(byWorkflow.rows())
                .extracting(WasteRow::kind, WasteRow::value)
                .contains(tuple(WasteKind.RUNAWAY_RUN, "wf-r"), tuple(WasteKind.DUPLICATE_STEP, "wf-dup"));
    }

    @Test
    void savingsRecommendationsFollowTheWasteAndTheMarginsByTheDocumentedFormula() {
        Instant from = NOV_1;
        Instant to = Instant.parse("2026-11-21T00:00:00Z"); // 20 days
        SavingsRecommender tools = new SavingsRecommender(
                new QueryHandlers()
                        .on(QueryType.SPEND_BY, spend::spendBy)
                        .on(QueryType.MARGIN_BY_CUSTOMER, margins::marginByCustomer)
                        .on(QueryType.TOP_WASTE, waste::topWaste),
                waste::overkillModels);
        SavingsReport report =
                tools.savingsRecommendations(new SavingsQuery(WS, from, to, 100, null, null, null, null, null));

        Map<String, BigDecimal> expected = new TreeMap<>();
        List<Call> inPeriod = known.counted().stream().filter(between(from, to)).toList();
        Map<WasteKind, RecommendationKind> kinds = Map.of(
                WasteKind.FAILED_CALL, RecommendationKind.FIX_FAILING_CALLS,
                WasteKind.RETRY, RecommendationKind.REDUCE_RETRIES,
                WasteKind.DUPLICATE_STEP, RecommendationKind.SKIP_DUPLICATE_STEPS,
                WasteKind.RUNAWAY_RUN, RecommendationKind.CAP_RUNAWAY_RUNS,
                WasteKind.CACHE_MISS, RecommendationKind.USE_PROMPT_CACHING,
                WasteKind.MODEL_OVERKILL, RecommendationKind.USE_CHEAPER_MODEL);
        for (Map.Entry<WasteKind, RecommendationKind> k : kinds.entrySet()) {
            boolean byWorkflow = k.getKey() == WasteKind.DUPLICATE_STEP || k.getKey() == WasteKind.RUNAWAY_RUN;
            Map<String, BigDecimal> wasteBy = new TreeMap<>();
            for (Call c : inPeriod) {
                if (c.waste().containsKey(k.getKey())) {
                    wasteBy.merge(
                            byWorkflow ? c.event().workflowId() : c.event().feature(),
                            c.waste().get(k.getKey()),
                            BigDecimal::add);
                }
            }
            // waste × 30 / 20 days, to the cent.
            wasteBy.forEach((value, w) -> expected.put(
                    k.getValue() + " " + value,
                    w.multiply(BigDecimal.valueOf(30)).divide(BigDecimal.valueOf(20), 2, RoundingMode.HALF_UP)));
        }
        // t2: November cost minus its 10 USD, over one month. (t3 has no revenue entered: left out.)
        BigDecimal t2 = known.costOf(
                between(NOV_1, DEC_1).and(c -> "t2".equals(c.event().tenantId())));
        expected.put("PROTECT_MARGIN t2", t2.subtract(BigDecimal.TEN).setScale(2, RoundingMode.HALF_UP));
        expected.values().removeIf(v -> v.compareTo(SavingsRecommender.MIN_MONTHLY_SAVING_USD) < 0);

        Map<String, BigDecimal> actual = new TreeMap<>();
        for (Recommendation r : report.recommendations()) {
            actual.put(r.kind() + " " + r.evidence().value(), r.estimatedMonthlySavingUsd());
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(actual)
                .containsKeys(
                        "CAP_RUNAWAY_RUNS wf-r",
                        "USE_CHEAPER_MODEL summarize",
                        "USE_PROMPT_CACHING kb-search",
                        "SKIP_DUPLICATE_STEPS wf-dup",
                        "PROTECT_MARGIN t2");
        // Largest first; the total adds them up.
        assertThat(report.recommendations())
                .extracting(Recommendation::estimatedMonthlySavingUsd)
                .isSortedAccordingTo(Comparator.reverseOrder());
        assertThat(report.totalEstimatedMonthlySavingUsd())
                .isEqualByComparingTo(expected.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add));

        // Overkill in summarize: 16 USD in 20 days → 24.00 a month; the budget is the feature's spend per 30 days less
        // that.
        Recommendation cheaper = report.recommendations().stream()
                .filter(r -> r.kind() == RecommendationKind.USE_CHEAPER_MODEL)
                .findFirst()
                .orElseThrow();
        assertThat(cheaper.estimatedMonthlySavingUsd()).isEqualByComparingTo("24.00");
        BigDecimal summarize = known.costOf(
                between(from, to).and(c -> "summarize".equals(c.event().feature())));
        assertThat(cheaper.action().type()).isEqualTo(SuggestedAction.Type.CREATE_BUDGET);
        assertThat(cheaper.action().budget().limitUsd())
                .isEqualByComparingTo(summarize
                        .multiply(BigDecimal.valueOf(30))
                        .divide(BigDecimal.valueOf(20), 2, RoundingMode.HALF_UP)
                        .subtract(new BigDecimal("24.00"))
                        .setScale(0, RoundingMode.CEILING));
        assertThat(cheaper.action().budget().problems()).isEmpty();
        Recommendation margin = report.recommendations().stream()
                .filter(r -> r.kind() == RecommendationKind.PROTECT_MARGIN)
                .findFirst()
                .orElseThrow();
        assertThat(margin.action().budget().limitUsd()).isEqualByComparingTo("10.00");
        // The same recommendation keeps its id for another period.
        SavingsReport later =
                tools.savingsRecommendations(new SavingsQuery(WS, from, DEC_1, 100, null, null, null, null, null));
        assertThat(later.recommendations()).extracting(Recommendation::id).contains(cheaper.id(), margin.id());
    }

    @Test
    void budgetStatesAtNow() {
        BudgetStatusReport report = budgets.budgetStatus(BudgetStatusQuery.all(WS, NOW));
        Map<String, BudgetStatus> byId = report.budgets().stream()
                .collect(Collectors.toMap(s -> s.budget().id(), s -> s));
        BigDecimal total = known.costOf(between(NOV_1, NOW.plusSeconds(1)));
        BigDecimal search = known.costOf(between(NOV_1, NOW.plusSeconds(1))
                .and(c -> "search".equals(c.event().feature())));
        assertThat(byId.get("b-workspace").spentUsd()).isEqualByComparingTo(total);
        assertThat(byId.get("b-workspace").percentUsed()).isEqualByComparingTo("55.0");
        assertThat(byId.get("b-workspace").state()).isEqualTo(BudgetState.OK);
        assertThat(byId.get("b-search").spentUsd()).isEqualByComparingTo(search);
        assertThat(byId.get("b-search").state()).isEqualTo(BudgetState.EXCEEDED);
        assertThat(byId.get("b-t3-daily").spentUsd()).isEqualByComparingTo("0");
        assertThat(byId.get("b-t3-daily").state()).isEqualTo(BudgetState.OK);
        assertThat(report.budgets()).extracting(s -> s.budget().id()).first().isEqualTo("b-search");
    }

    @Test
    void theAlertsThatOpenedOnTheTopicAndInActiveAlerts() {
        // b-search: opened at 50 %, updated at 80 % and 100 %, and a forecast alert; the workspace at 50 %;
        // the 50 USD call is an anomaly and the 20th call of the hour (19 failed) an error-rate spike.
        assertThat(published)
                .extracting(a -> a.type() + " " + Objects.toString(a.scopeValue(), "-") + " " + a.severity())
                .containsExactlyInAnyOrder(
                        "BUDGET_THRESHOLD search INFO",
                        "BUDGET_THRESHOLD search WARNING",
                        "BUDGET_THRESHOLD search CRITICAL",
                        "BUDGET_FORECAST search WARNING",
                        "BUDGET_THRESHOLD - INFO",
                        "SPEND_ANOMALY - WARNING",
                        "ERROR_RATE_SPIKE - CRITICAL");
        Alert anomaly = published.stream()
                .filter(a -> a.type() == AlertType.SPEND_ANOMALY)
                .findFirst()
                .orElseThrow();
        assertThat(anomaly.evidence().spentUsd()).isEqualByComparingTo("50.00");
        Instant hour = NOW.truncatedTo(java.time.temporal.ChronoUnit.HOURS);
        long weekNanos = known.costOf(between(hour.minus(Duration.ofHours(168)), hour))
                .movePointRight(9)
                .longValueExact();
        assertThat(anomaly.evidence().baselineUsd())
                .isEqualByComparingTo(BigDecimal.valueOf(Math.round(weekNanos / 168.0), 9));
        Alert spike = published.stream()
                .filter(a -> a.type() == AlertType.ERROR_RATE_SPIKE)
                .findFirst()
                .orElseThrow();
        assertThat(spike.evidence().calls()).isEqualTo(20L);
        assertThat(spike.evidence().errors()).isEqualTo(19L);

        ActiveAlertsReport active = alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW));
        assertThat(active.alerts())
                .extracting(a -> a.type() + " " + a.severity())
                .containsExactlyInAnyOrder(
                        "BUDGET_THRESHOLD CRITICAL",
                        "BUDGET_FORECAST WARNING",
                        "BUDGET_THRESHOLD INFO",
                        "SPEND_ANOMALY WARNING",
                        "ERROR_RATE_SPIKE CRITICAL");

        // Snoozed for an hour: out of the active list, into the snoozed one; back when the snooze ends.
        TestInputTopic<String, AlertSnooze> snoozes = TopologyDrivers.input(driver, Topics.ALERT_SNOOZES);
        snoozes.pipeInput(
                anomaly.key(),
                new AlertSnooze(
                        AlertSnooze.SCHEMA_VERSION, WS, anomaly.id(), NOW.plus(Duration.ofHours(1)), "known", NOW, "k"),
                NOW);
        ActiveAlertsReport snoozed = alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW.plusSeconds(60)));
        assertThat(snoozed.alerts()).extracting(Alert::type).doesNotContain(AlertType.SPEND_ANOMALY);
        assertThat(snoozed.snoozed()).extracting(s -> s.alert().id()).containsExactly(anomaly.id());
        snoozes.pipeInput(anomaly.key(), (AlertSnooze) null, NOW);

        // The hour ends: the anomaly and the spike resolve; the budget alerts stay for the month.
        driver.advanceWallClockTime(Duration.ofMinutes(31));
        ActiveAlertsReport later = alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW.plus(Duration.ofMinutes(31))));
        assertThat(later.alerts())
                .extracting(Alert::type)
                .containsExactlyInAnyOrder(
                        AlertType.BUDGET_THRESHOLD, AlertType.BUDGET_FORECAST, AlertType.BUDGET_THRESHOLD);
        assertThat(later.alerts()).extracting(Alert::severity).contains(AlertSeverity.CRITICAL);
    }

    private Map<String, BigDecimal> revenue() {
        return known.revenue.stream().collect(Collectors.toMap(RevenueRow::tenantId, RevenueRow::amountUsd));
    }

    private static String valueOf(Call c, Dimension by) {
        return switch (by) {
            case FEATURE -> c.event().feature();
            case TENANT -> c.event().tenantId();
            case MODEL -> c.event().model();
            case WORKFLOW -> c.event().workflowId();
            default -> throw new IllegalArgumentException(by.name());
        };
    }

    private static Map<String, BigDecimal> sumBy(List<Call> calls, Function<Call, String> key) {
        Map<String, BigDecimal> sums = new TreeMap<>();
        for (Call c : calls) {
            sums.merge(Objects.toString(key.apply(c), "(none)"), c.cost(), BigDecimal::add);
        }
        return sums;
    }

    private static Map<String, BigDecimal> rowsOf(SpendReport report) {
        Map<String, BigDecimal> rows = new TreeMap<>();
        for (SpendRow row : report.rows()) {
            rows.put(Objects.toString(row.value(), "(none)"), row.measures().costUsd());
        }
        return normalized(rows);
    }

    private static Map<String, BigDecimal> normalized(Map<String, BigDecimal> m) {
        Map<String, BigDecimal> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.stripTrailingZeros()));
        return out;
    }
}
