package dev.spendline.contracts.query;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;

/**
 * One value of the grouping, e.g. the feature {@code search} or the day {@code 2026-11-23}, with its
 * measures and the value of the report's metric ({@link SpendMetric#of}; null where undefined). In a
 * report with two groupings ({@link SpendQuery#per()}), one value in one period: {@code period} names
 * the period as a report by that period would ({@code 2026-11-23}, {@code 2026-11}, an hour's start);
 * left out of every other report.
 */
public record SpendRow(
        String value,
        Measures measures,
        BigDecimal metricValue,
        @JsonInclude(JsonInclude.Include.NON_NULL) String period) {

    /** A row of one grouping. */
    public SpendRow(String value, Measures measures, BigDecimal metricValue) {
        this(value, measures, metricValue, null);
    }

    /** A row ranked by cost. */
    public SpendRow(String value, Measures measures) {
        this(value, measures, measures.costUsd());
    }
}
