package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.alert.SnoozedAlert;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.alert.LocalAlertQueries;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.streams.margin.LocalMarginQueries;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.savings.SavingsRecommender;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.streams.waste.LocalWasteQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The filters of margin_by_customer, margin_by_feature, top_waste, savings_recommendations,
 * budget_status and active_alerts (issue #15) on one seeded workspace, through the production
 * topology. Every filtered answer must be exactly the matching rows of the unfiltered answer, with
 * counts and totals over only those; what the unfiltered answer cannot show per filter (one value's
 * waste with each call once, its spend, a customer's cost of one feature) is checked against sums
 * over the seeded calls, to the nano-dollar. The matching rules here are written out again from
 * the spec, not taken from the query records.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilteredReportsTopologyTest {

    private static final String WS = "ws_filters";
    /** Saturday 21 Nov 2026, 12:30 UTC: the driver's wall clock and the queries' "now". */
    private static final Instant NOW = Instant.parse("2026-11-21T12:30:00Z");

    private static final Instant NOV_1 = Instant.parse("2026-11-01T00:00:00Z");
    private static final Instant DEC_1 = Instant.parse("2026-12-01T00:00:00Z");
    private static final YearMonth NOV = YearMonth.of(2026, 11);
    private static final List<String> TENANTS = List.of("t1", "t2", "t3", "t4", "t5", "t6");
    private static final Map<String, String> REVENUE = Map.of("t1", "300", "t2", "5", "t3", "40", "t6", "25");
    private static final String[][] MODELS = {
        {"openai", "gpt-4.1"}, {"openai", "gpt-4.1-mini"}, {"anthropic", "claude-sonnet-4"}
    };

    /** A call as sent, and the waste it must count as per kind, in nano-dollars (docs/waste.md). */
    record Call(ProductEvent event, Map<WasteKind, Long> waste) {

        long costNanos() {
            return ProductRollupSpec.toNanos(event.costUsd());
        }

        /** What the call counts in a total of all kinds: its largest amount, once. */
        long wasteNanos() {
            return waste.values().stream().mapToLong(Long::longValue).max().orElse(0);
        }

        String valueOf(Dimension d) {
            return switch (d) {
                case FEATURE -> event.feature();
                case MODEL -> event.model();
                case PROVIDER -> event.provider();
                case TENANT -> event.tenantId();
                case AGENT -> event.agentId();
                case WORKFLOW -> event.workflowId();
                default -> throw new IllegalArgumentException(d.toString());
            };
        }
    }

    private final List<Call> calls = new ArrayList<>();
    private int ids;
    private TopologyTestDriver driver;
    private LocalMarginQueries margins;
    private LocalWasteQueries waste;
    private LocalBudgetQueries budgets;
    private LocalAlertQueries alerts;
    private SavingsRecommender savings;

    @BeforeAll
    void seed() {
        randomCalls(new Random(15));
        overkill();
        duplicateSteps();
        currentHour();
        calls.sort(Comparator.comparing(c -> c.event().ts()));

        driver = TopologyDrivers.start("filters-test", NOW);
        TestInputTopic<String, RevenueRow> revenue = TopologyDrivers.input(driver, Topics.REVENUE);
        REVENUE.forEach((tenant, amount) -> revenue.pipeInput(
                RevenueRow.key(WS, tenant, NOV),
                RevenueRow.of(WS, tenant, NOV, new BigDecimal(amount), NOV_1, "filters"),
                NOV_1));
        TestInputTopic<String, Budget> budgetsIn = TopologyDrivers.input(driver, Topics.BUDGETS);
        for (Budget b : List.of(
                budget("b-ws", "Workspace total", BudgetScope.WORKSPACE, null, BudgetPeriod.MONTHLY, "5000"),
                budget("b-search", "Search monthly", BudgetScope.FEATURE, "search", BudgetPeriod.MONTHLY, "100"),
                budget("b-chat", "Chat cap", BudgetScope.FEATURE, "chat", BudgetPeriod.MONTHLY, "800"),
                budget("b-t1", "Tenant T1", BudgetScope.TENANT, "t1", BudgetPeriod.MONTHLY, "150"),
                budget("b-mini", "Mini weekly", BudgetScope.MODEL, "gpt-4.1-mini", BudgetPeriod.WEEKLY, "20"),
                budget("b-openai", "OpenAI daily", BudgetScope.PROVIDER, "openai", BudgetPeriod.DAILY, "100"),
                budget("b-a2", "Agent A2", BudgetScope.AGENT, "a2", BudgetPeriod.MONTHLY, "1000"))) {
            budgetsIn.pipeInput(b.key(), b, NOV_1);
        }
        TestInputTopic<String, AcceptedEvent> events = TopologyDrivers.input(driver, Topics.EVENTS);
        for (Call c : calls) {
            Instant received = c.event().ts().plusSeconds(1);
            events.pipeInput(WS, AcceptedEvent.of(WS, received, c.event()), received);
        }

        alerts = new LocalAlertQueries(
                ws -> driver.getKeyValueStore(StoreNames.ALERTS),
                ws -> driver.getKeyValueStore(StoreNames.ALERT_SNOOZES));
        // One alert snoozed, so that both lists of active_alerts have something to filter.
        Alert snoozed = alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW)).alerts().stream()
                .filter(a -> a.type() == AlertType.BUDGET_FORECAST)
                .findFirst()
                .orElseThrow();
        TopologyDrivers.input(driver, Topics.ALERT_SNOOZES)
                .pipeInput(
                        snoozed.key(),
                        new AlertSnooze(
                                AlertSnooze.SCHEMA_VERSION,
                                WS,
                                snoozed.id(),
                                NOW.plus(Duration.ofDays(1)),
                                "known",
                                NOW,
                                "key_1"),
                        NOW);

        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        margins = new LocalMarginQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.REVENUE));
        waste = new LocalWasteQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.WASTE_ROLLUPS), clock);
        budgets = new LocalBudgetQueries(
                TopologyDrivers.rollups(driver), ws -> driver.getKeyValueStore(StoreNames.BUDGETS), clock);
        LocalSpendQueries spend = new LocalSpendQueries(TopologyDrivers.rollups(driver), clock);
        savings = new SavingsRecommender(
                new QueryHandlers()
                        .on(QueryType.SPEND_BY, spend::spendBy)
                        .on(QueryType.MARGIN_BY_CUSTOMER, margins::marginByCustomer)
                        .on(QueryType.TOP_WASTE, waste::topWaste),
                waste::overkillModels);
    }

    @AfterAll
    void stop() {
        driver.close();
    }

    // ---- margins ---------------------------------------------------------------------------------

    @Test
    void marginByCustomerForOneCustomerIsItsRowOfTheUnfilteredReport() {
        CustomerMarginReport all = margins.marginByCustomer(margin(null, null));
        assertThat(all.rows()).extracting(CustomerMargin::tenantId).containsExactlyInAnyOrderElementsOf(TENANTS);
        for (String tenant : with(TENANTS, "t-unknown")) {
            CustomerMarginReport one = margins.marginByCustomer(margin(tenant, null));
            List<CustomerMargin> expected =
                    all.rows().stream().filter(r -> r.tenantId().equals(tenant)).toList();
            assertThat(one.rows()).as(tenant).isEqualTo(expected);
            assertCountsAndTotalsCover(one, expected);
            // Calls without a tenant name no customer, so no tenant filter matches them.
            assertThat(one.unattributedCostUsd()).isEqualByComparingTo("0");
        }
    }

    @Test
    void marginByFeatureForOneFeatureIsItsRowOfTheUnfilteredReport() {
        FeatureMarginReport all = margins.marginByFeature(margin(null, null));
        assertThat(all.unallocatedRevenueUsd()).isEqualByComparingTo("25"); // t6: revenue, no usage
        for (String feature : with(features(), "no-such-feature")) {
            FeatureMarginReport one = margins.marginByFeature(margin(null, feature));
            List<FeatureMargin> expected =
                    all.rows().stream().filter(r -> feature.equals(r.feature())).toList();
            assertThat(one.rows()).as(feature).isEqualTo(expected);
            assertCountsAndTotalsCover(one, expected);
            // Unallocated revenue belongs to no feature.
            assertThat(one.unallocatedRevenueUsd()).isEqualByComparingTo("0");
        }
    }

    @Test
    void marginByFeatureForOneCustomerSplitsItsRevenueOverItsOwnFeatures() {
        for (String tenant : TENANTS) {
            FeatureMarginReport report = margins.marginByFeature(margin(tenant, null));
            List<Call> its = inNovember(c -> tenant.equals(c.event().tenantId()));
            Map<String, long[]> expected = costAndCallsBy(its, Dimension.FEATURE);
            assertThat(report.rows())
                    .as(tenant)
                    .extracting(
                            r -> r.feature() == null ? "" : r.feature(), r -> nanos(r.costUsd()), FeatureMargin::calls)
                    .containsExactlyInAnyOrderElementsOf(tuples(expected));
            // All of its revenue goes to its features when it had AI cost, none when it had not.
            BigDecimal revenue = new BigDecimal(REVENUE.getOrDefault(tenant, "0"));
            BigDecimal allocated = report.rows().stream()
                    .map(FeatureMargin::allocatedRevenueUsd)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(allocated).as(tenant).isEqualByComparingTo(its.isEmpty() ? BigDecimal.ZERO : revenue);
            assertThat(report.unallocatedRevenueUsd())
                    .as(tenant)
                    .isEqualByComparingTo(its.isEmpty() ? revenue : BigDecimal.ZERO);
            assertCountsAndTotalsCover(report, report.rows());
            // Both filters: the customer's row of the feature.
            for (FeatureMargin row : report.rows()) {
                if (row.feature() != null) {
                    assertThat(margins.marginByFeature(margin(tenant, row.feature()))
                                    .rows())
                            .containsExactly(row);
                }
            }
        }
    }

    @Test
    void marginByCustomerForOneFeatureIsEachCustomersShareOfThatFeature() {
        FeatureMarginReport byFeature = margins.marginByFeature(margin(null, null));
        for (String feature : with(features(), "no-such-feature")) {
            CustomerMarginReport report = margins.marginByCustomer(margin(null, feature));
            List<Call> its = inNovember(c -> feature.equals(c.event().feature()));
            Map<String, long[]> expected = costAndCallsBy(
                    its.stream().filter(c -> c.event().tenantId() != null).toList(), Dimension.TENANT);
            assertThat(report.rows())
                    .as(feature)
                    .extracting(CustomerMargin::tenantId, r -> nanos(r.costUsd()), CustomerMargin::calls)
                    .containsExactlyInAnyOrderElementsOf(tuples(expected));
            long withoutTenant = its.stream()
                    .filter(c -> c.event().tenantId() == null)
                    .mapToLong(Call::costNanos)
                    .sum();
            assertThat(nanos(report.unattributedCostUsd())).as(feature).isEqualTo(withoutTenant);
            assertCountsAndTotalsCover(report, report.rows());

            // Each customer's revenue on the feature is the share margin_by_feature gives the feature
            // for that customer, and the shares add up to the feature's allocated revenue.
            for (CustomerMargin row : report.rows()) {
                FeatureMargin share = margins.marginByFeature(margin(row.tenantId(), feature))
                        .rows()
                        .get(0);
                assertThat(row.revenueUsd()).as(feature + " " + row.tenantId()).isEqualTo(share.allocatedRevenueUsd());
                assertThat(margins.marginByCustomer(margin(row.tenantId(), feature))
                                .rows())
                        .containsExactly(row);
            }
            FeatureMargin whole = byFeature.rows().stream()
                    .filter(r -> feature.equals(r.feature()))
                    .findFirst()
                    .orElse(null);
            BigDecimal revenue = whole == null ? BigDecimal.ZERO : whole.allocatedRevenueUsd();
            BigDecimal cost = whole == null ? BigDecimal.ZERO : whole.costUsd();
            assertThat(report.totals().revenueUsd()).as(feature).isEqualByComparingTo(revenue);
            assertThat(report.totals().costUsd().add(report.unattributedCostUsd()))
                    .as(feature)
                    .isEqualByComparingTo(cost);
        }
    }

    // ---- waste -----------------------------------------------------------------------------------

    @Test
    void theSeededWasteIsWhatTheTopologyFinds() {
        TopWasteReport all = waste.topWaste(wasteQuery(null, TopWasteQuery.MAX_LIMIT, null, null));
        List<Call> inRange = inNovember(c -> true);
        assertThat(nanos(all.wasteUsd())).isEqualTo(sum(inRange, null));
        assertThat(all.wastefulCalls()).isEqualTo(wasteful(inRange, null));
        assertThat(all.kinds())
                .extracting(WasteRow::kind, r -> nanos(r.costUsd()), WasteRow::calls)
                .containsExactlyInAnyOrderElementsOf(expectedKinds(inRange, null));
        // Every kind the filters are tried with below has waste here, except the two no call is.
        assertThat(all.rows())
                .extracting(WasteRow::kind)
                .containsExactlyInAnyOrder(
                        WasteKind.FAILED_CALL, WasteKind.RETRY, WasteKind.MODEL_OVERKILL, WasteKind.DUPLICATE_STEP);
    }

    @Test
    void topWasteForOneValueIsThatValuesRowsWithItsOwnTotals() {
        for (Dimension by : TopWasteQuery.BY) {
            TopWasteReport all = waste.topWaste(wasteQuery(by, TopWasteQuery.MAX_LIMIT, null, null));
            for (String value : with(valuesOf(by), "no-such-value")) {
                List<Call> its = inNovember(c -> value.equals(c.valueOf(by)));
                for (WasteKind kind : kindsAndAll()) {
                    String what = by.wireName() + "=" + value + " kind=" + kind;
                    TopWasteReport one = waste.topWaste(wasteQuery(by, TopWasteQuery.MAX_LIMIT, kind, value));
                    assertThat(one.by()).isEqualTo(by.wireName());
                    assertThat(one.rows())
                            .as(what)
                            .isEqualTo(all.rows().stream()
                                    .filter(r -> value.equals(r.value()) && (kind == null || r.kind() == kind))
                                    .toList());
                    assertThat(nanos(one.wasteUsd())).as(what).isEqualTo(sum(its, kind));
                    assertThat(one.wastefulCalls()).as(what).isEqualTo(wasteful(its, kind));
                    assertThat(nanos(one.spendUsd()))
                            .as(what)
                            .isEqualTo(its.stream().mapToLong(Call::costNanos).sum());
                    assertThat(one.kinds())
                            .as(what)
                            .extracting(WasteRow::kind, r -> nanos(r.costUsd()), WasteRow::calls)
                            .containsExactlyInAnyOrderElementsOf(expectedKinds(its, kind));
                }
            }
        }
    }

    @Test
    void theLimitCutsTheMatchingRowsOnly() {
        TopWasteReport all = waste.topWaste(wasteQuery(Dimension.FEATURE, TopWasteQuery.MAX_LIMIT, null, null));
        TopWasteReport one = waste.topWaste(wasteQuery(Dimension.FEATURE, 1, null, "search"));
        List<WasteRow> search =
                all.rows().stream().filter(r -> "search".equals(r.value())).toList();
        assertThat(search).hasSizeGreaterThan(1);
        assertThat(one.rows()).containsExactly(search.get(0));
        assertThat(one.kinds()).hasSize(WasteKind.values().length);
        assertThat(one.wastefulCalls())
                .isEqualTo(wasteful(inNovember(c -> "search".equals(c.event().feature())), null));
    }

    @Test
    void topWasteOfOneKindIsThatKindsRowsAndTotals() {
        TopWasteReport all = waste.topWaste(wasteQuery(null, TopWasteQuery.MAX_LIMIT, null, null));
        TopWasteReport allByWorkflow =
                waste.topWaste(wasteQuery(Dimension.WORKFLOW, TopWasteQuery.MAX_LIMIT, null, null));
        for (WasteKind kind : WasteKind.values()) {
            TopWasteReport one = waste.topWaste(wasteQuery(null, TopWasteQuery.MAX_LIMIT, kind, null));
            WasteRow kindRow = all.kinds().stream()
                    .filter(r -> r.kind() == kind)
                    .findFirst()
                    .orElseThrow();
            assertThat(one.kinds()).containsExactly(kindRow);
            assertThat(one.rows())
                    .isEqualTo(all.rows().stream().filter(r -> r.kind() == kind).toList());
            assertThat(one.wasteUsd()).isEqualTo(kindRow.costUsd());
            assertThat(one.wastefulCalls()).isEqualTo(kindRow.calls());
            // Spend has no kind: the scale stays all spend.
            assertThat(one.spendUsd()).isEqualTo(all.spendUsd());
            assertThat(waste.topWaste(wasteQuery(Dimension.WORKFLOW, TopWasteQuery.MAX_LIMIT, kind, null))
                            .rows())
                    .isEqualTo(allByWorkflow.rows().stream()
                            .filter(r -> r.kind() == kind)
                            .toList());
        }
    }

    // ---- savings ---------------------------------------------------------------------------------

    @Test
    void aCheaperModelRecommendationNamesTheModelsItsOverkillCameFrom() {
        SavingsReport all = savings.savingsRecommendations(savingsQuery(100, null, null, null, null, null));
        assertThat(all.recommendations())
                .filteredOn(r -> r.kind() == RecommendationKind.USE_CHEAPER_MODEL)
                .extracting(r -> r.evidence().value(), r -> r.evidence().models())
                .containsExactlyInAnyOrder(
                        // summarize: gpt-4.1 4 × 0.32 = 1.28 USD before claude-sonnet-4 2 × 0.52 = 1.04 USD
                        tuple("summarize", List.of("gpt-4.1", "claude-sonnet-4")),
                        tuple("translate", List.of("gpt-4.1")));
        assertThat(all.recommendations())
                .filteredOn(r -> r.kind() != RecommendationKind.USE_CHEAPER_MODEL)
                .allSatisfy(r -> assertThat(r.evidence().models()).isEmpty());
    }

    @Test
    void savingsFilteredAreTheMatchingRecommendationsOfTheUnfilteredAnswer() {
        SavingsReport all = savings.savingsRecommendations(savingsQuery(100, null, null, null, null, null));
        assertThat(all.found()).isEqualTo(all.recommendations().size());
        assertThat(all.recommendations())
                .extracting(Recommendation::kind)
                .contains(
                        RecommendationKind.FIX_FAILING_CALLS,
                        RecommendationKind.REDUCE_RETRIES,
                        RecommendationKind.SKIP_DUPLICATE_STEPS,
                        RecommendationKind.USE_CHEAPER_MODEL,
                        RecommendationKind.PROTECT_MARGIN);
        List<SavingsQuery> filters = new ArrayList<>();
        for (int limit : List.of(100, 2)) {
            for (RecommendationKind kind : RecommendationKind.values()) {
                filters.add(savingsQuery(limit, kind, null, null, null, null));
            }
            for (String feature : with(features(), "no-such-feature")) {
                filters.add(savingsQuery(limit, null, feature, null, null, null));
                filters.add(savingsQuery(limit, RecommendationKind.REDUCE_RETRIES, feature, null, null, null));
            }
            for (String tenant : TENANTS) {
                filters.add(savingsQuery(limit, null, null, tenant, null, null));
            }
            for (String workflow : List.of("wf-dup", "wf-a", "no-such-workflow")) {
                filters.add(savingsQuery(limit, null, null, null, workflow, null));
            }
            for (String[] model : MODELS) {
                filters.add(savingsQuery(limit, null, null, null, null, model[1]));
                filters.add(savingsQuery(limit, null, "summarize", null, null, model[1]));
            }
        }
        int nonEmpty = 0;
        for (SavingsQuery q : filters) {
            List<Recommendation> matching = all.recommendations().stream()
                    .filter(r -> q.kind() == null || r.kind() == q.kind())
                    .filter(r -> names(r, "feature", q.feature())
                            && names(r, "tenant", q.tenant())
                            && names(r, "workflow", q.workflow()))
                    .filter(r -> q.model() == null || r.evidence().models().contains(q.model()))
                    .toList();
            List<Recommendation> kept = matching.subList(0, Math.min(q.limit(), matching.size()));
            SavingsReport one = savings.savingsRecommendations(q);
            assertThat(one.recommendations()).as(q.toString()).isEqualTo(kept);
            assertThat(one.found()).as(q.toString()).isEqualTo(matching.size());
            assertThat(one.totalEstimatedMonthlySavingUsd())
                    .as(q.toString())
                    .isEqualByComparingTo(kept.stream()
                            .map(Recommendation::estimatedMonthlySavingUsd)
                            .reduce(BigDecimal.ZERO, BigDecimal::add));
            nonEmpty += kept.isEmpty() ? 0 : 1;
        }
        assertThat(nonEmpty).isGreaterThan(filters.size() / 2);
    }

    // ---- budgets and alerts ----------------------------------------------------------------------

    @Test
    void budgetStatusFilteredIsTheMatchingBudgetsWithTheirCounts() {
        BudgetStatusReport all = budgets.budgetStatus(BudgetStatusQuery.all(WS, NOW));
        assertThat(all.budgets()).extracting(BudgetStatus::state).contains(BudgetState.values());
        List<BudgetStatusQuery> filters = new ArrayList<>();
        for (BudgetScope scope : BudgetScope.values()) {
            filters.add(new BudgetStatusQuery(WS, NOW, scope, null, null, null));
        }
        for (BudgetStatus s : all.budgets()) {
            if (s.budget().scopeValue() != null) {
                filters.add(new BudgetStatusQuery(
                        WS, NOW, s.budget().scope(), s.budget().scopeValue(), null, null));
            }
        }
        filters.add(new BudgetStatusQuery(WS, NOW, BudgetScope.FEATURE, "no-such-feature", null, null));
        filters.add(new BudgetStatusQuery(WS, NOW, BudgetScope.TENANT, "search", null, null));
        for (String name : List.of("SEARCH", "cap", "LY", "t", "no such name")) {
            filters.add(new BudgetStatusQuery(WS, NOW, null, null, name, null));
        }
        for (BudgetState state : BudgetState.values()) {
            filters.add(new BudgetStatusQuery(WS, NOW, null, null, null, state));
            filters.add(new BudgetStatusQuery(WS, NOW, BudgetScope.FEATURE, null, "ly", state));
        }
        for (BudgetStatusQuery q : filters) {
            List<BudgetStatus> matching = all.budgets().stream()
                    .filter(s -> q.scope() == null || s.budget().scope() == q.scope())
                    .filter(s ->
                            q.value() == null || q.value().equals(s.budget().scopeValue()))
                    .filter(s -> q.name() == null
                            || s.budget()
                                    .name()
                                    .toLowerCase(Locale.ROOT)
                                    .contains(q.name().toLowerCase(Locale.ROOT)))
                    .filter(s -> q.state() == null || s.state() == q.state())
                    .toList();
            BudgetStatusReport one = budgets.budgetStatus(q);
            assertThat(one.budgets()).as(q.toString()).isEqualTo(matching);
            assertThat(List.of(one.exceeded(), one.warning(), one.ok()))
                    .as(q.toString())
                    .containsExactly(
                            count(matching, BudgetState.EXCEEDED),
                            count(matching, BudgetState.WARNING),
                            count(matching, BudgetState.OK));
        }
    }

    @Test
    void activeAlertsFilteredAreTheMatchingAlertsOfBothLists() {
        ActiveAlertsReport all = alerts.activeAlerts(ActiveAlertsQuery.all(WS, NOW));
        List<Alert> every = Stream.concat(
                        all.alerts().stream(), all.snoozed().stream().map(SnoozedAlert::alert))
                .toList();
        assertThat(all.snoozed()).hasSize(1);
        assertThat(every)
                .extracting(Alert::type)
                .contains(
                        AlertType.BUDGET_THRESHOLD,
                        AlertType.BUDGET_FORECAST,
                        AlertType.SPEND_ANOMALY,
                        AlertType.ERROR_RATE_SPIKE);
        assertThat(every).extracting(Alert::severity).contains(AlertSeverity.values());
        List<ActiveAlertsQuery> filters = new ArrayList<>();
        for (BudgetScope scope : BudgetScope.values()) {
            filters.add(new ActiveAlertsQuery(WS, NOW, scope, null, null, null));
        }
        for (Alert a : every) {
            if (a.scopeValue() != null) {
                filters.add(new ActiveAlertsQuery(WS, NOW, a.scope(), a.scopeValue(), null, null));
            }
        }
        filters.add(new ActiveAlertsQuery(WS, NOW, BudgetScope.FEATURE, "no-such-feature", null, null));
        for (AlertType type : AlertType.values()) {
            filters.add(new ActiveAlertsQuery(WS, NOW, null, null, type, null));
            filters.add(new ActiveAlertsQuery(WS, NOW, BudgetScope.FEATURE, null, type, AlertSeverity.WARNING));
        }
        for (AlertSeverity severity : AlertSeverity.values()) {
            filters.add(new ActiveAlertsQuery(WS, NOW, null, null, null, severity));
            filters.add(new ActiveAlertsQuery(WS, NOW, BudgetScope.WORKSPACE, null, null, severity));
        }
        for (ActiveAlertsQuery q : filters) {
            Predicate<Alert> matches = a -> (q.scope() == null || a.scope() == q.scope())
                    && (q.value() == null || q.value().equals(a.scopeValue()))
                    && (q.type() == null || a.type() == q.type())
                    && (q.severity() == null || a.severity() == q.severity());
            ActiveAlertsReport one = alerts.activeAlerts(q);
            assertThat(one.alerts())
                    .as(q.toString())
                    .isEqualTo(all.alerts().stream().filter(matches).toList());
            assertThat(one.snoozed())
                    .as(q.toString())
                    .isEqualTo(all.snoozed().stream()
                            .filter(s -> matches.test(s.alert()))
                            .toList());
        }
    }

    // ---- the seeded workspace --------------------------------------------------------------------

    /**
     * 8–20 Nov: 240 calls over three features (and none), six customers (and none), three models,
     * two agents and two workflows; about 8 % fail and 8 % are retries. Small prompts and no run
     * ids, and far fewer than 50 calls of a model in a feature a week: none of the history-based
     * kinds.
     */
    private void randomCalls(Random random) {
        String[] features = {"search", "chat", "report", null};
        String[] agents = {"a1", "a2", null};
        String[] workflows = {"wf-a", "wf-b", null};
        Instant start = Instant.parse("2026-11-08T00:00:00Z");
        for (int i = 0; i < 240; i++) {
            String[] model = MODELS[random.nextInt(MODELS.length)];
            int tenant = random.nextInt(TENANTS.size());
            Instant ts =
                    start.plusSeconds(random.nextInt((int) Duration.ofDays(13).toSeconds()));
            BigDecimal cost = BigDecimal.valueOf(1 + random.nextInt(500), 2);
            boolean failed = random.nextInt(100) < 8;
            boolean retried = random.nextInt(100) < 8;
            ProductEvent e = event(
                    model,
                    features[random.nextInt(features.length)],
                    tenant == 5 ? null : TENANTS.get(tenant), // t6 has revenue and no usage
                    agents[random.nextInt(agents.length)],
                    workflows[random.nextInt(workflows.length)],
                    ts,
                    cost,
                    100 + random.nextInt(800),
                    random.nextInt(300),
                    failed ? ProductEvent.STATUS_ERROR : ProductEvent.STATUS_SUCCESS,
                    retried ? 1 : 0,
                    null,
                    null);
            Map<WasteKind, Long> kinds = new EnumMap<>(WasteKind.class);
            if (failed) {
                kinds.put(WasteKind.FAILED_CALL, nanos(cost));
            }
            if (retried) {
                kinds.put(WasteKind.RETRY, nanos(cost));
            }
            calls.add(new Call(e, kinds));
        }
    }

    /**
     * Model overkill in two features of their own. Baseline on 18 Nov, 1,000 tokens a call:
     * summarize on gpt-4.1 (4 USD a million tokens), claude-sonnet-4 (6) and gpt-4.1-mini (0.80);
     * translate on gpt-4.1 and gpt-4.1-mini; 50 calls each. On 20 Nov calls of 100,000 tokens, each
     * overkill by its cost minus 100,000 × 0.80 / 1,000,000 = 0.08 USD: summarize four gpt-4.1
     * calls of 0.40 (0.32 each) and two claude-sonnet-4 calls of 0.60 (0.52 each), translate four
     * gpt-4.1 calls of 0.40.
     */
    private void overkill() {
        Instant baseline = Instant.parse("2026-11-18T09:00:00Z");
        Object[][] base = {
            {"summarize", MODELS[0], "0.004"},
            {"summarize", MODELS[2], "0.006"},
            {"summarize", MODELS[1], "0.0008"},
            {"translate", MODELS[0], "0.004"},
            {"translate", MODELS[1], "0.0008"}
        };
        for (int b = 0; b < base.length; b++) {
            for (int i = 0; i < 50; i++) {
                calls.add(new Call(
                        event(
                                (String[]) base[b][1],
                                (String) base[b][0],
                                "t3",
                                "a2",
                                null,
                                baseline.plusSeconds(b * 100L + i),
                                new BigDecimal((String) base[b][2]),
                                800,
                                200,
                                ProductEvent.STATUS_SUCCESS,
                                0,
                                null,
                                null),
                        Map.of()));
            }
        }
        Instant day = Instant.parse("2026-11-20T10:00:00Z");
        Object[][] wasted = {
            {"summarize", MODELS[0], "0.40", 4},
            {"summarize", MODELS[2], "0.60", 2},
            {"translate", MODELS[0], "0.40", 4}
        };
        int n = 0;
        for (Object[] w : wasted) {
            for (int i = 0; i < (int) w[3]; i++) {
                BigDecimal cost = new BigDecimal((String) w[2]);
                calls.add(new Call(
                        event(
                                (String[]) w[1],
                                (String) w[0],
                                "t4",
                                "a2",
                                null,
                                day.plusSeconds(n++),
                                cost,
                                80_000,
                                20_000,
                                ProductEvent.STATUS_SUCCESS,
                                0,
                                null,
                                null),
                        Map.of(WasteKind.MODEL_OVERKILL, nanos(cost) - 80_000_000L)));
            }
        }
    }

    /** 3 Nov, workflow wf-dup: three runs each succeed step s1 twice (the second is a duplicate) and s2 once, 1 USD a call. */
    private void duplicateSteps() {
        Instant at = Instant.parse("2026-11-03T10:00:00Z");
        int n = 0;
        for (String run : List.of("r1", "r2", "r3")) {
            for (String step : List.of("s1", "s1", "s2")) {
                boolean again = step.equals("s1") && n % 3 == 1;
                calls.add(new Call(
                        event(
                                MODELS[1],
                                "ingest",
                                "t1",
                                "a1",
                                "wf-dup",
                                at.plusSeconds(n++),
                                BigDecimal.ONE,
                                100,
                                50,
                                ProductEvent.STATUS_SUCCESS,
                                0,
                                run,
                                step),
                        again ? Map.of(WasteKind.DUPLICATE_STEP, 1_000_000_000L) : Map.of()));
            }
        }
    }

    /** This hour: a 500 USD call (a spend anomaly, and the openai budget of the day) and 20 failed chat calls. */
    private void currentHour() {
        calls.add(new Call(
                event(
                        MODELS[0],
                        "chat",
                        "t5",
                        "a1",
                        null,
                        NOW.minus(Duration.ofMinutes(20)),
                        new BigDecimal("500"),
                        1_000,
                        500,
                        ProductEvent.STATUS_SUCCESS,
                        0,
                        null,
                        null),
                Map.of()));
        for (int i = 0; i < 20; i++) {
            BigDecimal cost = new BigDecimal("0.05");
            calls.add(new Call(
                    event(
                            MODELS[2],
                            "chat",
                            "t2",
                            null,
                            null,
                            NOW.minus(Duration.ofMinutes(10)).plusSeconds(i),
                            cost,
                            200,
                            0,
                            ProductEvent.STATUS_ERROR,
                            0,
                            null,
                            null),
                    Map.of(WasteKind.FAILED_CALL, nanos(cost))));
        }
    }

    private ProductEvent event(
            String[] model,
            String feature,
            String tenant,
            String agent,
            String workflow,
            Instant ts,
            BigDecimal cost,
            long prompt,
            long output,
            String status,
            long retries,
            String run,
            String step) {
        return new ProductEvent(
                model[0],
                model[1],
                prompt,
                output,
                cost,
                "filters",
                "f-" + (++ids),
                ts,
                null,
                0L,
                null,
                null,
                status,
                feature,
                tenant,
                null,
                agent,
                workflow,
                run,
                step,
                null,
                retries,
                null,
                null);
    }

    private static Budget budget(
            String id, String name, BudgetScope scope, String value, BudgetPeriod period, String limit) {
        return new Budget(
                Budget.SCHEMA_VERSION, WS, id, name, scope, value, period, new BigDecimal(limit), NOV_1, "filters");
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private static MarginQuery margin(String tenant, String feature) {
        return new MarginQuery(WS, NOV, NOV, MarginQuery.MAX_LIMIT, tenant, feature);
    }

    private static TopWasteQuery wasteQuery(Dimension by, int limit, WasteKind kind, String value) {
        return new TopWasteQuery(WS, NOV_1, DEC_1, by, limit, kind, value);
    }

    /** 1–21 Nov (20 days), as the savings tests judge them. */
    private static SavingsQuery savingsQuery(
            int limit, RecommendationKind kind, String feature, String tenant, String workflow, String model) {
        return new SavingsQuery(
                WS, NOV_1, Instant.parse("2026-11-21T00:00:00Z"), limit, kind, feature, tenant, workflow, model);
    }

    private List<Call> inNovember(Predicate<Call> which) {
        return calls.stream()
                .filter(c -> !c.event().ts().isBefore(NOV_1) && c.event().ts().isBefore(DEC_1))
                .filter(which)
                .toList();
    }

    /** The features the calls name. */
    private Set<String> features() {
        return valuesOf(Dimension.FEATURE);
    }

    private Set<String> valuesOf(Dimension d) {
        Set<String> values = new TreeSet<>();
        calls.forEach(c -> {
            if (c.valueOf(d) != null) {
                values.add(c.valueOf(d));
            }
        });
        return values;
    }

    private static List<String> with(Iterable<String> values, String absent) {
        List<String> list = new ArrayList<>();
        values.forEach(list::add);
        list.add(absent);
        return list;
    }

    private static List<WasteKind> kindsAndAll() {
        List<WasteKind> kinds = new ArrayList<>(List.of(WasteKind.values()));
        kinds.add(null);
        return kinds;
    }

    /** The waste of {@code kind} (null: of all kinds, each call once at its largest amount) in nano-dollars. */
    private static long sum(List<Call> calls, WasteKind kind) {
        return calls.stream()
                .mapToLong(c -> kind == null ? c.wasteNanos() : c.waste().getOrDefault(kind, 0L))
                .sum();
    }

    private static long wasteful(List<Call> calls, WasteKind kind) {
        return calls.stream()
                .filter(c -> kind == null ? !c.waste().isEmpty() : c.waste().containsKey(kind))
                .count();
    }

    /** The kinds list a report over {@code calls} must have: every kind, or only {@code kind}. */
    private static List<org.assertj.core.groups.Tuple> expectedKinds(List<Call> calls, WasteKind kind) {
        return Stream.of(WasteKind.values())
                .filter(k -> kind == null || k == kind)
                .map(k -> tuple(k, sum(calls, k), wasteful(calls, k)))
                .toList();
    }

    /** Cost in nano-dollars and calls per value of {@code d} ("" for calls without one). */
    private static Map<String, long[]> costAndCallsBy(List<Call> calls, Dimension d) {
        Map<String, long[]> by = new TreeMap<>();
        for (Call c : calls) {
            long[] sums = by.computeIfAbsent(Objects.requireNonNullElse(c.valueOf(d), ""), v -> new long[2]);
            sums[0] += c.costNanos();
            sums[1]++;
        }
        return by;
    }

    private static List<org.assertj.core.groups.Tuple> tuples(Map<String, long[]> sums) {
        return sums.entrySet().stream()
                .map(e -> tuple(e.getKey(), e.getValue()[0], e.getValue()[1]))
                .toList();
    }

    private static boolean names(Recommendation r, String dimension, String value) {
        return value == null
                || (dimension.equals(r.evidence().dimension())
                        && value.equals(r.evidence().value()));
    }

    private static long nanos(BigDecimal usd) {
        return usd.movePointRight(9).longValueExact();
    }

    private static int count(List<BudgetStatus> statuses, BudgetState state) {
        return (int) statuses.stream().filter(s -> s.state() == state).count();
    }

    /** Counts and totals of a customer report are those of {@code rows} alone. */
    private static void assertCountsAndTotalsCover(CustomerMarginReport report, List<CustomerMargin> rows) {
        assertThat(report.customers()).isEqualTo(rows.size());
        assertThat(report.customersWithoutRevenue()).isEqualTo((int) rows.stream()
                .filter(r -> r.flags().contains(CustomerMargin.NO_REVENUE))
                .count());
        assertThat(report.customersWithNegativeMargin()).isEqualTo((int) rows.stream()
                .filter(r -> r.flags().contains(CustomerMargin.NEGATIVE_MARGIN))
                .count());
        assertTotals(
                report.totals(),
                rows.stream().map(CustomerMargin::revenueUsd).toList(),
                rows.stream().map(CustomerMargin::costUsd).toList());
    }

    /** Counts and totals of a feature report are those of {@code rows} alone. */
    private static void assertCountsAndTotalsCover(FeatureMarginReport report, List<FeatureMargin> rows) {
        assertThat(report.features()).isEqualTo(rows.size());
        assertTotals(
                report.totals(),
                rows.stream().map(FeatureMargin::allocatedRevenueUsd).toList(),
                rows.stream().map(FeatureMargin::costUsd).toList());
    }

    private static void assertTotals(MarginTotals totals, List<BigDecimal> revenues, List<BigDecimal> costs) {
        BigDecimal revenue = revenues.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal cost = costs.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal margin = revenue.subtract(cost);
        assertThat(totals.revenueUsd()).isEqualByComparingTo(revenue);
        assertThat(totals.costUsd()).isEqualByComparingTo(cost);
        assertThat(totals.marginUsd()).isEqualByComparingTo(margin);
        if (revenue.signum() == 0) {
            assertThat(totals.marginPercent()).isNull();
        } else {
            assertThat(totals.marginPercent())
                    .isEqualByComparingTo(new BigDecimal(
                                    BigInteger.valueOf(nanos(margin)).multiply(BigInteger.valueOf(100)))
                            .divide(new BigDecimal(BigInteger.valueOf(nanos(revenue))), 1, RoundingMode.HALF_EVEN));
        }
    }
}
