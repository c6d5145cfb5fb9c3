package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.capital;
import static dev.spendline.ask.AnswerWriter.label;
import static dev.spendline.ask.AnswerWriter.narrowing;

import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginTotals;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The answers of {@code margin_by_customer} and {@code margin_by_feature} in words: revenue, cost and
 * margin in total and per row, lowest or highest margin first.
 */
final class MarginAnswer {

    private MarginAnswer() {}

    static String customerMargin(Interpretation reading, CustomerMarginReport r) {
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

    static String featureMargin(Interpretation reading, FeatureMarginReport r) {
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
        // Right after the cost it qualifies: a margin built on estimates is read as one.
        String estimated = t.estimatedCostUsd() == null || t.estimatedCostUsd().signum() == 0
                ? ""
                : " (of which " + Words.money(t.estimatedCostUsd()) + " estimated from list prices)";
        return "revenue " + Words.money(t.revenueUsd()) + ", AI cost " + Words.money(t.costUsd()) + estimated
                + ", margin " + Words.money(t.marginUsd())
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
}
