package dev.spendline.contracts.margin;

import java.math.BigDecimal;
import java.util.List;

/**
 * The answer of {@code margin_by_customer}: customers ordered from the lowest margin (the largest
 * loss) up, at most {@code limit} of them, and totals over all customers.
 *
 * @param from first month, {@code YYYY-MM}
 * @param to last month, {@code YYYY-MM}, included
 * @param customers how many customers had revenue or cost in the period
 * @param unattributedCostUsd AI cost of events without a {@code tenantId}: no customer's margin
 *     includes it, and {@code totals.costUsd} does not either
 */
public record CustomerMarginReport(
        String workspaceId,
        String from,
        String to,
        int limit,
        int customers,
        int customersWithoutRevenue,
        int customersWithNegativeMargin,
        List<CustomerMargin> rows,
        MarginTotals totals,
        BigDecimal unattributedCostUsd) {}
