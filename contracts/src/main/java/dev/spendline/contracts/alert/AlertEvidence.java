package dev.spendline.contracts.alert;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The figures behind an alert, as they were at its last change. Budget alerts fill every field;
 * fields that do not apply to an alert type are null.
 *
 * @param thresholdPercent the highest threshold reached (50, 80 or 100), for BUDGET_THRESHOLD
 */
public record AlertEvidence(
        String budgetId,
        String budgetName,
        BigDecimal limitUsd,
        BigDecimal spentUsd,
        BigDecimal percentUsed,
        BigDecimal forecastUsd,
        Integer thresholdPercent,
        Instant periodStart,
        Instant periodEnd) {}
