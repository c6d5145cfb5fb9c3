package dev.spendline.streams.savings;

import dev.spendline.contracts.budget.BudgetDraft;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.money.MoneyText;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UsageKind;
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
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code savings_recommendations}, built from the other read tools: the waste of each kind per
 * feature or workflow ({@code top_waste}), what each costs ({@code spend_by}), and the customers
 * whose AI cost is above their revenue ({@code margin_by_customer}). It keeps no state of its own,
 * so it runs where the other tools' data is: on the instance that owns the workspace's partition,
 * over the same local stores, in one hop. The rules are in docs/recommendations.md. The filters of
 * {@link SavingsQuery} keep the matching recommendations of the finished list.
 */
public final class SavingsRecommender {

    /** Recommendations estimated below this per month are left out: not worth anyone's time. */
    public static final BigDecimal MIN_MONTHLY_SAVING_USD = new BigDecimal("1.00");

    private static final BigDecimal THIRTY = BigDecimal.valueOf(30);
    private static final BigDecimal HOURS_PER_DAY = BigDecimal.valueOf(24);
    private static final int ROWS = 1_000;

    /** The recommendation each waste kind leads to, and which dimension it is judged by. */
    private record Rule(RecommendationKind kind, WasteKind waste, Dimension by) {}

    private static final List<Rule> RULES = List.of(
            new Rule(RecommendationKind.FIX_FAILING_CALLS, WasteKind.FAILED_CALL, Dimension.FEATURE),
            new Rule(RecommendationKind.REDUCE_RETRIES, WasteKind.RETRY, Dimension.FEATURE),
            new Rule(RecommendationKind.SKIP_DUPLICATE_STEPS, WasteKind.DUPLICATE_STEP, Dimension.WORKFLOW),
            new Rule(RecommendationKind.CAP_RUNAWAY_RUNS, WasteKind.RUNAWAY_RUN, Dimension.WORKFLOW),
            new Rule(RecommendationKind.USE_PROMPT_CACHING, WasteKind.CACHE_MISS, Dimension.FEATURE),
            new Rule(RecommendationKind.USE_CHEAPER_MODEL, WasteKind.MODEL_OVERKILL, Dimension.FEATURE));

    /** Per feature, the models its model-overkill waste came from in a range, the largest share first. */
    @FunctionalInterface
    public interface OverkillModels {
        Map<String, List<String>> of(String workspaceId, Instant from, Instant to);
    }

    private final Queries queries;
    private final OverkillModels overkillModels;

    /**
     * @param queries answers top_waste, spend_by and margin_by_customer (the owner's local stores)
     * @param overkillModels the models behind each feature's model overkill (the same stores)
     */
    public SavingsRecommender(Queries queries, OverkillModels overkillModels) {
        this.queries = queries;
        this.overkillModels = overkillModels;
    }

