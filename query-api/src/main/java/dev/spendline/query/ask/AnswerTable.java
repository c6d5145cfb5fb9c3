package dev.spendline.query.ask;

import dev.spendline.contracts.json.Json;
import dev.spendline.query.dashboard.Formats;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The rows of an Ask answer's data as a table for the Ask page, for any read tool: the answer
 * record's list of rows (spend and margin rows, waste rows, recommendations, budgets, alerts) with
 * each row's figures, nested records one level deep ({@code measures.calls}), formatted as the
 * views format them ({@code …Usd} as money, {@code …Percent} as a percentage). The view the answer
 * links to shows the same rows with its own columns; this is the answer's evidence at a glance.
 */
public record AnswerTable(List<String> headings, List<List<Cell>> rows) {

    /** One cell: its text and whether it is a figure (right-aligned). */
    public record Cell(String text, boolean figure) {}

    /** The lists that hold an answer's rows, by the names the answer records give them. */
    private static final List<String> ROW_LISTS = List.of("rows", "recommendations", "budgets", "alerts");
    /** Identifiers and nested detail that would crowd a table read at a glance. */
    private static final Set<String> LEFT_OUT =
            Set.of("workspaceId", "id", "schemaVersion", "evidence", "action", "lastChange", "flags");

    /** The table of {@code data}; null when the answer has no rows list (e.g. totals only). */
    public static AnswerTable of(Record data, Formats formats) {
        JsonNode root = Json.MAPPER.valueToTree(data);
        JsonNode list = null;
        for (String name : ROW_LISTS) {
            if (root.has(name) && root.get(name).isArray()) {
                list = root.get(name);
                break;
            }
        }
        if (list == null || list.isEmpty()) {
            return null;
        }
        List<Map<String, JsonNode>> flat = new ArrayList<>();
        Map<String, Boolean> columns = new LinkedHashMap<>();
        for (JsonNode row : list) {
            Map<String, JsonNode> cells = new LinkedHashMap<>();
            flatten("", row, cells, 0);
            cells.forEach((name, value) -> columns.merge(name, !value.isNull(), Boolean::logicalOr));
            flat.add(cells);
        }
        // A column without a figure in any row (no latency reported, nothing resolved) says nothing.
        List<String> shown = columns.entrySet().stream()
                .filter(Map.Entry::getValue)
                .map(Map.Entry::getKey)
                .toList();
        List<List<Cell>> rows = new ArrayList<>();
        for (Map<String, JsonNode> cells : flat) {
            rows.add(shown.stream()
                    .map(name -> cell(name, cells.get(name), formats))
                    .toList());
        }
        return new AnswerTable(shown.stream().map(AnswerTable::heading).toList(), rows);
    }

    private static void flatten(String prefix, JsonNode node, Map<String, JsonNode> cells, int depth) {
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (LEFT_OUT.contains(name) || value.isArray()) {
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

    private static Cell cell(String name, JsonNode value, Formats formats) {
        if (value == null || value.isNull()) {
            return new Cell("—", false);
        }
        if (!value.isNumber()) {
            return new Cell(value.asString(), false);
        }
        BigDecimal number = value.decimalValue();
        if (name.endsWith("Usd")) {
            return new Cell(formats.money(number), true);
        }
        if (name.endsWith("Percent")) {
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
