package dev.spendline.ask;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.ComparePeriod;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.RecommendationEvidence;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.savings.SuggestedAction;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Real answer records with figures a test can add up, and read tools that answer with them. Each
 * record fits its tool's published output schema (MCP checks answers against it).
 */
public final class Reports {

    public static final Instant NOW = Instant.parse("2026-11-22T10:30:00Z");

    private Reports() {}

    static Measures measures(String cost, long calls, long input, long output) {
        return new Measures(new BigDecimal(cost), calls, input, output, 0, 0, 0, 0, null);
    }

    /**
     * search $800.00, chat $400.00, support-bot $34.56: $1,234.56 over 1,234 calls, ranked by the
     * query's metric and order as the stores rank them; a filter on the grouping keeps its row. By
     * period: the three figures are the first three periods of the range.
     */
    static SpendReport spend(SpendQuery q) {
        List<SpendRow> all = List.of(
                new SpendRow("search", measures("800.00", 600, 1_000_000, 200_000)),
                new SpendRow("chat", measures("400.00", 600, 3_000_000, 500_000)),
                new SpendRow("support-bot", measures("34.56", 34, 10_000, 2_000)));
        if (q.grain() != null) {
            List<SpendRow> periods = new java.util.ArrayList<>();
            if (q.grain() == dev.spendline.contracts.query.TimeGrain.HOUR) {
                Instant hour = q.from().truncatedTo(java.time.temporal.ChronoUnit.HOURS);
                for (SpendRow row : all) {
                    periods.add(new SpendRow(
                            q.grain().labelOf(hour), row.measures(), q.metric().of(row.measures())));
                    hour = hour.plus(java.time.Duration.ofHours(1));
                }
                return report(q, periods, periods, new Measures(new BigDecimal("0.00"), 0, 0, 0, 0, 0, 0, 0, null));
            }
            java.time.LocalDate day =
                    q.grain().periodStart(java.time.LocalDate.ofInstant(q.from(), java.time.ZoneOffset.UTC));
            for (SpendRow row : all) {
                periods.add(new SpendRow(
                        q.grain().label(day), row.measures(), q.metric().of(row.measures())));
                day = q.grain().next(day);
            }
            return report(q, periods, periods, new Measures(new BigDecimal("0.00"), 0, 0, 0, 0, 0, 0, 0, null));
        }
        if (q.per() != null) {
            return perPeriod(q, all);
        }
        String kept = q.by() == null ? null : q.filters().get(q.by());
        List<SpendRow> matching = new java.util.ArrayList<>();
        java.util.Set<String> left =
                q.by() == null ? java.util.Set.of() : q.exclusions().getOrDefault(q.by(), java.util.Set.of());
        for (SpendRow row : all) {
            if ((kept == null || kept.equals(row.value())) && !left.contains(row.value())) {
                matching.add(
                        new SpendRow(row.value(), row.measures(), q.metric().of(row.measures())));
            }
        }
        java.util.Comparator<SpendRow> ranking = java.util.Comparator.comparing(
                        SpendRow::metricValue,
                        java.util.Comparator.nullsLast(
                                q.order() == dev.spendline.contracts.query.SpendOrder.ASC
                                        ? java.util.Comparator.<BigDecimal>naturalOrder()
                                        : java.util.Comparator.<BigDecimal>reverseOrder()))
                .thenComparing(row -> row.measures().costUsd(), java.util.Comparator.reverseOrder());
        matching.sort(ranking);
        List<SpendRow> rows = matching.subList(0, Math.min(q.limit(), matching.size()));
        Measures others = sum(matching.subList(rows.size(), matching.size()));
        return report(q, matching, rows, others);
    }