    public SavingsReport savingsRecommendations(SavingsQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        String ws = q.workspaceId();
        List<Recommendation> all = new ArrayList<>();
        Instant from = null;
        Instant to = null;
        Map<String, List<String>> models = overkillModels.of(ws, q.from(), q.to());
        for (Dimension by : List.of(Dimension.FEATURE, Dimension.WORKFLOW)) {
            TopWasteReport report = queries.answer(
                    QueryType.TOP_WASTE,
                    new TopWasteQuery(ws, q.from(), q.to(), by, TopWasteQuery.MAX_LIMIT, null, null));
            from = report.from();
            to = report.to();
            Map<String, BigDecimal> spendBy = spendBy(ws, by, q);
            BigDecimal days = days(from, to);
            for (Rule rule : RULES) {
                if (rule.by() != by) {
                    continue;
                }
                for (WasteRow row : report.rows()) {
                    if (row.kind() == rule.waste() && row.value() != null) {
                        List<String> about = rule.kind() == RecommendationKind.USE_CHEAPER_MODEL
                                ? models.getOrDefault(row.value(), List.of())
                                : List.of();
                        all.add(fromWaste(
                                rule, row, from, to, days, spendBy.getOrDefault(row.value(), BigDecimal.ZERO), about));
                    }
                }
            }
        }
        all.addAll(fromMargins(ws, from, to));
        List<Recommendation> ranked = oneBudgetPerFeature(all.stream()
                .filter(r -> r.estimatedMonthlySavingUsd().compareTo(MIN_MONTHLY_SAVING_USD) >= 0)
                .sorted(Comparator.comparing(Recommendation::estimatedMonthlySavingUsd)
                        .reversed()
                        .thenComparing(Recommendation::id))
                .toList());
        // Filters apply to the finished list: which recommendation of a feature carries its budget,
        // and that budget's limit, depend on all of the feature's recommendations.
        List<Recommendation> found = ranked.stream().filter(q::matches).toList();
        List<Recommendation> kept = found.stream().limit(q.limit()).toList();
        BigDecimal total = kept.stream()
                .map(Recommendation::estimatedMonthlySavingUsd)
                .reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add);
        return new SavingsReport(ws, from, to, q.limit(), found.size(), total, kept);
    }

    /**
     * Several recommendations can name the same feature (failures and retries in {@code search});
     * creating a budget for each would leave overlapping budgets on it. Only the largest one keeps
     * its budget, with a limit that takes every one of the feature's savings off its spend; the
     * others keep their change in words. {@code ordered} is largest first.
     */
    private static List<Recommendation> oneBudgetPerFeature(List<Recommendation> ordered) {
        Map<String, BigDecimal> savingsByFeature = new HashMap<>();
        for (Recommendation r : ordered) {
            if (r.action().budget() != null && r.action().budget().scope() == BudgetScope.FEATURE) {
                savingsByFeature.merge(r.evidence().value(), r.estimatedMonthlySavingUsd(), BigDecimal::add);
            }
        }
        Set<String> budgeted = new HashSet<>();
        List<Recommendation> result = new ArrayList<>();
        for (Recommendation r : ordered) {
            BudgetDraft budget = r.action().budget();
            if (budget == null || budget.scope() != BudgetScope.FEATURE) {
                result.add(r);
            } else if (budgeted.add(budget.scopeValue())) {
                BigDecimal days = days(r.evidence().from(), r.evidence().to());
                BigDecimal monthlySpend =
                        r.evidence().spendUsd().multiply(THIRTY).divide(days, 2, RoundingMode.HALF_UP);
                BigDecimal limit = monthlySpend
                        .subtract(savingsByFeature.get(budget.scopeValue()))
                        .setScale(0, RoundingMode.CEILING);
                result.add(
                        limit.signum() > 0
                                ? r.withAction(new SuggestedAction(
                                        SuggestedAction.Type.CREATE_BUDGET,
                                        r.action().description(),
                                        new BudgetDraft(
                                                budget.name(),
                                                budget.scope(),
                                                budget.scopeValue(),
                                                budget.period(),
                                                limit)))
                                : r.withAction(new SuggestedAction(
                                        SuggestedAction.Type.CHANGE, r.action().description(), null)));
            } else {
                result.add(r.withAction(new SuggestedAction(
                        SuggestedAction.Type.CHANGE, r.action().description(), null)));
            }
        }
        return result;
    }

    private Recommendation fromWaste(
            Rule rule, WasteRow row, Instant from, Instant to, BigDecimal days, BigDecimal spent, List<String> models) {
        BigDecimal monthly = row.costUsd().multiply(THIRTY).divide(days, 2, RoundingMode.HALF_UP);
        String value = row.value();
        String dimension = rule.by().wireName();
        RecommendationEvidence evidence = new RecommendationEvidence(
                from, to, dimension, value, rule.waste(), row.calls(), row.costUsd(), spent, null, models);
        String method = usd(row.costUsd()) + " of " + wasteWords(rule.waste()) + " over "
                + MoneyText.days(days) + " days, at the same daily rate for 30 days"
                + (rule.waste() == WasteKind.CACHE_MISS || rule.waste() == WasteKind.MODEL_OVERKILL
                        ? " (the waste is itself the estimated difference in cost, see docs/waste.md)"
                        : "; assumes the cause is removed entirely");
        SuggestedAction action =
                switch (rule.kind()) {
                    case FIX_FAILING_CALLS -> featureBudget(
                            value,
                            spent,
                            days,
                            monthly,
                            "failures fixed",
                            "Find why calls of " + value + " fail (" + row.calls() + " failed calls cost "
                                    + usd(row.costUsd()) + ") and fix the cause; a budget at the expected spend after"
                                    + " the fix tells you if it works.");
                    case REDUCE_RETRIES -> featureBudget(
                            value,
                            spent,
                            days,
                            monthly,
                            "fewer retries",
                            "Limit retries in " + value + " (" + row.calls() + " retried calls cost "
                                    + usd(row.costUsd())
                                    + "): retry only errors that can succeed, with backoff, and at most once or twice.");
                    case USE_PROMPT_CACHING -> featureBudget(
                            value,
                            spent,
                            days,
                            monthly,
                            "prompt caching",
                            "Make every large prompt of " + value + " cacheable: put the stable part (instructions,"
                                    + " documents) first and unchanged, and turn on the provider's prompt caching where it"
                                    + " is opt-in. " + row.calls() + " large prompts read nothing from the cache.");
                    case USE_CHEAPER_MODEL -> featureBudget(
                            value,
                            spent,
                            days,
                            monthly,
                            "cheaper model",
                            "Test " + value + " on the cheaper model it already uses with as good a success rate"
                                    + " (see top_waste by model), e.g. as an experiment with a shadow guardrail, then move"
                                    + " its traffic. " + row.calls() + " calls used the expensive model.");
                    case SKIP_DUPLICATE_STEPS -> new SuggestedAction(
                            SuggestedAction.Type.CHANGE,
                            "Make the steps of workflow " + value + " idempotent: check whether a step already"
                                    + " succeeded before running it again (" + row.calls() + " repeated successes).",
                            null);
                    case CAP_RUNAWAY_RUNS -> new SuggestedAction(
                            SuggestedAction.Type.CHANGE,
                            "Give runs of workflow " + value + " a limit on cost or steps and stop them there ("
                                    + row.calls() + " calls were made after runs passed three times the typical run).",
                            null);
                    case PROTECT_MARGIN -> throw new IllegalStateException("not a waste rule");
                };
        return new Recommendation(
                id(rule.kind(), dimension, value),
                rule.kind(),
                title(rule.kind(), value),
                evidence,
                monthly,
                method,
                action);
    }

    /**
     * Customers whose AI cost was above the revenue entered for them in the months the period touches (customers with no
     * revenue entered are left out). The saving
     * is the loss per month: what a budget at the customer's revenue would keep the cost under.
     */
    private List<Recommendation> fromMargins(String ws, Instant from, Instant to) {
        YearMonth first = YearMonth.from(from.atZone(ZoneOffset.UTC));
        YearMonth last = YearMonth.from(to.minusMillis(1).atZone(ZoneOffset.UTC));
        if (first.plusMonths(MarginQuery.MAX_MONTHS - 1).isBefore(last)) {
            first = last.minusMonths(MarginQuery.MAX_MONTHS - 1);
        }
        CustomerMarginReport report = queries.answer(
                QueryType.MARGIN_BY_CUSTOMER, new MarginQuery(ws, first, last, MarginQuery.MAX_LIMIT, null, null));
        BigDecimal months = BigDecimal.valueOf(first.until(last, ChronoUnit.MONTHS) + 1);
        Instant monthsFrom = first.atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant monthsTo =
                last.plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        List<Recommendation> result = new ArrayList<>();
        for (CustomerMargin c : report.rows()) {
            // Without revenue entered the likely fix is entering it (margin_by_customer flags that), not a budget.
            if (!c.flags().contains(CustomerMargin.NEGATIVE_MARGIN) || c.flags().contains(CustomerMargin.NO_REVENUE)) {
                continue;
            }
            BigDecimal loss = c.marginUsd().negate();
            BigDecimal monthly = loss.divide(months, 2, RoundingMode.HALF_UP);
            BigDecimal monthlyRevenue = c.revenueUsd().divide(months, 2, RoundingMode.DOWN);
            RecommendationEvidence evidence = new RecommendationEvidence(
                    monthsFrom,
                    monthsTo,
                    "tenant",
                    c.tenantId(),
                    null,
                    c.calls(),
                    loss,
                    c.costUsd(),
                    c.revenueUsd(),
                    List.of());
            SuggestedAction action = monthlyRevenue.signum() > 0
                    ? new SuggestedAction(
                            SuggestedAction.Type.CREATE_BUDGET,
                            "Keep " + c.tenantId() + "'s AI cost under its revenue with a monthly budget of "
                                    + usd(monthlyRevenue) + ", and review its plan or usage limits.",
                            new BudgetDraft(
                                    name(c.tenantId(), "within revenue"),
                                    BudgetScope.TENANT,
                                    c.tenantId(),
                                    BudgetPeriod.MONTHLY,
                                    monthlyRevenue))
                    : new SuggestedAction(
                            SuggestedAction.Type.CHANGE, "Review " + c.tenantId() + "'s plan or usage limits.", null);
            result.add(new Recommendation(
                    id(RecommendationKind.PROTECT_MARGIN, "tenant", c.tenantId()),
                    RecommendationKind.PROTECT_MARGIN,
                    title(RecommendationKind.PROTECT_MARGIN, c.tenantId()),
                    evidence,
                    monthly,
                    "AI cost " + usd(c.costUsd()) + " minus revenue " + usd(c.revenueUsd()) + " over " + months
                            + (months.intValue() == 1 ? " month" : " months") + ", per month",
                    action));
        }
        return result;
    }

    /** A monthly budget on the feature at its spend per 30 days less the saving, in whole dollars up. */
    private static SuggestedAction featureBudget(
            String feature, BigDecimal spent, BigDecimal days, BigDecimal saving, String after, String description) {
        BigDecimal monthlySpend = spent.multiply(THIRTY).divide(days, 2, RoundingMode.HALF_UP);
        BigDecimal limit = monthlySpend.subtract(saving).setScale(0, RoundingMode.CEILING);
        if (limit.signum() <= 0) {
            return new SuggestedAction(SuggestedAction.Type.CHANGE, description, null);
        }
        return new SuggestedAction(
                SuggestedAction.Type.CREATE_BUDGET,
                description,
                new BudgetDraft(name(feature, after), BudgetScope.FEATURE, feature, BudgetPeriod.MONTHLY, limit));
    }

    /** Spend per value of {@code by}, for the top values; the range as asked (spend_by rounds it the same way). */
    private Map<String, BigDecimal> spendBy(String ws, Dimension by, SavingsQuery q) {
        return queries
                .answer(
                        QueryType.SPEND_BY,
                        new SpendQuery(ws, UsageKind.PRODUCT, by, q.from(), q.to(), Map.of(), SpendQuery.MAX_LIMIT))
                .rows()
                .stream()
                .filter(r -> r.value() != null)
                .collect(Collectors.toMap(SpendRow::value, r -> r.measures().costUsd(), BigDecimal::add));
    }

    /** The spend of one value outside the top ones. */
    private BigDecimal spendOf(String ws, Dimension by, String value, SavingsQuery q) {
        return queries.answer(
                        QueryType.SPEND_BY,
                        new SpendQuery(ws, UsageKind.PRODUCT, by, q.from(), q.to(), Map.of(by, value), 1))
                .totals()
                .costUsd();
    }

    private static BigDecimal days(Instant from, Instant to) {
        return BigDecimal.valueOf(Duration.between(from, to).toHours()).divide(HOURS_PER_DAY, 4, RoundingMode.HALF_UP);
    }

    private static String title(RecommendationKind kind, String value) {
        return switch (kind) {
            case FIX_FAILING_CALLS -> "Fix the failing calls of " + value;
            case REDUCE_RETRIES -> "Retry less in " + value;
            case SKIP_DUPLICATE_STEPS -> "Stop repeating finished steps in workflow " + value;
            case CAP_RUNAWAY_RUNS -> "Cap runaway runs of workflow " + value;
            case USE_PROMPT_CACHING -> "Use the prompt cache on every large prompt of " + value;
            case USE_CHEAPER_MODEL -> "Move " + value + " to a cheaper model";
            case PROTECT_MARGIN -> "Customer " + value + " costs more in AI than it pays";
        };
    }

    private static String wasteWords(WasteKind kind) {
        return switch (kind) {
            case FAILED_CALL -> "failed calls";
            case RETRY -> "retries";
            case DUPLICATE_STEP -> "repeated steps";
            case RUNAWAY_RUN -> "runaway-run calls";
            case CACHE_MISS -> "cache misses";
            case MODEL_OVERKILL -> "model overkill";
        };
    }

    /** A budget name within the budget's limit of characters. */
    private static String name(String value, String after) {
        String suffix = ": " + after;
        int room = BudgetDraft.MAX_NAME_LENGTH - suffix.length();
        return (value.length() > room ? value.substring(0, room) : value) + suffix;
    }

    /** Money as the dashboard and Ask write it ({@code $18.67}), so an estimate reads like its figures. */
    private static String usd(BigDecimal amount) {
        return MoneyText.usd(amount);
    }

    /** {@code rec_} and 16 hex digits of SHA-256 over kind, dimension and value: stable and URL-safe. */
    static String id(RecommendationKind kind, String dimension, String value) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest((kind + "\u0000" + dimension + "\u0000" + value).getBytes(StandardCharsets.UTF_8));
            return "rec_" + HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
