package dev.spendline.ask;

import dev.spendline.contracts.chart.ChartData;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.text.Figures;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The rows of an Ask answer's data as a table for the Ask page, for any read tool: the answer
 * record's list of rows (spend and margin rows, waste rows, recommendations, budgets, alerts) with
 * each row's figures, nested records one level deep ({@code measures.calls}), formatted as the
 * views format them ({@code …Usd} as money, {@code …Percent} as a percentage). The view the answer
 * links to shows the same rows with its own columns; this is the answer's evidence at a glance.
 */
public record AnswerTable(List<String> headings, List<List<Cell>> rows, ChartData chart) {

    /** One cell: its text and whether it is a figure (right-aligned). */
    public record Cell(String text, boolean figure) {}

    /** The lists that hold an answer's rows, by the names the answer records give them; the first with rows. */
    private static final List<String> ROW_LISTS = List.of("rows", "recommendations", "budgets", "alerts", "kinds");
    /** Identifiers and nested detail that would crowd a table read at a glance. */
    private static final Set<String> LEFT_OUT = Set.of(
            "workspaceId",
            "id",
            "schemaVersion",
            "evidence",
            "action",
            "lastChange",
            "flags",
            "budget.createdAt",
            "budget.createdBy");

    private static final Pattern INSTANT = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?Z");

    /** The table of {@code data}; null when the answer has no rows (e.g. totals only). */
    public static AnswerTable of(Record data, Figures formats) {
        JsonNode root = Json.MAPPER.valueToTree(data);
        JsonNode list = null;
        if (data instanceof CompareReport c && c.by() == null && c.totals() != null) {
            // Totals only ("spend this month vs last month"): the one row is the totals.
            tools.jackson.databind.node.ObjectNode total = Json.MAPPER.valueToTree(c.totals());
            total.put("value", "Total");
            list = Json.MAPPER.createArrayNode().add(total);
        }
        for (String name : list == null ? ROW_LISTS : List.<String>of()) {
            if (root.has(name) && root.get(name).isArray() && !root.get(name).isEmpty()) {
                list = root.get(name);
                break;
            }
        }
        if (list == null) {
            return null;
        }
        Columns columns = new Columns(root, data);
        List<Map<String, JsonNode>> flat = new ArrayList<>();
        Map<String, Boolean> present = new LinkedHashMap<>();
        for (JsonNode row : list) {
            Map<String, JsonNode> cells = new LinkedHashMap<>();
            flatten("", row, cells, 0);
            cells.forEach((name, value) -> present.merge(name, !value.isNull(), Boolean::logicalOr));
            flat.add(cells);
        }
        // A column without a figure in any row (no latency reported, nothing resolved) says nothing.
        List<String> shown = present.entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .filter(columns::shows)
                .toList();
        List<List<Cell>> rows = new ArrayList<>();
        for (Map<String, JsonNode> cells : flat) {
            rows.add(shown.stream()
                    .map(name -> columns.cell(name, cells.get(name), formats))
                    .toList());
        }
        return new AnswerTable(shown.stream().map(columns::heading).toList(), rows, chart(data));
    }

    /**
     * The chart of a spend series ({@code spend_by} by day, week, month or hour), as the spend view
     * draws it: the ranked figure per period, oldest first. Other answers have no chart in their view.
     */
    private static ChartData chart(Record data) {
        if (!(data instanceof SpendReport r)
                || TimeGrain.parse(r.by()) == null
                || r.rows().isEmpty()) {
            return null;
        }
        SpendMetric metric = SpendMetric.parse(r.metric());
        return new ChartData(
                metric == SpendMetric.COST ? "Cost (USD)" : Figures.metricHeading(r.metric()),
                money(metric) ? "usd" : "number",
                r.rows().stream().map(SpendRow::value).toList(),
                r.rows().stream().map(SpendRow::metricValue).toList());
    }

