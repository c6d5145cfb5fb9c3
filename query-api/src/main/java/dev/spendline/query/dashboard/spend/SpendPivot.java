package dev.spendline.query.dashboard.spend;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A report with two groupings ({@code by=model&per=week}) as the explorer shows it: a pivot table of
 * cost, the values as lines (in the report's ranking) and every period as a column, a total per line
 * and per column, and the other values as one line when there are any; and the same cells as a
 * stacked bar chart (one bar per period, one colour per value). Totals are sums of the report's
 * exact amounts, so every column adds up to its period's total to the cent.
 */
record SpendPivot(List<String> periods, List<Line> lines, Line others, Line totals) {

    /** One line: a value's (or the other values', or all) cost in each period and over the range. */
    record Line(String value, List<BigDecimal> costs, BigDecimal total) {}

    /** The pivot of {@code report}; null when it has one grouping. */
    static SpendPivot of(SpendReport report) {
        if (report.per() == null) {
            return null;
        }
        List<String> periods =
                report.periodTotals().stream().map(SpendRow::period).toList();
        Map<String, Map<String, BigDecimal>> cells = new LinkedHashMap<>();
        for (SpendRow row : report.rows()) {
            // A key that no value can be: the unattributed value is null in the report.
            cells.computeIfAbsent(row.value(), v -> new LinkedHashMap<>())
                    .merge(row.period(), row.measures().costUsd(), BigDecimal::add);
        }
        List<Line> lines = new ArrayList<>();
        cells.forEach((value, byPeriod) -> lines.add(line(value, periods, byPeriod)));
        Line others = line(null, periods, costs(report.periodOthers()));
        boolean anyOthers = others.costs().stream().anyMatch(c -> c.signum() != 0);
        return new SpendPivot(
                periods,
                List.copyOf(lines),
                anyOthers ? others : null,
                line(null, periods, costs(report.periodTotals())));
    }

    /** The stacked chart's data: the periods, and each line (the other values last) as a series. */
    public String chartJson() {
        List<Map<String, Object>> series = new ArrayList<>();
        for (Line line : lines) {
            series.add(Map.of("label", line.value() == null ? "(none)" : line.value(), "values", line.costs()));
        }
        if (others != null) {
            series.add(Map.of("label", "Other values", "values", others.costs()));
        }
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("unit", "usd");
        chart.put("labels", periods);
        chart.put("series", series);
        return Json.MAPPER.writeValueAsString(chart);
    }

    private static Line line(String value, List<String> periods, Map<String, BigDecimal> byPeriod) {
        List<BigDecimal> costs = new ArrayList<>();
        BigDecimal total = BigDecimal.ZERO;
        for (String period : periods) {
            BigDecimal cost = byPeriod.getOrDefault(period, BigDecimal.ZERO);
            costs.add(cost);
            total = total.add(cost);
        }
        return new Line(value, List.copyOf(costs), total);
    }

    private static Map<String, BigDecimal> costs(List<SpendRow> rows) {
        Map<String, BigDecimal> costs = new LinkedHashMap<>();
        rows.forEach(row -> costs.put(row.period(), row.measures().costUsd()));
        return costs;
    }
}
