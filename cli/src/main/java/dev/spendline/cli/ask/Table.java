package dev.spendline.cli.ask;

import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The rows of a read tool's answer as an aligned text table. Every tool names its rows differently
 * ({@code rows}, {@code budgets}, {@code alerts}), so the table takes the first array of objects
 * and its scalar fields, one level of nesting flattened ({@code measures.costUsd} becomes
 * {@code costUsd}). Fields ending in {@code Usd} are money: {@code $1,234.56}; numbers are right-aligned.
 * A spend report's {@code excluded} values head the table ({@code Without: feature 'search'}), since
 * every row and total is without them.
 */
public final class Table {

    static final int MAX_ROWS = 20;
    static final int MAX_COLUMNS = 7;
    private static final String VALUE = "value";
    private static final String METRIC = "metricValue";
    private static final String UNATTRIBUTED = "(unattributed)";
    /** Never dropped to fit: the metric a report is ranked by and a budget's or alert's state. */
    private static final Set<String> KEPT = Set.of(METRIC, "state", "status");
    /** Dropped before other columns to fit: what a terminal table can do without. */
    private static final Set<String> DETAILS = Set.of(
            "errors",
            "retries",
            "avgLatencyMs",
            "forecastUsd",
            "percentUsed",
            "cacheWriteTokens",
            "estimatedCostUsd",
            "unpricedCalls");

