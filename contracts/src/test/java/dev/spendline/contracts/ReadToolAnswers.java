package dev.spendline.contracts;

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
import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsRecommender;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteQueries;
import dev.spendline.contracts.waste.WasteRow;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
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
                Measures.ZERO);
        return List.of(byFeature, byModelForOneFeature, internalByTool);
    }

    private static Measures measures(long costNanos, long calls, Double avgLatencyMs) {
        return new Measures(
                Measures.usdFromNanos(costNanos),
                calls,
                calls * 1_200,
                calls * 300,
                calls * 800,
                calls * 20,
                calls / 50,
                calls / 100,
                avgLatencyMs);
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

    private static List<WasteRow> kinds(BigDecimal each) {
        return Arrays.stream(WasteKind.values())
                .map(k -> new WasteRow(k, null, each, 0))
                .toList();
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
                "Budget \"Support bot\" (feature support-bot, monthly) has used 82.4% of its 500 USD limit:"
                        + " 412.00 USD spent (threshold 80 %).",
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
                "Spend in the hour from 2026-11-16T01:00:00Z is 2.05 USD, above the anomaly threshold of 2.00 USD"
                        + " (the last 7 days averaged 1.00 USD an hour).",
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
                "Budget \"Support bot\" (feature support-bot, monthly) is on course to exceed its 500 USD limit:"
                        + " 640.12 USD forecast for the period, 213.37 USD spent so far.",
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
     * Built by {@link SavingsRecommender} from the other tools' answers over 30 days: a feature
     * with failed calls and cache misses and one with model overkill (CREATE_BUDGET on the feature),
     * a workflow with repeated steps and one with runaway runs (CHANGE, no budget), a customer
     * above its revenue (PROTECT_MARGIN, CREATE_BUDGET on the customer), and what is left out
     * (under 1.00 USD a month, no value, no revenue entered); then the top three; then a workspace
     * with nothing to recommend.
     */
    static List<Record> savingsRecommendations() {
        Instant from = Instant.parse("2026-10-17T02:00:00Z");
        Instant to = Instant.parse("2026-11-16T02:00:00Z");
        Map<Dimension, List<WasteRow>> waste = Map.of(
                Dimension.FEATURE,
                List.of(
                        new WasteRow(WasteKind.FAILED_CALL, "search", usd("18.00"), 12),
                        new WasteRow(WasteKind.MODEL_OVERKILL, "chat", usd("9.300412"), 1_100),
                        new WasteRow(WasteKind.CACHE_MISS, "search", usd("6.412"), 240),
                        new WasteRow(WasteKind.FAILED_CALL, null, usd("2.00"), 1),
                        new WasteRow(WasteKind.RETRY, "chat", usd("0.84"), 7)),
                Dimension.WORKFLOW,
                List.of(
                        new WasteRow(WasteKind.DUPLICATE_STEP, "onboarding", usd("6.00"), 4),
                        new WasteRow(WasteKind.FAILED_CALL, "onboarding", usd("4.10"), 3),
                        new WasteRow(WasteKind.RUNAWAY_RUN, "triage", usd("3.25"), 36)));
        Map<Dimension, List<SpendRow>> spend = Map.of(
                Dimension.FEATURE,
                List.of(
                        new SpendRow("search", measures(300_000_000_000L, 4_120, 98.4)),
                        new SpendRow("chat", measures(40_000_000_000L, 2_310, 412.0)),
                        new SpendRow(null, measures(2_000_015_000L, 3, null))),
                Dimension.WORKFLOW,
                List.of(
                        new SpendRow("onboarding", measures(55_120_000_000L, 880, 640.2)),
                        new SpendRow("triage", measures(20_000_000_000L, 402, 1_210.0))));
        List<CustomerMargin> customers = List.of(
                new CustomerMargin(
                        "globex",
                        usd("0.00"),
                        usd("84.120000501"),
                        usd("-84.120000501"),
                        null,
                        9_210,
                        List.of(CustomerMargin.NO_REVENUE, CustomerMargin.NEGATIVE_MARGIN)),
                new CustomerMargin(
                        "umbrella",
                        usd("40.00"),
                        usd("64.500000012"),
                        usd("-24.500000012"),
                        new BigDecimal("-61.3"),
                        5_210,
                        List.of(CustomerMargin.NEGATIVE_MARGIN)),
                new CustomerMargin(
                        "acme",
                        usd("1250.00"),
                        usd("312.48"),
                        usd("937.52"),
                        new BigDecimal("75.0"),
                        40_112,
                        List.of()));
        return List.of(
                recommend(from, to, SavingsQuery.DEFAULT_LIMIT, waste, spend, customers),
                recommend(from, to, 3, waste, spend, customers),
                recommend(from, to, SavingsQuery.DEFAULT_LIMIT, Map.of(), Map.of(), List.of()));
    }

    /** What the recommender answers when the other tools answer these rows (the other figures are not read). */
    private static Record recommend(
            Instant from,
            Instant to,
            int limit,
            Map<Dimension, List<WasteRow>> waste,
            Map<Dimension, List<SpendRow>> spend,
            List<CustomerMargin> customers) {
        WasteQueries wasteQueries = q -> new TopWasteReport(
                q.workspaceId(),
                q.from(),
                q.to(),
                q.by().wireName(),
                q.limit(),
                usd("0.00"),
                0,
                usd("0.00"),
                null,
                kinds(usd("0.00")),
                waste.getOrDefault(q.by(), List.of()));
        MarginQueries margins = new MarginQueries() {
            @Override
            public CustomerMarginReport marginByCustomer(MarginQuery q) {
                return new CustomerMarginReport(
                        q.workspaceId(),
                        q.from().toString(),
                        q.to().toString(),
                        q.limit(),
                        customers.size(),
                        0,
                        0,
                        customers,
                        new MarginTotals(usd("0.00"), usd("0.00"), usd("0.00"), null),
                        usd("0.00"));
            }

            @Override
            public FeatureMarginReport marginByFeature(MarginQuery q) {
                throw new UnsupportedOperationException("not used by the recommender");
            }
        };
        SavingsRecommender recommender = new SavingsRecommender(
                wasteQueries,
                q -> new SpendReport(
                        q.workspaceId(),
                        q.usage().wireName(),
                        q.by().wireName(),
                        q.from(),
                        q.to(),
                        Map.of(),
                        q.limit(),
                        spend.getOrDefault(q.by(), List.of()).size(),
                        spend.getOrDefault(q.by(), List.of()),
                        Measures.ZERO,
                        Measures.ZERO),
                margins);
        return recommender.savingsRecommendations(new SavingsQuery(WS, from, to, limit));
    }

    private static BigDecimal usd(String amount) {
        return new BigDecimal(amount);
    }
}