    private static boolean money(SpendMetric metric) {
        return metric == SpendMetric.COST
                || metric == SpendMetric.COST_PER_CALL
                || metric == SpendMetric.COST_PER_1K_TOKENS;
    }

    /**
     * What the answer's columns mean beyond their names: the row's {@code value} is a value of the
     * answer's {@code by} ("Feature", "Day"); {@code metricValue} and a comparison's figures are in
     * the answer's metric (money for cost, a percentage for an error rate).
     */
    private record Columns(String by, String metric, boolean compare) {

        Columns(JsonNode root, Record data) {
            this(
                    root.has("by") && root.get("by").isString() ? root.get("by").asString() : null,
                    data instanceof SpendReport r ? r.metric() : data instanceof CompareReport c ? c.compared() : null,
                    data instanceof CompareReport);
        }

        /** The spend metric's own column repeats a measure when the metric is cost. */
        boolean shows(String name) {
            return !(name.equals("metricValue") && SpendMetric.COST.wireName().equals(metric));
        }

        String heading(String name) {
            if (name.equals("value") && by == null && compare) {
                return "Compared";
            }
            if (name.equals("value") && by != null) {
                TimeGrain grain = TimeGrain.parse(by);
                return grain != null
                        ? capital(grain.wireName())
                        : by.equals("tenant") || by.equals("customer") ? "Customer" : capital(by.replace('_', ' '));
            }
            if (name.equals("base") && compare) {
                return "Before";
            }
            if (name.equals("tenantId")) {
                return "Customer";
            }
            if (name.equals("percentUsed")) {
                return "Used %";
            }
            if (name.equals("metricValue") && metric != null) {
                return Figures.metricHeading(metric);
            }
            return AnswerTable.heading(name);
        }

        Cell cell(String name, JsonNode value, Figures formats) {
            if (value != null && value.isNumber() && metric != null) {
                boolean inMetric = name.equals("metricValue")
                        || compare && (name.equals("current") || name.equals("base") || name.equals("change"));
                if (inMetric) {
                    return new Cell(formats.metric(metric, value.decimalValue()), true);
                }
            }
            return AnswerTable.cell(name, value, formats);
        }
    }

    private static String capital(String words) {
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }

    private static void flatten(String prefix, JsonNode node, Map<String, JsonNode> cells, int depth) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (LEFT_OUT.contains(name) || LEFT_OUT.contains(prefix + name) || value.isArray()) {
                continue;
            }
            if (value.isObject()) {
                if (depth == 0) {
                    flatten(prefix + name + ".", value, cells, depth + 1);
                }
                continue;
            }
            cells.put(prefix + name, value);
        }
    }

    private static Cell cell(String name, JsonNode value, Figures formats) {
        if (value == null || value.isNull()) {
            return new Cell("—", false);
        }
        if (!value.isNumber()) {
            String text = value.asString();
            // Moments as the views write them: "2026-11-22 10:30 UTC", not ISO text.
            return new Cell(INSTANT.matcher(text).matches() ? formats.minute(Instant.parse(text)) : text, false);
        }
        BigDecimal number = value.decimalValue();
        if (name.endsWith("Usd")) {
            return new Cell(formats.money(number), true);
        }
        if (name.endsWith("Percent") || name.endsWith("percentUsed")) {
            return new Cell(formats.percent(number), true);
        }
        if (value.isIntegralNumber()) {
            return new Cell(formats.count(value.longValue()), true);
        }
        return new Cell(formats.number(number), true);
    }

    /** {@code measures.costUsd} is "Cost (USD)", {@code budget.name} "Budget name", {@code marginPercent} "Margin %". */
    static String heading(String name) {
        String last = name.startsWith("measures.") ? name.substring("measures.".length()) : name.replace(".", " ");
        String words = last.replaceAll("Usd$", " (USD)")
                .replaceAll("Percent$", " %")
                .replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                .toLowerCase(Locale.ROOT)
                .replace("(usd)", "(USD)");
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }
}
