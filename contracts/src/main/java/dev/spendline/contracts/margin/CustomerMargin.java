package dev.spendline.contracts.margin;

import java.math.BigDecimal;
import java.util.List;

/**
 * One customer's contribution margin: revenue minus AI cost.
 *
 * @param marginPercent margin as a percentage of revenue, one decimal; null without revenue
 * @param flags {@code NO_REVENUE} (AI cost but no revenue entered for the period),
 *     {@code NEGATIVE_MARGIN} (AI cost above revenue), {@code NO_USAGE} (revenue but no AI cost)
 * @param estimatedCostUsd the part of {@code costUsd} that Spendline estimated from the price book
 *     for calls sent without a cost (docs/pricing.md); 0 when every call came with its cost
 */
public record CustomerMargin(
        String tenantId,
        BigDecimal revenueUsd,
        BigDecimal costUsd,
        BigDecimal marginUsd,
        BigDecimal marginPercent,
        long calls,
        List<String> flags,
        BigDecimal estimatedCostUsd) {

    public static final String NO_REVENUE = "NO_REVENUE";
    public static final String NEGATIVE_MARGIN = "NEGATIVE_MARGIN";
    public static final String NO_USAGE = "NO_USAGE";

    /** A row with nothing estimated. */
    public CustomerMargin(
            String tenantId,
            BigDecimal revenueUsd,
            BigDecimal costUsd,
            BigDecimal marginUsd,
            BigDecimal marginPercent,
            long calls,
            List<String> flags) {
        this(tenantId, revenueUsd, costUsd, marginUsd, marginPercent, calls, flags, BigDecimal.ZERO.setScale(2));
    }
}
