package dev.spendline.contracts.query;

import java.math.BigDecimal;

/**
 * One value of the grouping, e.g. the feature {@code search} or the day {@code 2026-11-23}, with its
 * measures and the value of the report's metric ({@link SpendMetric#of}; null where undefined).
 */
public record SpendRow(String value, Measures measures, BigDecimal metricValue) {

    /** A row ranked by cost. */
    public SpendRow(String value, Measures measures) {
        this(value, measures, measures.costUsd());
    }
}
