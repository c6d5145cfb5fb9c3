package dev.spendline.query.dashboard;

import dev.spendline.contracts.query.SpendMetric;
import java.math.BigDecimal;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * A figure of a spend metric or a comparison written for people, by what it measures: dollars as
 * money, the error rate as a percentage, latency in milliseconds, the rest as counts. Templates call
 * it as {@code ${@metric.text(report.metric, row.metricValue)}}; the metric is its wire name
 * ({@code cost_per_call}, or {@code margin_usd} for a margin comparison).
 */
@Component("metric")
public final class MetricFigures {

    private final Formats formats;

    public MetricFigures(Formats formats) {
        this.formats = formats;
    }

    public String text(String metric, BigDecimal value) {
        if (value == null) {
            return "—";
        }
        if ("margin_usd".equals(metric)) {
            return formats.money(value);
        }
        SpendMetric parsed = SpendMetric.parse(metric);
        if (parsed == null) {
            return formats.number(value);
        }
        return switch (parsed) {
            case COST, COST_PER_CALL, COST_PER_1K_TOKENS -> formats.money(value);
            case ERROR_RATE -> formats.ratio(value);
            case LATENCY -> formats.number(value) + " ms";
            default -> formats.number(value);
        };
    }

    /** A change written with its sign, so a rise reads as one: {@code +$12.00}, {@code -$3.50}. */
    public String change(String metric, BigDecimal value) {
        String text = text(metric, value);
        return value != null && value.signum() > 0 ? "+" + text : text;
    }

    /** The column heading of a metric: {@code cost_per_1k_tokens} is "Cost per 1k tokens". */
    public String heading(String metric) {
        if (metric == null || metric.isEmpty()) {
            return "";
        }
        String words = metric.replace("_usd", " (USD)").replace('_', ' ');
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }
}
