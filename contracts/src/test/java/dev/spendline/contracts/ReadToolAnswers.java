package dev.spendline.contracts;

import static dev.spendline.contracts.ReportFixtures.kinds;
import static dev.spendline.contracts.ReportFixtures.measures;
import static dev.spendline.contracts.ReportFixtures.usd;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.alert.SnoozedAlert;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.ComparePeriod;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Realistic answers of the read tools, as the stream processor builds them (money through
 * {@link Measures#usdFromNanos}, budget figures through {@link BudgetStatus#of}, recommendations
 * through {@link SavingsRecommender} itself), with every
 * nullable field both null and set somewhere, so that the published schemas are checked against
 * what the endpoints really write.
 */
final class ReadToolAnswers {

    static final String WS = "ws_54mhd9g42gt4ubgcadpx";
    static final Instant AS_OF = Instant.parse("2026-11-16T01:30:00Z");

    private ReadToolAnswers() {}

    static List<Record> compare() {
        CompareRow totals = new CompareRow(
                null,
                new BigDecimal("1520.40"),
                new BigDecimal("1210.05"),
                new BigDecimal("310.35"),
                new BigDecimal("25.6"));
        CompareReport spend = new CompareReport(
                WS,
                "spend",
                "feature",
                "product",
                Map.of("tenant", "acme"),
                "cost",
                new ComparePeriod("2026-11-01T00:00:00Z", "2026-11-23T00:00:00Z"),
                new ComparePeriod("2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z"),
                20,
                3,
                List.of(
                        new CompareRow(
                                "search",
                                new BigDecimal("900.10"),
                                new BigDecimal("500"),
                                new BigDecimal("400.10"),
                                new BigDecimal("80.0")),
                        new CompareRow(
                                "chat",
                                new BigDecimal("0"),
                                new BigDecimal("90.25"),
                                new BigDecimal("-90.25"),
                                new BigDecimal("-100.0")),
                        new CompareRow(null, new BigDecimal("12"), new BigDecimal("0"), new BigDecimal("12"), null)),
                totals,
                List.of("search"),
                List.of("chat"),
                Map.of("model", List.of("gpt-4o"), "tenant", List.of("acme-eu", "umbrella")));
        CompareReport rates = new CompareReport(
                WS,
                "spend",
                "model",
                "product",
                Map.of(),
                "error_rate",
                new ComparePeriod("2026-11-16T00:00:00Z", "2026-11-23T00:00:00Z"),
                new ComparePeriod("2026-11-09T00:00:00Z", "2026-11-16T00:00:00Z"),
                5,
                1,
                List.of(new CompareRow("gpt-4.1", new BigDecimal("0.031"), null, null, null)),
                new CompareRow(
                        null,
                        new BigDecimal("0.031"),
                        new BigDecimal("0.02"),
                        new BigDecimal("0.011"),
                        new BigDecimal("55.0")),
                List.of(),
                List.of());
        CompareReport margin = new CompareReport(
                WS,
                "margin_by_customer",
                "tenant",
                "product",
                Map.of(),
                "margin_usd",
                new ComparePeriod("2026-11", "2026-11"),
                new ComparePeriod("2026-10", "2026-10"),
                20,
                0,
                List.of(),
                new CompareRow(null, new BigDecimal("0"), new BigDecimal("0"), new BigDecimal("0"), null),
                List.of(),
                List.of());
        return List.of(spend, rates, margin);
    }

    static List<Record> spendBy() {
        Measures search = measures(12_450_100_000L, 1_204, 98.4);
        Measures chat = measures(3_002_000_000L, 310, 412.0);
        Measures unattributed = measures(15_000L, 3, null);
        Measures others = measures(700_000_000L, 41, 120.5);
        SpendReport byFeature = new SpendReport(
                WS,
                "product",
                "feature",
                Instant.parse("2026-10-17T01:00:00Z"),
                Instant.parse("2026-11-16T02:00:00Z"),
                Map.of(),
                3,
                4,
                List.of(new SpendRow("search", search), new SpendRow("chat", chat), new SpendRow(null, unattributed)),
                others,
                measures(16_152_115_000L, 1_558, 150.2));
        SpendReport byModelForOneFeature = new SpendReport(
                WS,
                "product",
                "model",
                Instant.parse("2026-11-01T00:00:00Z"),
                Instant.parse("2026-12-01T00:00:00Z"),
                Map.of("feature", "search"),
                20,
                1,
                List.of(new SpendRow("gpt-4.1", search)),
                Measures.ZERO,
                search);
        SpendReport internalByTool = new SpendReport(
                        WS,
                        "internal",
                        "tool",
                        Instant.parse("2026-11-01T00:00:00Z"),
                        Instant.parse("2026-11-16T02:00:00Z"),
                        Map.of(),
                        20,
                        0,
                        List.of(),
                        Measures.ZERO,
                        Measures.ZERO)
                .withUnpriced(UnpricedUsage.NONE);
        Measures codex = new Measures(new BigDecimal("0.00"), 2, 30_000, 1_200, 20_000, 0, 0, 0, null);
        SpendReport internalWithUnpriced = new SpendReport(
                        WS,
                        "internal",
                        "model",
                        Instant.parse("2026-11-01T00:00:00Z"),
                        Instant.parse("2026-11-16T02:00:00Z"),
                        Map.of(),
                        20,
                        1,
                        List.of(new SpendRow("gpt-5.1-codex", codex)),
                        Measures.ZERO,
                        codex)
                .withUnpriced(new UnpricedUsage(2, 30_000, 20_000, 1_200, List.of("gpt-5.1-codex")));
        // Two groupings: one value per week, a week without its spend listed as 0.
        SpendReport byModelPerWeek = new SpendReport(
                WS,
                "product",
                "model",
                Instant.parse("2026-11-09T00:00:00Z"),
                Instant.parse("2026-11-23T00:00:00Z"),
                Map.of(),
                1,
                "cost",
                "desc",
                2,
                List.of(
                        new SpendRow("gpt-4.1", search, search.costUsd(), "2026-11-09"),
                        new SpendRow("gpt-4.1", Measures.ZERO, Measures.ZERO.costUsd(), "2026-11-16")),
                chat,
                measures(15_452_100_000L, 1_514, 160.1),
                Map.of(),
                null,
                "week",
                List.of(
                        new SpendRow("2026-11-09", search, search.costUsd(), "2026-11-09"),
                        new SpendRow("2026-11-16", chat, chat.costUsd(), "2026-11-16")),
                List.of(
                        new SpendRow("2026-11-09", Measures.ZERO, Measures.ZERO.costUsd(), "2026-11-09"),
                        new SpendRow("2026-11-16", chat, chat.costUsd(), "2026-11-16")));
        return List.of(byFeature, byModelForOneFeature, internalByTool, internalWithUnpriced, byModelPerWeek);
    }

    static List<Record> marginByCustomer() {
        CustomerMargin globex = new CustomerMargin(
                "globex",
                usd("0.00"),
                usd("84.120000501"),
                usd("-84.120000501"),
                null,
                9_210,
                List.of(CustomerMargin.NO_REVENUE, CustomerMargin.NEGATIVE_MARGIN));
        CustomerMargin acme = new CustomerMargin(
                "acme", usd("1250.00"), usd("312.48"), usd("937.52"), new BigDecimal("75.0"), 40_112, List.of());
        CustomerMargin initech = new CustomerMargin(
                "initech",
                usd("300.00"),
                usd("0.00"),
                usd("300.00"),
                new BigDecimal("100.0"),
                0,
                List.of(CustomerMargin.NO_USAGE));
        return List.of(new CustomerMarginReport(
                WS,
                "2026-10",
                "2026-11",
                50,
                3,
                1,
                1,
                List.of(globex, acme, initech),
                new MarginTotals(usd("1550.00"), usd("396.600000501"), usd("1153.399999499"), new BigDecimal("74.4")),
                usd("4.05")));
    }

    static List<Record> marginByFeature() {
        FeatureMargin notAttributed = new FeatureMargin(null, usd("0.00"), usd("4.05"), usd("-4.05"), null, 1_002);
        FeatureMargin search = new FeatureMargin(
                "search", usd("937.500000001"), usd("250.00"), usd("687.500000001"), new BigDecimal("73.3"), 30_000);
        FeatureMargin chat = new FeatureMargin(
                "chat", usd("312.499999999"), usd("62.48"), usd("250.019999999"), new BigDecimal("80.0"), 10_112);
        return List.of(new FeatureMarginReport(
                WS,
                "2026-11",
                "2026-11",
                50,
                3,
                List.of(notAttributed, search, chat),
                new MarginTotals(usd("1250.00"), usd("316.53"), usd("933.47"), new BigDecimal("74.7")),
                usd("300.00")));
    }

    static List<Record> topWaste() {
        Instant from = Instant.parse("2026-10-17T01:00:00Z");
        Instant to = Instant.parse("2026-11-16T02:00:00Z");
        List<WasteRow> kinds = List.of(
                new WasteRow(WasteKind.FAILED_CALL, null, usd("12.00"), 3),
                new WasteRow(WasteKind.RETRY, null, usd("6.00"), 2),
                new WasteRow(WasteKind.DUPLICATE_STEP, null, usd("6.00"), 1),
                new WasteRow(WasteKind.CACHE_MISS, null, usd("0.412"), 18),
                new WasteRow(WasteKind.RUNAWAY_RUN, null, usd("0.00"), 0),
                new WasteRow(WasteKind.MODEL_OVERKILL, null, usd("0.00"), 0));
        TopWasteReport byKind = new TopWasteReport(
                WS,
                from,
                to,
                null,
                20,
                usd("22.412"),
                23,
                usd("46.00"),
                new BigDecimal("48.7"),
                kinds,
                kinds.stream().filter(k -> k.calls() > 0).toList());
        TopWasteReport byFeature = new TopWasteReport(
                WS,
                from,
                to,
                "feature",
                3,
                usd("22.412"),
                23,
                usd("46.00"),
                new BigDecimal("48.7"),
                kinds,
                List.of(
                        new WasteRow(WasteKind.FAILED_CALL, "search", usd("10.00"), 2),
                        new WasteRow(WasteKind.DUPLICATE_STEP, "search", usd("6.00"), 1),
                        new WasteRow(WasteKind.FAILED_CALL, null, usd("2.00"), 1)));
        TopWasteReport nothingSpent = new TopWasteReport(
                WS, from, to, "workflow", 20, usd("0.00"), 0, usd("0.00"), null, kinds(usd("0.00")), List.of());
        return List.of(byKind, byFeature, nothingSpent);
    }

    static final Budget SUPPORT_BOT = new Budget(
            Budget.SCHEMA_VERSION,
            WS,
            "bud_k3m9p2x7q4w8r5t6y2z3",
            "Support bot",
            BudgetScope.FEATURE,
            "support-bot",
            BudgetPeriod.MONTHLY,
            new BigDecimal("500"),
            Instant.parse("2026-10-02T08:00:00Z"),
            "key_7f3a9c2b");

    static List<Record> budgetStatus() {
        Budget workspaceDaily = new Budget(
                Budget.SCHEMA_VERSION,
                WS,
                "bud_a2b3c4d5e6f7g8h9i2j3",
                "Whole workspace, daily",
                BudgetScope.WORKSPACE,
                null,
                BudgetPeriod.DAILY,
                new BigDecimal("25.50"),
                Instant.parse("2026-09-30T12:00:00Z"),
                "key_7f3a9c2b");
        Budget acmeWeekly = new Budget(
                Budget.SCHEMA_VERSION,
                WS,
                "bud_zz9y8x7w6v5u4t3s2r2q",
                "Acme, weekly",
                BudgetScope.TENANT,
                "acme",
                BudgetPeriod.WEEKLY,
                new BigDecimal("1000"),
                Instant.parse("2026-11-01T09:30:00Z"),
                "key_7f3a9c2b");
        List<BudgetStatus> statuses = List.of(
                BudgetStatus.of(workspaceDaily, AS_OF, usd("31.000000042")),
                BudgetStatus.of(SUPPORT_BOT, AS_OF, usd("412.00")),
                BudgetStatus.of(acmeWeekly, AS_OF, usd("12.75")));
        return List.of(
                new BudgetStatusReport(
                        WS,
                        AS_OF,
                        count(statuses, BudgetState.EXCEEDED),
                        count(statuses, BudgetState.WARNING),
                        count(statuses, BudgetState.OK),
                        statuses.stream()
                                .sorted(Comparator.comparing(BudgetStatus::state, Comparator.reverseOrder()))
                                .toList()),
                new BudgetStatusReport(WS, AS_OF, 0, 0, 0, List.of()));
    }

    private static int count(List<BudgetStatus> statuses, BudgetState state) {
        return (int) statuses.stream().filter(s -> s.state() == state).count();
    }

    static List<Record> activeAlerts() {
        BudgetStatus supportBot = BudgetStatus.of(SUPPORT_BOT, AS_OF, usd("412.00"));
        Alert threshold = new Alert(
                Alert.SCHEMA_VERSION,
                WS,
                Alert.idOf(WS, AlertType.BUDGET_THRESHOLD, SUPPORT_BOT.id(), supportBot.periodStart()),
                AlertType.BUDGET_THRESHOLD,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.UPDATED,
                SUPPORT_BOT.scope(),
                SUPPORT_BOT.scopeValue(),
                Instant.parse("2026-11-12T09:14:03Z"),
                Instant.parse("2026-11-15T16:40:11Z"),
                null,
                "Budget \"Support bot\" (feature support-bot, monthly) has used 82.4% of its $500.00 limit:"
                        + " $412.00 spent (threshold 80 %).",
                AlertEvidence.ofBudget(
                        SUPPORT_BOT.id(),
                        SUPPORT_BOT.name(),
                        SUPPORT_BOT.limitUsd(),
                        supportBot.spentUsd(),
                        supportBot.percentUsed(),
                        supportBot.forecastUsd(),
                        80,
                        supportBot.periodStart(),
                        supportBot.periodEnd()));
        Instant hour = Instant.parse("2026-11-16T01:00:00Z");
        Alert spike = new Alert(
                Alert.SCHEMA_VERSION,
                WS,
                Alert.idOf(WS, AlertType.ERROR_RATE_SPIKE, "workspace", hour),
                AlertType.ERROR_RATE_SPIKE,
                AlertSeverity.CRITICAL,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                Instant.parse("2026-11-16T01:12:40Z"),
                Instant.parse("2026-11-16T01:12:40Z"),
                null,
                "61.5 % of the calls in the hour from 2026-11-16T01:00:00Z failed (16 of 26); over the last 7 days"
                        + " 2.1 % did.",
                AlertEvidence.ofErrorRateSpike(hour, 26, 16, new BigDecimal("61.5"), new BigDecimal("2.1")));
        Alert anomaly = new Alert(
                Alert.SCHEMA_VERSION,
                WS,
                Alert.idOf(WS, AlertType.SPEND_ANOMALY, "workspace", hour),
                AlertType.SPEND_ANOMALY,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                Instant.parse("2026-11-16T01:20:00Z"),
                Instant.parse("2026-11-16T01:20:00Z"),
                null,
                "Spend in the hour from 2026-11-16T01:00:00Z is $2.05, above the anomaly threshold of $2.00"
                        + " (the last 7 days averaged $1.00 an hour).",
                AlertEvidence.ofSpendAnomaly(hour, usd("2.05"), usd("1.00"), usd("2.00"), 212));
        Alert forecast = new Alert(
                Alert.SCHEMA_VERSION,
                WS,
                Alert.idOf(WS, AlertType.BUDGET_FORECAST, SUPPORT_BOT.id(), supportBot.periodStart()),
                AlertType.BUDGET_FORECAST,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                SUPPORT_BOT.scope(),
                SUPPORT_BOT.scopeValue(),
                Instant.parse("2026-11-10T07:00:00Z"),
                Instant.parse("2026-11-10T07:00:00Z"),
                null,
                "Budget \"Support bot\" (feature support-bot, monthly) is on course to exceed its $500.00 limit:"
                        + " $640.12 forecast for the period, $213.37 spent so far.",
                AlertEvidence.ofBudget(
                        SUPPORT_BOT.id(),
                        SUPPORT_BOT.name(),
                        SUPPORT_BOT.limitUsd(),
                        usd("213.37"),
                        new BigDecimal("42.7"),
                        usd("640.12"),
                        null,
                        supportBot.periodStart(),
                        supportBot.periodEnd()));
        Instant decided = Instant.parse("2026-11-16T03:05:09Z");
        String guardrailAlertId = Alert.idOf(WS, AlertType.EXPERIMENT_GUARDRAIL, "grd_k2m4p6q8r9s3t5v7w2x4/b", decided);
        ShadowDecision decision = new ShadowDecision(
                "grd_k2m4p6q8r9s3t5v7w2x4",
                "prompt-v2",
                "b",
                "control",
                "stop variant 'b' and send its traffic to 'control'",
                false,
                decided,
                new BigDecimal("0.120354"),
                new BigDecimal("0.1"),
                new BigDecimal("20.4"),
                new BigDecimal("20"),
                113,
                100,
                guardrailAlertId,
                null);
        Alert guardrail = new Alert(
                Alert.SCHEMA_VERSION,
                WS,
                guardrailAlertId,
                AlertType.EXPERIMENT_GUARDRAIL,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                decided,
                decided,
                null,
                "Shadow guardrail on experiment prompt-v2: variant b costs $0.120354 per successful call, 20.4 % more"
                        + " than the control's $0.1 (threshold 20 %). In enforcing mode it would stop variant 'b' and"
                        + " send its traffic to 'control'; nothing was blocked.",
                AlertEvidence.ofShadowDecision(decision));
        return List.of(
                new ActiveAlertsReport(
                        WS,
                        AS_OF,
                        List.of(spike, threshold, anomaly, guardrail),
                        List.of(new SnoozedAlert(
                                forecast,
                                Instant.parse("2026-11-17T07:00:00Z"),
                                "launch day, expected",
                                "key_7f3a9c2b"))),
                new ActiveAlertsReport(WS, AS_OF, List.of(), List.of()));
    }

    /**
     * What {@code SavingsRecommender} answers for a rich fixture (built and checked against this
     * same file by streams-app's {@code SavingsRecommenderAnswersTest}, where the recommender runs):
     * recommendations of every kind, the top three, and a workspace with nothing to recommend.
     */
    static List<Record> savingsRecommendations() {
        try {
            return List.of(Json.MAPPER.readValue(
                    Files.readString(SAVINGS_ANSWERS), dev.spendline.contracts.savings.SavingsReport[].class));
        } catch (IOException e) {
            throw new AssertionError("cannot read " + SAVINGS_ANSWERS, e);
        }
    }

    /** The recommender's answers to its fixture, written by streams-app's SavingsRecommenderAnswersTest. */
    static final Path SAVINGS_ANSWERS = Path.of("src", "test", "resources", "savings-answers.json");
}
