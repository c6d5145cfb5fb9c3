package dev.spendline.ask;

import dev.spendline.ask.Interpretation.Focus;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes a tool's answer as one paragraph with the key figures, in the terms of the question:
 * totals first, then the rows it asked for with their share, money as {@code $1,234.56}. Only
 * figures from the answer record appear; nothing is estimated here.
 */
final class AnswerWriter {

    /** The order filters are named in, as Ask passes them. */
    private static final List<String> FILTER_ORDER = List.of(
            "tenant",
            "feature",
            "model",
            "provider",
            "agent",
            "workflow",
            "tool",
            "user",
            "status",
            "outcome",
            "employee",
            "team",
            "category",
            "source");

    private AnswerWriter() {}

    /** Writes one read tool's answer (the tool's answer record) in words. */
    @FunctionalInterface
    private interface ToolWriter {
        String write(Interpretation reading, Record data);
    }

    /** One writer per read tool; {@link #write} checks the answer is the tool's before the cast. */
    private static final Map<ReadTool, ToolWriter> WRITERS = writers();

    private static Map<ReadTool, ToolWriter> writers() {
        Map<ReadTool, ToolWriter> writers = new EnumMap<>(ReadTool.class);
        writers.put(ReadTool.SPEND_BY, (reading, data) -> spend(reading, (SpendReport) data));
        writers.put(ReadTool.COMPARE, (reading, data) -> compare(reading, (CompareReport) data));
        writers.put(
                ReadTool.MARGIN_BY_CUSTOMER, (reading, data) -> customerMargin(reading, (CustomerMarginReport) data));
        writers.put(ReadTool.MARGIN_BY_FEATURE, (reading, data) -> featureMargin(reading, (FeatureMarginReport) data));
        writers.put(ReadTool.TOP_WASTE, (reading, data) -> waste(reading, (TopWasteReport) data));
        writers.put(ReadTool.SAVINGS_RECOMMENDATIONS, (reading, data) -> savings(reading, (SavingsReport) data));
        writers.put(ReadTool.BUDGET_STATUS, (reading, data) -> budgets(reading, (BudgetStatusReport) data));
        writers.put(ReadTool.ACTIVE_ALERTS, (reading, data) -> alerts(reading, (ActiveAlertsReport) data));
        if (!writers.keySet().containsAll(EnumSet.allOf(ReadTool.class))) {
            throw new IllegalStateException("a read tool without words for its answer");
        }
        return Map.copyOf(writers);
    }

    /** The answer in words of the reading's tool call, whose answer {@code data} is. */
    static String write(Interpretation reading, Record data) {
        ReadTool tool = reading.call().tool();
        if (!tool.answer().isInstance(data)) {
            throw new IllegalArgumentException(
                    "no words for " + data.getClass().getSimpleName() + " as the answer of " + tool.toolName());
        }
        return WRITERS.get(tool).write(reading, data);
    }

    // ---- spend_by

    private static String spend(Interpretation reading, SpendReport r) {
        UsageKind usage = UsageKind.parse(r.usage());
        Dimension by = Dimension.of(usage, r.by());
        TimeGrain grain = by == null ? TimeGrain.parse(r.by()) : null;
        SpendMetric metric = SpendMetric.parse(r.metric());
        String filter = r.filters().entrySet().stream()
                .sorted(java.util.Comparator.comparingInt(e -> FILTER_ORDER.indexOf(e.getKey())))
                .map(e -> Words.named(Dimension.of(usage, e.getKey()), e.getValue()))
                .collect(Collectors.joining(" and "));
        // Said in the title, so an answer without a name can never be read as one about it.
        String without = r.excluded().entrySet().stream()
                .sorted(java.util.Comparator.comparingInt(e -> FILTER_ORDER.indexOf(e.getKey())))
                .flatMap(e -> e.getValue().stream().map(v -> Words.named(Dimension.of(usage, e.getKey()), v)))
                .collect(Collectors.joining(" or "));
        String grouping = grain != null ? grainWords(grain) : "by " + Words.noun(by);
        String title = capital(Words.measure(metric, reading.metric().words)) + " " + grouping
                + (filter.isEmpty() ? "" : " for " + filter) + (without.isEmpty() ? "" : " without " + without)
                + ", " + Words.period(reading.range()) + " ("
                + r.usage() + " usage)";
        if (r.totals().calls() == 0 && r.totals().costUsd().signum() == 0) {
            return title + ": nothing recorded.";
        }
        String answer = grain != null
                ? series(title, r, metric)
                : metric == SpendMetric.COST ? spendByCost(reading, title, r) : ranked(reading, title, r, metric);
        return answer + unpriced(r.unpriced());
    }