    /**
     * Two groupings: the three values of {@link #spend} in the range's first two periods, all of a
     * value's figure in the first and none in the second.
     */
    private static SpendReport perPeriod(SpendQuery q, List<SpendRow> all) {
        dev.spendline.contracts.query.TimeGrain per = q.per();
        List<String> periods;
        if (per == dev.spendline.contracts.query.TimeGrain.HOUR) {
            Instant hour = q.from().truncatedTo(java.time.temporal.ChronoUnit.HOURS);
            periods = List.of(per.labelOf(hour), per.labelOf(hour.plus(java.time.Duration.ofHours(1))));
        } else {
            java.time.LocalDate first =
                    per.periodStart(java.time.LocalDate.ofInstant(q.from(), java.time.ZoneOffset.UTC));
            periods = List.of(per.label(first), per.label(per.next(first)));
        }
        Measures none = new Measures(new BigDecimal("0.00"), 0, 0, 0, 0, 0, 0, 0, null);
        List<SpendRow> rows = new java.util.ArrayList<>();
        for (SpendRow row : all) {
            rows.add(new SpendRow(row.value(), row.measures(), q.metric().of(row.measures()), periods.get(0)));
            rows.add(new SpendRow(row.value(), none, q.metric().of(none), periods.get(1)));
        }
        Measures total = sum(all);
        return report(
                q,
                all.size(),
                rows,
                none,
                total,
                per,
                List.of(
                        new SpendRow(periods.get(0), total, q.metric().of(total), periods.get(0)),
                        new SpendRow(periods.get(1), none, q.metric().of(none), periods.get(1))),
                List.of(
                        new SpendRow(periods.get(0), none, q.metric().of(none), periods.get(0)),
                        new SpendRow(periods.get(1), none, q.metric().of(none), periods.get(1))));
    }

    private static SpendReport report(SpendQuery q, List<SpendRow> all, List<SpendRow> rows, Measures others) {
        return report(q, all.size(), rows, others, sum(all), null, null, null);
    }