    private static final java.util.regex.Pattern DATE_TIME = java.util.regex.Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})");
    /** Fields that are the same on every row or only for machines. */
    private static final Set<String> SKIPPED = Set.of("schemaVersion", "workspaceId", "evidence");

    private final List<String> headers;
    private final List<List<String>> cells;
    private final boolean[] numeric;
    private final int total;
    /** The line above the headers; null when nothing was left out. */
    private final String heading;

    private Table(List<String> headers, List<List<String>> cells, boolean[] numeric, int total, String heading) {
        this.headers = headers;
        this.cells = cells;
        this.numeric = numeric;
        this.total = total;
        this.heading = heading;
    }

    /** The table of the data's first non-empty array of objects; null when the data has no rows. */
    public static Table of(JsonNode data) {
        if (data == null || !data.isObject()) {
            return null;
        }
        for (Map.Entry<String, JsonNode> field : data.properties()) {
            JsonNode rows = field.getValue();
            if (rows.isArray() && rows.size() > 0 && rows.get(0).isObject()) {
                return build(
                        rows,
                        data.path("by").asString("value"),
                        data.path("metric").asString(null),
                        without(data.path("excluded")));
            }
        }
        return null;
    }

    /** {@code Without: feature 'search', model 'gpt-4o'} from {@code {"feature": ["search"], ...}}; null when none. */
    public static String without(JsonNode excluded) {
        List<String> values = new ArrayList<>();
        if (excluded.isObject()) {
            for (Map.Entry<String, JsonNode> dimension : excluded.properties()) {
                for (JsonNode value : dimension.getValue()) {
                    values.add(dimension.getKey() + " '" + value.asString() + "'");
                }
            }
        }
        // Escaped: the values are names from the data.
        return values.isEmpty() ? null : TerminalText.escape("Without: " + String.join(", ", values));
    }

    private static Table build(JsonNode rows, String valueHeader, String metric, String heading) {
        List<Map<String, JsonNode>> flat = new ArrayList<>();
        // Every field of every row shown, in first-seen order: a null (an unattributed row's value)
        // is a column too, so a top row without a name cannot drop the name column.
        Map<String, Boolean> columns = new LinkedHashMap<>();
        for (int i = 0; i < Math.min(rows.size(), MAX_ROWS); i++) {
            Map<String, JsonNode> row = flatten(rows.get(i));
            flat.add(row);
            row.forEach((name, value) -> columns.merge(name, value.isNumber() || value.isNull(), (a, b) -> a && b));
        }
        String first = columns.isEmpty() ? null : columns.keySet().iterator().next();
        // A column that is zero or empty on every row (cache tokens, mostly) is noise in a terminal.
        columns.keySet()
                .removeIf(name -> !name.equals(first)
                        && !name.equals(VALUE)
                        && flat.stream().allMatch(row -> {
                            JsonNode v = row.get(name);
                            return v == null
                                    || v.isNull()
                                    || (v.isNumber() && v.decimalValue().signum() == 0);
                        }));
        // Ranked by cost, the metric is the cost column again.
        if ("cost".equals(metric)) {
            columns.remove(METRIC);
        }
        List<String> fields = new ArrayList<>(columns.keySet());
        fit(fields, flat, first);
        List<String> headers = new ArrayList<>();
        boolean[] numeric = new boolean[fields.size()];
        for (int c = 0; c < fields.size(); c++) {
            numeric[c] = columns.get(fields.get(c)) && !fields.get(c).equals(VALUE);
            String field = fields.get(c);
            headers.add(
                    TerminalText.escape(field.equals(METRIC) && metric != null ? metric : header(field, valueHeader)));
        }
        List<List<String>> cells = new ArrayList<>();
        for (Map<String, JsonNode> row : flat) {
            List<String> line = new ArrayList<>();
            for (String field : fields) {
                JsonNode value = row.get(field);
                // A report's row without a value is spend the sender did not attribute.
                String text =
                        field.equals(VALUE) && (value == null || value.isNull()) ? UNATTRIBUTED : format(field, value);
                // Escaped before widths are measured: a name with ESC or CR must neither act nor misalign.
                line.add(TerminalText.escape(text));
            }
            cells.add(line);
        }
        return new Table(headers, cells, numeric, rows.size(), heading);
    }

    /**
     * At most {@link #MAX_COLUMNS}, keeping what a person reads the table for. Dropped first:
     * bookkeeping (ids, {@code …At}/{@code …By} fields, columns of date-times), then details (token
     * counts, errors, retries, latency, forecasts), then from the right; never the first column
     * (the name) unless it is bookkeeping, the metric or a state.
     */
    private static void fit(List<String> fields, List<Map<String, JsonNode>> rows, String first) {
        List<java.util.function.Predicate<String>> dropOrder = List.of(
                f -> f.equals("id")
                        || f.endsWith("Id")
                        || f.endsWith("At")
                        || f.endsWith("By")
                        || rows.stream()
                                .allMatch(r -> r.get(f) == null
                                        || DATE_TIME
                                                .matcher(r.get(f).asString(""))
                                                .matches()),
                f -> f.endsWith("Tokens") || DETAILS.contains(f),
                f -> true);
        for (int step = 0; step < dropOrder.size(); step++) {
            java.util.function.Predicate<String> droppable = dropOrder.get(step);
            for (int i = fields.size() - 1; i >= 0 && fields.size() > MAX_COLUMNS; i--) {
                String f = fields.get(i);
                // An id leading the row goes with the bookkeeping; a name leading it stays.
                boolean kept = KEPT.contains(f) || (f.equals(first) && step > 0);
                if (!kept && droppable.test(f)) {
                    fields.remove(i);
                }
            }
        }
    }

    /** {@code costUsd} reads as {@code cost} (the dollar sign says the unit); {@code value} as the dimension. */
    static String header(String field, String valueHeader) {
        if (field.equals("value")) {
            return valueHeader;
        }
        return field.endsWith("Usd") && field.length() > 3 ? field.substring(0, field.length() - 3) : field;
    }

    private static Map<String, JsonNode> flatten(JsonNode row) {
        Map<String, JsonNode> flat = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : row.properties()) {
            if (SKIPPED.contains(field.getKey())) {
                continue;
            }
            JsonNode value = field.getValue();
            if (value.isObject()) {
                for (Map.Entry<String, JsonNode> inner : value.properties()) {
                    if (isScalar(inner.getValue()) && !SKIPPED.contains(inner.getKey())) {
                        flat.putIfAbsent(inner.getKey(), inner.getValue());
                    }
                }
            } else if (isScalar(value)) {
                flat.put(field.getKey(), value);
            } else if (value.isArray() && value.size() > 0 && isScalar(value.get(0))) {
                List<String> items = new ArrayList<>();
                value.forEach(item -> items.add(item.asString()));
                flat.put(field.getKey(), JsonNodeFactory.instance.stringNode(String.join(",", items)));
            }
        }
        return flat;
    }

    /** A value a cell can show; null too (shown empty, or as unattributed in the name column). */
    private static boolean isScalar(JsonNode value) {
        return value.isValueNode();
    }

    public static String format(String field, JsonNode value) {
        if (value == null || value.isNull()) {
            return "";
        }
        if (value.isNumber() && field.endsWith("Usd")) {
            return money(value.decimalValue());
        }
        if (value.isNumber() && field.endsWith("Percent")) {
            return value.decimalValue().setScale(1, RoundingMode.HALF_UP).toPlainString() + "%";
        }
        if (value.isIntegralNumber()) {
            return grouped(new BigDecimal(value.bigIntegerValue()), 0);
        }
        if (value.isNumber()) {
            return value.decimalValue().stripTrailingZeros().toPlainString();
        }
        return value.asString();
    }

    /** {@code $1,234.56}, {@code -$12.00}; sub-cent amounts keep up to 4 decimals so they do not read as $0.00. */
    public static String money(BigDecimal amount) {
        BigDecimal abs = amount.abs();
        int scale = abs.signum() != 0 && abs.compareTo(new BigDecimal("0.01")) < 0 ? 4 : 2;
        return (amount.signum() < 0 ? "-$" : "$") + grouped(abs, scale);
    }

    private static String grouped(BigDecimal value, int scale) {
        DecimalFormat format = new DecimalFormat(
                scale == 0 ? "#,##0" : "#,##0." + "0".repeat(scale), DecimalFormatSymbols.getInstance(Locale.US));
        return format.format(value.setScale(scale, RoundingMode.HALF_UP));
    }

    public void print(PrintWriter out) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < headers.size(); c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : cells) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        if (heading != null) {
            out.println(heading);
        }
        out.println(line(headers, widths));
        for (List<String> row : cells) {
            out.println(line(row, widths));
        }
        if (total > cells.size()) {
            out.println("(" + (total - cells.size()) + " more rows; --json shows them all)");
        }
    }

    private String line(List<String> values, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < values.size(); c++) {
            String value = values.get(c);
            String padding = " ".repeat(widths[c] - value.length());
            line.append(c == 0 ? "" : "  ").append(numeric[c] ? padding + value : value + padding);
        }
        return line.toString().stripTrailing();
    }
}