    /**
     * Usage counted as $0.00 because its model has no price: said after the figures, with the fix,
     * so that a cost that looks low is never read as the whole truth.
     */
    static String unpriced(UnpricedUsage u) {
        if (u == null || !u.any()) {
            return "";
        }
        String models = u.models().isEmpty() ? "" : " (" + String.join(", ", u.models()) + ")";
        return " Unpriced: " + Words.count(u.calls()) + (u.calls() == 1 ? " row" : " rows") + models + ", "
                + Words.count(u.inputTokens()) + " input and " + Words.count(u.outputTokens())
                + " output tokens, counted as $0.00 because the price book has no price for "
                + (u.models().size() == 1 ? "that model" : "those models") + "; to cost them, " + u.fix() + ".";
    }

    /** "day by day", "week by week", "month by month". */
    private static String grainWords(TimeGrain grain) {
        return grain.wireName() + " by " + grain.wireName();
    }

    /** A series: the total, then every period with its figure, in the report's order. */
    private static String series(String title, SpendReport r, SpendMetric metric) {
        StringBuilder s = new StringBuilder(title).append(": ").append(figure(metric, metric.of(r.totals())));
        s.append(isSum(metric) ? " in total" : " overall");
        List<String> parts = new ArrayList<>();
        boolean hours = TimeGrain.parse(r.by()) == TimeGrain.HOUR;
        boolean oneDay = hours
                && r.from()
                        .truncatedTo(java.time.temporal.ChronoUnit.DAYS)
                        .equals(r.to().minusMillis(1).truncatedTo(java.time.temporal.ChronoUnit.DAYS));
        for (SpendRow row : r.rows()) {
            String period = hours ? hourWords(row.value(), oneDay) : row.value();
            parts.add(period + " " + figure(metric, row.metricValue()));
        }
        return s.append("; ").append(String.join(", ", parts)).append('.').toString();
    }

    /** An hour row as people say it (UTC): "13:00", or "21 Nov 13:00" when the hours span days. */
    private static String hourWords(String start, boolean oneDay) {
        return (oneDay ? HOUR : DAY_AND_HOUR).format(java.time.Instant.parse(start));
    }

    private static final java.time.format.DateTimeFormatter HOUR =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm").withZone(java.time.ZoneOffset.UTC);

    private static final java.time.format.DateTimeFormatter DAY_AND_HOUR = java.time.format.DateTimeFormatter.ofPattern(
                    "d MMM HH:mm", java.util.Locale.ENGLISH)
            .withZone(java.time.ZoneOffset.UTC);

    /** Ranked by a metric other than cost: the rows come in the report's order. */
    private static String ranked(Interpretation reading, String title, SpendReport r, SpendMetric metric) {
        BigDecimal total = metric.of(r.totals());
        StringBuilder s = new StringBuilder(title).append(": ").append(figure(metric, total));
        s.append(isSum(metric) ? " in total" : " overall");
        if (metric == SpendMetric.TOKENS) {
            s.append(" (")
                    .append(Words.count(r.totals().inputTokens()))
                    .append(" input, ")
                    .append(Words.count(r.totals().outputTokens()))
                    .append(" output)");
        }
        List<String> parts = new ArrayList<>();
        BigDecimal rest = total;
        for (SpendRow row :
                r.rows().subList(0, Math.min(reading.shown(), r.rows().size()))) {
            String share = isSum(metric) && total != null && row.metricValue() != null
                    ? shareOf(row.metricValue(), total)
                    : "";
            parts.add(label(row.value()) + " " + figure(metric, row.metricValue()) + share);
            rest = rest == null || row.metricValue() == null ? null : rest.subtract(row.metricValue());
        }
        if (isSum(metric) && rest != null && rest.signum() > 0) {
            parts.add("the rest " + figure(metric, rest) + shareOf(rest, total));
        }
        if (!parts.isEmpty()) {
            s.append("; ").append(String.join(", ", parts));
        }
        return s.append('.').toString();
    }

