package dev.spendline.query.revenue;

import java.math.BigDecimal;
import java.time.YearMonth;

/** One tenant's revenue for one month, already checked against {@link RevenueRules}. */
public record RevenueLine(String tenantId, YearMonth month, BigDecimal amountUsd) {}
