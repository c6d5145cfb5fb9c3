package dev.spendline.contracts.margin;

import java.math.BigDecimal;

/**
 * One feature's share of revenue and its AI cost (see docs/margin.md for the allocation rule).
 *
 * @param feature null for calls without a feature ("not attributed")
 * @param marginPercent margin as a percentage of allocated revenue, one decimal; null without
 *     allocated revenue
 * @param estimatedCostUsd the part of {@code costUsd} that Spendline estimated from the price book
 *     for calls sent without a cost (docs/pricing.md); 0 when every call came with its cost
 */
public record FeatureMargin(
        String feature,
        BigDecimal allocatedRevenueUsd,
        BigDecimal costUsd,
        BigDecimal marginUsd,
        BigDecimal marginPercent,
        long calls,
        BigDecimal estimatedCostUsd) {

    /** A row with nothing estimated. */
    public FeatureMargin(
            String feature,
            BigDecimal allocatedRevenueUsd,
            BigDecimal costUsd,
            BigDecimal marginUsd,
            BigDecimal marginPercent,
            long calls) {
        this(feature, allocatedRevenueUsd, costUsd, marginUsd, marginPercent, calls, BigDecimal.ZERO.setScale(2));
    }
}