    private static boolean isSum(SpendMetric metric) {
        return switch (metric) {
            case ERROR_RATE, COST_PER_CALL, COST_PER_1K_TOKENS, LATENCY -> false;
            default -> true;
        };
    }

    /** A metric's value in words: money, a count, a percentage or milliseconds; "n/a" when undefined. */
    static String figure(SpendMetric metric, BigDecimal value) {
        if (value == null) {
            return "n/a";
        }
        return switch (metric) {
            case COST -> Words.money(value);
            case COST_PER_CALL, COST_PER_1K_TOKENS -> Words.unitMoney(value);
            case ERROR_RATE -> Words.percent(value.movePointRight(2));
            case LATENCY -> value.setScale(0, java.math.RoundingMode.HALF_UP).toPlainString() + " ms";
            default -> Words.count(value.longValue()) + " " + metric.wireName().replace('_', ' ');
        };
    }

    /**
     * What a call was narrowed to, for the answer's title: " for customer 'acme' (cache miss)".
     * The answer must say it, or a filtered figure reads as the whole workspace's.
     */
    private static String narrowing(Interpretation reading) {
        Map<String, Object> args = reading.call().arguments();
        List<String> named = new ArrayList<>();
        for (String name : FILTER_ORDER) {
            if (args.containsKey(name)) {
                named.add(Words.named(Dimension.of(UsageKind.PRODUCT, name), String.valueOf(args.get(name))));
            }
        }
        if (args.containsKey("scope")) {
            String scope = String.valueOf(args.get("scope"));
            Dimension d = scope.equals("WORKSPACE")
                    ? null
                    : dev.spendline.contracts.budget.BudgetScope.valueOf(scope).dimension();
            named.add(
                    args.containsKey("value")
                            ? Words.named(d, String.valueOf(args.get("value")))
                            : d == null ? "the workspace as a whole" : "every " + Words.noun(d));
        }
        List<String> kinds = new ArrayList<>();
        for (String name : List.of("kind", "state", "type", "severity")) {
            if (args.containsKey(name)) {
                kinds.add(Words.constant(String.valueOf(args.get(name))));
            }
        }
        if (args.containsKey("name")) {
            kinds.add("named like '" + args.get("name") + "'");
        }
        return (named.isEmpty() ? "" : " for " + String.join(" and ", named))
                + (kinds.isEmpty() ? "" : " (" + String.join(", ", kinds) + ")");
    }

    // ---- compare

    private static String compare(Interpretation reading, CompareReport r) {
        SpendMetric metric = SpendMetric.parse(r.compared());
        java.util.function.Function<BigDecimal, String> fig =
                v -> metric == null ? (v == null ? "n/a" : Words.money(v)) : figure(metric, v);
        StringBuilder s = new StringBuilder(
                        reading.reading().replaceFirst("^Read as: ", "").replaceAll("\\.$", ""))
                .append(": ")
                .append(fig.apply(r.totals().current()))
                .append(" against ")
                .append(fig.apply(r.totals().base()))
                .append(change(r.totals(), fig));
        List<String> parts = new ArrayList<>();
        for (CompareRow row :
                r.rows().subList(0, Math.min(reading.shown(), r.rows().size()))) {
            parts.add(label(row.value()) + " " + fig.apply(row.current()) + " from " + fig.apply(row.base())
                    + change(row, fig));
        }
        if (!parts.isEmpty()) {
            s.append("; ").append(String.join(", ", parts));
        }
        if (!r.grewMost().isEmpty()) {
            s.append("; grew most: ")
                    .append(r.grewMost().stream().map(AnswerWriter::label).collect(Collectors.joining(", ")));
        }
        if (!r.fellMost().isEmpty()) {
            s.append("; fell most: ")
                    .append(r.fellMost().stream().map(AnswerWriter::label).collect(Collectors.joining(", ")));
        }
        return s.append('.').toString();
    }

