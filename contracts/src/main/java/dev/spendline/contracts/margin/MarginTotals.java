package dev.spendline.contracts.margin;

import java.math.BigDecimal;

/** Revenue, cost and margin summed over every row of a margin report (not only those shown). */
public record MarginTotals(BigDecimal revenueUsd, BigDecimal costUsd, BigDecimal marginUsd, BigDecimal marginPercent) {}
