package dev.spendline.contracts.margin;

import java.math.BigDecimal;

/**
 * Revenue, cost and margin summed over every row of a margin report (not only those shown). {@code
 * estimatedCostUsd} is the part of {@code costUsd} that Spendline estimated from the price book for
 * calls sent without a cost (docs/pricing.md).
 */
public record MarginTotals(
        BigDecimal revenueUsd,
        BigDecimal costUsd,
        BigDecimal marginUsd,
        BigDecimal marginPercent,
        BigDecimal estimatedCostUsd) {

    /** Totals with nothing estimated. */
    public MarginTotals(BigDecimal revenueUsd, BigDecimal costUsd, BigDecimal marginUsd, BigDecimal marginPercent) {
        this(revenueUsd, costUsd, marginUsd, marginPercent, BigDecimal.ZERO.setScale(2));
    }
}
