package dev.spendline.query.revenue;

import java.math.BigDecimal;
import java.time.Instant;

/** The answer of a revenue change: what is now stored for the tenant and month. */
public record RevenueEntry(String tenantId, String month, BigDecimal amountUsd, Instant updatedAt) {}
