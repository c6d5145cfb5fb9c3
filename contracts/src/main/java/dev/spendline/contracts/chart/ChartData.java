package dev.spendline.contracts.chart;

import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The data of one chart, written into the page as JSON in a {@code data-chart} attribute and drawn
 * by {@code /assets/charts.js}: no inline script, so the content security policy can forbid them.
 * {@code unit} tells the script how to label values ({@code usd} or {@code number}).
 *
 * @param label what the series measures, e.g. "Cost (USD)"
 */
public record ChartData(String label, String unit, List<String> labels, List<BigDecimal> values) {

    public ChartData {
        labels = List.copyOf(labels);
        // Undefined figures (a rate without calls) are gaps in the line, not zeros.
        values = Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** The JSON the script reads. */
    public String json() {
        return Json.MAPPER.writeValueAsString(this);
    }
}
