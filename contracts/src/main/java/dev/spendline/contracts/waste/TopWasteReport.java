package dev.spendline.contracts.waste;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The answer of {@code top_waste}.
 *
 * @param wasteUsd every wasteful call's cost, each call once even when it is waste of several kinds
 * @param spendUsd all product spend in the range, for scale
 * @param wastePercent wasteUsd / spendUsd in percent, one decimal; null without spend
 * @param kinds per kind, largest first (a call of two kinds counts in both)
 * @param rows the top rows by cost: per kind, or per kind and value of {@code by}
 */
public record TopWasteReport(
        String workspaceId,
        Instant from,
        Instant to,
        String by,
        int limit,
        BigDecimal wasteUsd,
        long wastefulCalls,
        BigDecimal spendUsd,
        BigDecimal wastePercent,
        List<WasteRow> kinds,
        List<WasteRow> rows) {}
