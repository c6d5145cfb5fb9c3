package dev.spendline.query.dashboard.spend;

import dev.spendline.contracts.chart.ChartData;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.TimeGrain;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * A spend report as the explorer shows it: each row with its share of the total cost, the values
 * beyond the limit as one "other values" line (so the lines add up to the totals), and, for a report
 * by period, the chart of the ranked figure over time.
 */
record SpendTable(SpendReport report, List<Line> lines, Line others, boolean byPeriod, boolean showsMetric) {

    /** One line of the table; {@code sharePercent} is of the report's total cost, null without cost. */
    record Line(String value, Measures measures, BigDecimal metricValue, BigDecimal sharePercent) {

        public long tokens() {
            return measures.inputTokens() + measures.outputTokens();
        }
    }

    static SpendTable of(SpendReport report) {
        BigDecimal total = report.totals().costUsd();
        List<Line> lines = new ArrayList<>();
        report.rows()
                .forEach(row -> lines.add(
                        new Line(row.value(), row.measures(), row.metricValue(), share(row.measures(), total))));
        Measures rest = report.others();
        Line others = rest == null || (rest.calls() == 0 && rest.costUsd().signum() == 0)
                ? null
                : new Line(null, rest, null, share(rest, total));
        return new SpendTable(
                report,
                List.copyOf(lines),
                others,
                TimeGrain.parse(report.by()) != null,
                !SpendMetric.COST.wireName().equals(report.metric()));
    }

    /**
     * True when some of the cost was estimated from the price book or some calls had no price: the
     * table then shows both per line (a sender that reports every cost never sees the columns).
     */
    public boolean showsEstimates() {
        Measures totals = report.totals();
        return totals.estimatedCostUsd().signum() != 0 || totals.unpricedCalls() > 0;
    }

    /** How many values fell beyond the limit into the "other values" line. */
    public int otherValues() {
        return Math.max(0, report.distinctValues() - lines.size());
    }

    /** The ranked metric over the whole report (the totals' cost per call, error rate, ...). */
    public BigDecimal totalMetric() {
        SpendMetric metric = SpendMetric.parse(report.metric());
        return metric == null ? null : metric.of(report.totals());
    }

    /** The ranked figure per period, oldest first; null for a report by a dimension. */
    public ChartData chart() {
        if (!byPeriod) {
            return null;
        }
        SpendMetric metric = SpendMetric.parse(report.metric());
        boolean money = metric == SpendMetric.COST
                || metric == SpendMetric.COST_PER_CALL
                || metric == SpendMetric.COST_PER_1K_TOKENS;
        return new ChartData(
                showsMetric ? report.metric().replace('_', ' ') : "Cost (USD)",
                money ? "usd" : "number",
                lines.stream().map(Line::value).toList(),
                lines.stream().map(Line::metricValue).toList());
    }

    private static BigDecimal share(Measures measures, BigDecimal total) {
        if (total == null || total.signum() == 0) {
            return null;
        }
        return measures.costUsd().multiply(BigDecimal.valueOf(100)).divide(total, 4, RoundingMode.HALF_EVEN);
    }
}
