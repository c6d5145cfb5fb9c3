package dev.spendline.query.dashboard;

import dev.spendline.contracts.text.Figures;
import java.math.BigDecimal;
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
        return formats.metric(metric, value);
    }

    /** A change written with its sign, so a rise reads as one: {@code +$12.00}, {@code -$3.50}. */
    public String change(String metric, BigDecimal value) {
        String text = text(metric, value);
        return value != null && value.signum() > 0 ? "+" + text : text;
    }

    /** The column heading of a metric: {@code cost_per_1k_tokens} is "Cost per 1k tokens". */
    public String heading(String metric) {
        return Figures.metricHeading(metric);
    }
}
