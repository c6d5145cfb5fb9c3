package dev.spendline.contracts.compare;

import java.math.BigDecimal;

/**
 * One value in both periods: the metric (spend) or the margin in USD, the change
 * ({@code current − base}) and the change in percent of the base (one decimal; null when the base
 * is zero or either side is undefined).
 */
public record CompareRow(
        String value, BigDecimal current, BigDecimal base, BigDecimal change, BigDecimal changePercent) {}