    /** The report of {@code q}; {@code per} and its period rows only with two groupings. */
    private static SpendReport report(
            SpendQuery q,
            int distinctValues,
            List<SpendRow> rows,
            Measures others,
            Measures totals,
            dev.spendline.contracts.query.TimeGrain per,
            List<SpendRow> periodTotals,
            List<SpendRow> periodOthers) {
        Map<String, String> filters = new java.util.LinkedHashMap<>();
        q.filters().forEach((d, v) -> filters.put(d.wireName(), v));
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.byName(),
                q.from(),
                q.to(),
                filters,
                q.limit(),
                q.metric().wireName(),
                q.order().wireName(),
                distinctValues,
                rows,
                others,
                totals,
                q.excludedByName(),
                null,
                per == null ? null : per.wireName(),
                periodTotals,
                periodOthers);
    }

    private static Measures sum(List<SpendRow> rows) {
        BigDecimal cost = new BigDecimal("0.00");
        long calls = 0;
        long input = 0;
        long output = 0;
        for (SpendRow row : rows) {
            cost = cost.add(row.measures().costUsd());
            calls += row.measures().calls();
            input += row.measures().inputTokens();
            output += row.measures().outputTokens();
        }
        return new Measures(cost, calls, input, output, 0, 0, 0, 0, null);
    }

    /** Spend this period against the last: search up $300, chat down $100, support-bot new. */
    static CompareReport compare(CompareQuery q) {
        return new CompareReport(
                q.workspaceId(),
                q.subject().wireName(),
                q.currentSpend() != null && q.currentSpend().by() != null
                        ? q.currentSpend().by().wireName()
                        : null,
                "product",
                Map.of(),
                q.currentSpend() != null ? q.currentSpend().metric().wireName() : "margin_usd",
                new ComparePeriod("2026-11-01T00:00:00Z", "2026-11-23T00:00:00Z"),
                new ComparePeriod("2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z"),
                q.limit(),
                3,
                List.of(
                        new CompareRow(
                                "search",
                                new BigDecimal("800.00"),
                                new BigDecimal("500.00"),
                                new BigDecimal("300.00"),
                                new BigDecimal("60.0")),
                        new CompareRow(
                                "chat",
                                new BigDecimal("400.00"),
                                new BigDecimal("500.00"),
                                new BigDecimal("-100.00"),
                                new BigDecimal("-20.0")),
                        new CompareRow(
                                "support-bot",
                                new BigDecimal("34.56"),
                                new BigDecimal("0"),
                                new BigDecimal("34.56"),
                                null)),
                new CompareRow(
                        null,
                        new BigDecimal("1234.56"),
                        new BigDecimal("1000.00"),
                        new BigDecimal("234.56"),
                        new BigDecimal("23.5")),
                List.of("search", "support-bot"),
                List.of("chat"));
    }

    /** globex (negative) and acme; a tenant filter keeps that customer's row and totals. */
    static CustomerMarginReport customers(MarginQuery q) {
        CustomerMarginReport all = allCustomers(q);
        if (q.tenant() == null) {
            return all;
        }
        List<CustomerMargin> rows = all.rows().stream()
                .filter(row -> row.tenantId().equals(q.tenant()))
                .toList();
        MarginTotals totals = rows.isEmpty()
                ? new MarginTotals(BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, null)
                : new MarginTotals(
                        rows.get(0).revenueUsd(),
                        rows.get(0).costUsd(),
                        rows.get(0).marginUsd(),
                        rows.get(0).marginPercent());
        return new CustomerMarginReport(
                all.workspaceId(),
                all.from(),
                all.to(),
                all.limit(),
                rows.size(),
                0,
                (int) rows.stream().filter(row -> row.marginUsd().signum() < 0).count(),
                rows,
                totals,
                new BigDecimal("0.00"));
    }

    private static CustomerMarginReport allCustomers(MarginQuery q) {
        return new CustomerMarginReport(
                q.workspaceId(),
                q.from().toString(),
                q.to().toString(),
                q.limit(),
                2,
                0,
                1,
                List.of(
                        new CustomerMargin(
                                "globex",
                                new BigDecimal("100.00"),
                                new BigDecimal("150.00"),
                                new BigDecimal("-50.00"),
                                new BigDecimal("-50.0"),
                                10,
                                List.of(CustomerMargin.NEGATIVE_MARGIN)),
                        new CustomerMargin(
                                "acme",
                                new BigDecimal("2000.00"),
                                new BigDecimal("500.00"),
                                new BigDecimal("1500.00"),
                                new BigDecimal("75.0"),
                                40,
                                List.of())),
                new MarginTotals(
                        new BigDecimal("2100.00"),
                        new BigDecimal("650.00"),
                        new BigDecimal("1450.00"),
                        new BigDecimal("69.0")),
                new BigDecimal("0.00"));
    }

    static FeatureMarginReport features(MarginQuery q) {
        return new FeatureMarginReport(
                q.workspaceId(),
                q.from().toString(),
                q.to().toString(),
                q.limit(),
                1,
                List.of(new FeatureMargin(
                        "search",
                        new BigDecimal("75.00"),
                        new BigDecimal("30.00"),
                        new BigDecimal("45.00"),
                        new BigDecimal("60.0"),
                        3)),
                new MarginTotals(
                        new BigDecimal("75.00"),
                        new BigDecimal("30.00"),
                        new BigDecimal("45.00"),
                        new BigDecimal("60.0")),
                new BigDecimal("0.00"));
    }

    static TopWasteReport waste(TopWasteQuery q) {
        String by = q.by() == null ? null : q.by().wireName();
        List<WasteRow> kinds = List.of(
                new WasteRow(WasteKind.FAILED_CALL, null, new BigDecimal("12.00"), 4),
                new WasteRow(WasteKind.RETRY, null, new BigDecimal("3.50"), 2));
        List<WasteRow> rows = by == null
                ? kinds
                : List.of(
                                new WasteRow(WasteKind.FAILED_CALL, "search", new BigDecimal("10.00"), 3),
                                new WasteRow(WasteKind.FAILED_CALL, "chat", new BigDecimal("2.00"), 1),
                                new WasteRow(WasteKind.RETRY, "search", new BigDecimal("3.50"), 2))
                        .stream()
                        // A value filter keeps that value's rows, as the waste tool does.
                        .filter(row -> q.value() == null || q.value().equals(row.value()))
                        .toList();
        return new TopWasteReport(
                q.workspaceId(),
                q.from(),
                q.to(),
                by,
                q.limit(),
                new BigDecimal("15.50"),
                6,
                new BigDecimal("1234.56"),
                new BigDecimal("1.3"),
                kinds,
                rows);
    }

    static SavingsReport savings(SavingsQuery q) {
        return new SavingsReport(
                q.workspaceId(),
                q.from(),
                q.to(),
                q.limit(),
                1,
                new BigDecimal("120.00"),
                List.of(new Recommendation(
                        "rec_0123456789abcdef",
                        RecommendationKind.FIX_FAILING_CALLS,
                        "Fix failing calls of search",
                        new RecommendationEvidence(
                                q.from(),
                                q.to(),
                                "feature",
                                "search",
                                WasteKind.FAILED_CALL,
                                40,
                                new BigDecimal("120.00"),
                                new BigDecimal("800.00"),
                                null,
                                List.of()),
                        new BigDecimal("120.00"),
                        "the failed calls' cost over 30 days",
                        new SuggestedAction(SuggestedAction.Type.CHANGE, "Fix the failing calls of search", null))));
    }

    static BudgetStatusReport budgets(BudgetStatusQuery q) {
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION,
                q.workspaceId(),
                "bud_0123456789abcdefghij",
                "Search",
                BudgetScope.FEATURE,
                "search",
                BudgetPeriod.MONTHLY,
                new BigDecimal("50"),
                NOW,
                "key_1");
        return new BudgetStatusReport(
                q.workspaceId(), q.asOf(), 0, 1, 0, List.of(BudgetStatus.of(budget, q.asOf(), new BigDecimal("45"))));
    }

    static ActiveAlertsReport alerts(ActiveAlertsQuery q) {
        Alert alert = new Alert(
                Alert.SCHEMA_VERSION,
                q.workspaceId(),
                "alr_0123456789abcdef01234567",
                AlertType.BUDGET_THRESHOLD,
                AlertSeverity.WARNING,
                AlertStatus.values()[0],
                AlertChange.values()[0],
                BudgetScope.FEATURE,
                "search",
                NOW,
                NOW,
                null,
                "Budget Search is at 90% of $50.00.",
                AlertEvidence.ofBudget(
                        "bud_0123456789abcdefghij",
                        "Search",
                        new BigDecimal("50.00"),
                        new BigDecimal("45.00"),
                        new BigDecimal("90.00"),
                        new BigDecimal("52.00"),
                        80,
                        Instant.parse("2026-11-01T00:00:00Z"),
                        Instant.parse("2026-12-01T00:00:00Z")));
        return new ActiveAlertsReport(q.workspaceId(), q.asOf(), List.of(alert), List.of());
    }

    /** The read tools over the stand-in answers above. */
    public static Queries tools() {
        return new QueryHandlers()
                .on(QueryType.SPEND_BY, Reports::spend)
                .on(QueryType.MARGIN_BY_CUSTOMER, Reports::customers)
                .on(QueryType.MARGIN_BY_FEATURE, Reports::features)
                .on(QueryType.TOP_WASTE, Reports::waste)
                .on(QueryType.SAVINGS_RECOMMENDATIONS, Reports::savings)
                .on(QueryType.BUDGET_STATUS, Reports::budgets)
                .on(QueryType.ACTIVE_ALERTS, Reports::alerts)
                .on(QueryType.COMPARE, Reports::compare);
    }
}