    private static String change(CompareRow row, java.util.function.Function<BigDecimal, String> fig) {
        if (row.change() == null) {
            return "";
        }
        String sign = row.change().signum() > 0 ? "+" : row.change().signum() < 0 ? "-" : "±";
        String amount = fig.apply(row.change().abs());
        String percent = row.changePercent() == null
                ? ""
                : ", " + (row.changePercent().signum() > 0 ? "+" : "")
                        + row.changePercent().toPlainString() + " %";
        return " (" + sign + amount + percent + ")";
    }

    private static String spendByCost(Interpretation reading, String title, SpendReport r) {
        BigDecimal total = r.totals().costUsd();
        StringBuilder s = new StringBuilder(title)
                .append(": ")
                .append(Words.money(total))
                .append(" in total over ")
                .append(Words.count(r.totals().calls()))
                .append(r.totals().calls() == 1 ? " call" : " calls");
        Focus focus = reading.focus();
        if (focus != null) {
            SpendRow row = r.rows().stream()
                    .filter(x -> focus.value().equals(x.value()))
                    .findFirst()
                    .orElse(null);
            s.append("; ").append(Words.value(focus.value()));
            if (row == null) {
                s.append(" had none of it");
            } else {
                s.append(" ")
                        .append(Words.money(row.measures().costUsd()))
                        .append(shareOf(row.measures().costUsd(), total));
            }
            return s.append('.').toString();
        }
        List<String> parts = new ArrayList<>();
        int shown = Math.min(reading.shown(), r.rows().size());
        BigDecimal rest = r.others().costUsd();
        long restCount = Math.max(0, r.distinctValues() - r.rows().size());
        for (int i = 0; i < r.rows().size(); i++) {
            SpendRow row = r.rows().get(i);
            if (i < shown) {
                parts.add(label(row.value()) + " " + Words.money(row.measures().costUsd())
                        + shareOf(row.measures().costUsd(), total));
            } else {
                rest = rest.add(row.measures().costUsd());
                restCount++;
            }
        }
        if (restCount > 0) {
            parts.add(restCount + " more " + Words.money(rest) + shareOf(rest, total));
        }
        return s.append("; ").append(String.join(", ", parts)).append('.').toString();
    }

    // ---- margins

    private static String customerMargin(Interpretation reading, CustomerMarginReport r) {
        StringBuilder s = new StringBuilder("Margin by customer" + narrowing(reading) + ", ")
                .append(Words.months(
                        reading.range().firstMonth(), reading.range().lastMonth()))
                .append(": ");
        if (r.customers() == 0) {
            return s.append("no customer had revenue or AI cost.").toString();
        }
        s.append(totals(r.totals()))
                .append(" over ")
                .append(r.customers())
                .append(r.customers() == 1 ? " customer" : " customers");
        if (r.customersWithNegativeMargin() > 0) {
            s.append("; ").append(r.customersWithNegativeMargin()).append(" with a negative margin");
        }
        if (r.customersWithoutRevenue() > 0) {
            s.append("; ").append(r.customersWithoutRevenue()).append(" without revenue");
        }
        return marginRows(
                s,
                reading,
                r.rows(),
                CustomerMargin::tenantId,
                row -> margin(row.revenueUsd(), row.costUsd(), row.marginUsd(), row.marginPercent()),
                " had no revenue or AI cost in that period.",
                unattributed(r.unattributedCostUsd()));
    }

    private static String featureMargin(Interpretation reading, FeatureMarginReport r) {
        StringBuilder s = new StringBuilder("Margin by feature" + narrowing(reading) + ", ")
                .append(Words.months(
                        reading.range().firstMonth(), reading.range().lastMonth()))
                .append(": ");
        if (r.features() == 0) {
            return s.append("no feature had AI cost.").toString();
        }
        s.append(totals(r.totals()))
                .append(" over ")
                .append(r.features())
                .append(r.features() == 1 ? " feature" : " features");
        return marginRows(
                s,
                reading,
                r.rows(),
                FeatureMargin::feature,
                row -> margin(row.allocatedRevenueUsd(), row.costUsd(), row.marginUsd(), row.marginPercent()),
                " had no AI cost in that period.",
                "");
    }

