package dev.spendline.contracts.margin;

import java.math.BigDecimal;

/**
 * One feature's share of revenue and its AI cost (see docs/margin.md for the allocation rule).
 *
 * @param feature null for calls without a feature ("not attributed")
 * @param marginPercent margin as a percentage of allocated revenue, one decimal; null without
 *     allocated revenue
 */
public record FeatureMargin(
        String feature,
        BigDecimal allocatedRevenueUsd,
        BigDecimal costUsd,
        BigDecimal marginUsd,
        BigDecimal marginPercent,
        long calls) {}
