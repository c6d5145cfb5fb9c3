package dev.spendline.contracts.savings;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The answer of {@code savings_recommendations}.
 *
 * @param found how many recommendations there are before {@code limit} cuts the list
 * @param totalEstimatedMonthlySavingUsd the sum over the recommendations returned; savings of
 *     different kinds can overlap (a failed retry is both), so it is an upper bound
 * @param recommendations the largest saving first, at most {@code limit}
 */
public record SavingsReport(
        String workspaceId,
        Instant from,
        Instant to,
        int limit,
        int found,
        BigDecimal totalEstimatedMonthlySavingUsd,
        List<Recommendation> recommendations) {}
