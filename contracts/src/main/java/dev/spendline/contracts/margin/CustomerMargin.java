package dev.spendline.contracts.margin;

import java.math.BigDecimal;
import java.util.List;

/**
 * One customer's contribution margin: revenue minus AI cost.
 *
 * @param marginPercent margin as a percentage of revenue, one decimal; null without revenue
 * @param flags {@code NO_REVENUE} (AI cost but no revenue entered for the period),
 *     {@code NEGATIVE_MARGIN} (AI cost above revenue), {@code NO_USAGE} (revenue but no AI cost)
 */
public record CustomerMargin(
        String tenantId,
        BigDecimal revenueUsd,
        BigDecimal costUsd,
        BigDecimal marginUsd,
        BigDecimal marginPercent,
        long calls,
        List<String> flags) {

    public static final String NO_REVENUE = "NO_REVENUE";
    public static final String NEGATIVE_MARGIN = "NEGATIVE_MARGIN";
    public static final String NO_USAGE = "NO_USAGE";
}