    /**
     * The rows of a margin answer: the focused one, or the first {@code shown} lowest (or highest)
     * first, each as "name margin…"; then {@code tail} and a full stop.
     */
    private static <R> String marginRows(
            StringBuilder s,
            Interpretation reading,
            List<R> all,
            java.util.function.Function<R, String> name,
            java.util.function.Function<R, String> figures,
            String noneForFocus,
            String tail) {
        List<R> rows = new ArrayList<>(all);
        String order = "lowest first";
        if (reading.focus() != null) {
            rows.removeIf(x -> !reading.focus().value().equals(name.apply(x)));
            if (rows.isEmpty()) {
                return s.append(". ")
                        .append(Words.value(reading.focus().value()))
                        .append(noneForFocus)
                        .toString();
            }
            order = null;
        } else if (reading.highestFirst()) {
            java.util.Collections.reverse(rows);
            order = "highest first";
        }
        List<String> parts = new ArrayList<>();
        for (R row : rows.subList(0, Math.min(reading.shown(), rows.size()))) {
            parts.add(label(name.apply(row)) + " " + figures.apply(row));
        }
        return s.append(". ")
                .append(order == null ? "" : capital(order) + ": ")
                .append(String.join("; ", parts))
                .append(tail)
                .append('.')
                .toString();
    }

    private static String totals(MarginTotals t) {
        return "revenue " + Words.money(t.revenueUsd()) + ", AI cost " + Words.money(t.costUsd()) + ", margin "
                + Words.money(t.marginUsd())
                + (t.marginPercent() == null ? "" : " (" + Words.percent(t.marginPercent()) + ")");
    }

    private static String margin(BigDecimal revenue, BigDecimal cost, BigDecimal margin, BigDecimal percent) {
        return "margin " + Words.money(margin)
                + (percent == null ? " (no revenue)" : " (" + Words.percent(percent) + ")") + " on revenue "
                + Words.money(revenue) + " and AI cost " + Words.money(cost);
    }

    private static String unattributed(BigDecimal cost) {
        return cost == null || cost.signum() == 0
                ? ""
                : "; " + Words.money(cost) + " of AI cost is not attributed to any customer";
    }

    // ---- waste

    private static String waste(Interpretation reading, TopWasteReport r) {
        StringBuilder s = new StringBuilder("Waste" + narrowing(reading) + ", ")
                .append(Words.period(reading.range()))
                .append(": ");
        if (r.wastefulCalls() == 0) {
            return s.append("none found in ")
                    .append(Words.money(r.spendUsd()))
                    .append(" of product spend.")
                    .toString();
        }
        s.append(Words.money(r.wasteUsd()))
                .append(" in ")
                .append(Words.count(r.wastefulCalls()))
                .append(r.wastefulCalls() == 1 ? " wasteful call" : " wasteful calls")
                .append(" of ")
                .append(Words.money(r.spendUsd()))
                .append(" spend")
                .append(r.wastePercent() == null ? "" : " (" + Words.percent(r.wastePercent()) + ")");
        List<String> kinds = r.kinds().stream()
                .map(k -> kind(k.kind()) + " " + Words.money(k.costUsd()) + " (" + Words.count(k.calls()) + ")")
                .toList();
        s.append(". By kind: ").append(String.join(", ", kinds));
        if (r.by() != null) {
            List<WasteRow> rows = new ArrayList<>(r.rows());
            if (reading.focus() != null) {
                rows.removeIf(x -> !reading.focus().value().equals(x.value()));
                s.append(". ").append(Words.value(reading.focus().value()));
                if (rows.isEmpty()) {
                    return s.append(" had none of it.").toString();
                }
                s.append(": ");
            } else {
                s.append(". Top by kind and ")
                        .append(Words.noun(Dimension.of(dev.spendline.contracts.query.UsageKind.PRODUCT, r.by())))
                        .append(": ");
            }
            s.append(String.join(
                    ", ",
                    rows.subList(0, Math.min(reading.shown(), rows.size())).stream()
                            .map(x -> (reading.focus() != null ? "" : label(x.value()) + " ") + kind(x.kind()) + " "
                                    + Words.money(x.costUsd()))
                            .toList()));
        }
        return s.append('.').toString();
    }

