package dev.spendline.cli.spend;

import dev.spendline.cli.ask.Table;
import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A report with two groupings ({@code --by model --per week}) as a matrix of cost: the values as
 * lines (in the service's ranking), the periods as columns (every period, oldest first, $0.00 where
 * a value had no spend), a total per line; then the other values and the total of each period, so
 * every column adds up. Totals are sums of the service's exact amounts, never rounded before adding.
 */
final class SpendMatrix {

    private static final String UNATTRIBUTED = "(unattributed)";

    private SpendMatrix() {}

    static void print(JsonNode report, PrintWriter out) {
        List<String> periods = new ArrayList<>();
        report.path("periodTotals").forEach(p -> periods.add(p.path("period").asString("")));
        // Value to its cost per period, in the order the service ranked the values.
        Map<String, Map<String, BigDecimal>> cells = new LinkedHashMap<>();
        for (JsonNode row : report.path("rows")) {
            String value = row.path("value").isNull()
                    ? UNATTRIBUTED
                    : row.path("value").asString("");
            cells.computeIfAbsent(value, v -> new LinkedHashMap<>())
                    .merge(row.path("period").asString(""), cost(row), BigDecimal::add);
        }
        List<List<String>> lines = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add(report.path("by").asString(""));
        header.addAll(periods);
        header.add("total");
        lines.add(header);
        cells.forEach((value, byPeriod) -> lines.add(line(TerminalText.escape(value), periods, byPeriod)));
        Map<String, BigDecimal> others = byPeriod(report.path("periodOthers"));
        if (others.values().stream().anyMatch(c -> c.signum() != 0)) {
            int beyond = report.path("distinctValues").asInt(0) - cells.size();
            lines.add(line("Other values (" + beyond + ")", periods, others));
        }
        lines.add(line("Total", periods, byPeriod(report.path("periodTotals"))));
        int[] widths = new int[header.size()];
        for (List<String> line : lines) {
            for (int c = 0; c < line.size(); c++) {
                widths[c] = Math.max(widths[c], line.get(c).length());
            }
        }
        for (List<String> line : lines) {
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < line.size(); c++) {
                String padding = " ".repeat(widths[c] - line.get(c).length());
                // The first column is names (left-aligned), the others amounts (right-aligned).
                text.append(c == 0 ? line.get(c) + padding : "  " + padding + line.get(c));
            }
            out.println(text.toString().stripTrailing());
        }
    }

    private static List<String> line(String name, List<String> periods, Map<String, BigDecimal> byPeriod) {
        List<String> line = new ArrayList<>();
        line.add(name);
        BigDecimal total = BigDecimal.ZERO;
        for (String period : periods) {
            BigDecimal cost = byPeriod.getOrDefault(period, BigDecimal.ZERO);
            total = total.add(cost);
            line.add(Table.money(cost));
        }
        line.add(Table.money(total));
        return line;
    }

    private static Map<String, BigDecimal> byPeriod(JsonNode rows) {
        Map<String, BigDecimal> costs = new LinkedHashMap<>();
        rows.forEach(row -> costs.put(row.path("period").asString(""), cost(row)));
        return costs;
    }

    private static BigDecimal cost(JsonNode row) {
        JsonNode cost = row.path("measures").path("costUsd");
        return cost.isNumber() ? cost.decimalValue() : BigDecimal.ZERO;
    }
}
