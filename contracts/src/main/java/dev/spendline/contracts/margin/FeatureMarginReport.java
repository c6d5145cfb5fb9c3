package dev.spendline.contracts.margin;

import java.math.BigDecimal;
import java.util.List;

/**
 * The answer of {@code margin_by_feature}: each tenant's revenue allocated over the features in
 * proportion to that tenant's AI cost per feature, features ordered from the lowest margin up.
 *
 * @param unallocatedRevenueUsd revenue of customers without any AI cost in the period: there is
 *     nothing to allocate it by, so no feature gets it and {@code totals.revenueUsd} leaves it out
 */
public record FeatureMarginReport(
        String workspaceId,
        String from,
        String to,
        int limit,
        int features,
        List<FeatureMargin> rows,
        MarginTotals totals,
        BigDecimal unallocatedRevenueUsd) {}