    static String kind(WasteKind kind) {
        return switch (kind) {
            case FAILED_CALL -> "failed calls";
            case RETRY -> "retries";
            case DUPLICATE_STEP -> "duplicate steps";
            case RUNAWAY_RUN -> "runaway runs";
            case CACHE_MISS -> "cache misses";
            case MODEL_OVERKILL -> "model overkill";
        };
    }

    // ---- savings, budgets, alerts

    private static String savings(Interpretation reading, SavingsReport r) {
        StringBuilder s = new StringBuilder("Savings recommendations" + narrowing(reading) + " from ")
                .append(Words.period(reading.range()))
                .append(": ");
        if (r.found() == 0) {
            return s.append("none; nothing in that period suggests a saving.").toString();
        }
        s.append(r.found())
                .append(" found, up to ")
                .append(Words.money(r.totalEstimatedMonthlySavingUsd()))
                .append(" a month for the ")
                .append(r.recommendations().size())
                .append(" listed (they can overlap)");
        List<String> parts = new ArrayList<>();
        int i = 1;
        for (Recommendation rec : r.recommendations()) {
            parts.add(
                    i++ + ". " + rec.title() + ": about " + Words.money(rec.estimatedMonthlySavingUsd()) + " a month");
        }
        return s.append(". ").append(String.join("; ", parts)).append('.').toString();
    }

    private static String budgets(Interpretation reading, BudgetStatusReport r) {
        StringBuilder s = new StringBuilder("Budgets" + narrowing(reading) + " as of ")
                .append(Words.moment(r.asOf()))
                .append(": ");
        if (r.budgets().isEmpty()) {
            return s.append("no budgets are set.").toString();
        }
        s.append(r.exceeded())
                .append(" exceeded, ")
                .append(r.warning())
                .append(" warning, ")
                .append(r.ok())
                .append(" OK");
        List<String> parts = new ArrayList<>();
        for (BudgetStatus b : r.budgets()) {
            String scope = b.budget().scope() == BudgetScope.WORKSPACE
                    ? "whole workspace"
                    : b.budget().scope().name().toLowerCase(Locale.ROOT).replace("tenant", "customer") + " "
                            + Words.value(b.budget().scopeValue());
            parts.add(b.budget().name() + " (" + scope + ", "
                    + b.budget().period().name().toLowerCase(Locale.ROOT)
                    + "): " + Words.money(b.spentUsd()) + " of "
                    + Words.money(b.budget().limitUsd()) + " ("
                    + Words.percent(b.percentUsed()) + "), " + b.state()
                    + (b.forecastUsd() == null ? "" : ", forecast " + Words.money(b.forecastUsd())));
        }
        return s.append(". ").append(String.join("; ", parts)).append('.').toString();
    }

    private static String alerts(Interpretation reading, ActiveAlertsReport r) {
        StringBuilder s = new StringBuilder("Active alerts" + narrowing(reading) + " as of ")
                .append(Words.moment(r.asOf()))
                .append(": ");
        if (r.alerts().isEmpty()) {
            s.append("none");
        } else {
            s.append(r.alerts().size()).append(" — ");
            List<String> parts = new ArrayList<>();
            for (Alert a : r.alerts()) {
                parts.add(a.severity() + " "
                        + a.type().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": "
                        + a.message().replaceAll("[.]$", ""));
            }
            s.append(String.join("; ", parts));
        }
        if (!r.snoozed().isEmpty()) {
            s.append(" (").append(r.snoozed().size()).append(" more snoozed)");
        }
        return s.append('.').toString();
    }

    // ---- helpers

    private static String label(String value) {
        return value == null ? "(not attributed)" : value;
    }

    private static String shareOf(BigDecimal part, BigDecimal whole) {
        BigDecimal share = Words.share(part, whole);
        return share == null ? "" : " (" + Words.percent(share) + ")";
    }

    private static String shareOf(long part, long whole) {
        BigDecimal share = Words.share(part, whole);
        return share == null ? "" : " (" + Words.percent(share) + ")";
    }

    private static String capital(String words) {
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }
}
