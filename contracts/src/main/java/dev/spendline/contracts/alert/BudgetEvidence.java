package dev.spendline.contracts.alert;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Evidence of a budget alert, {@link AlertType#BUDGET_THRESHOLD} or {@link AlertType#BUDGET_FORECAST}:
 * the budget and its period's figures.
 *
 * @param thresholdPercent BUDGET_THRESHOLD: the highest threshold reached (50, 80 or 100); null
 *     for a forecast alert
 * @param forecastUsd the run-rate forecast for the period; null before a tenth of it has passed
 * @param periodEnd exclusive
 */
public record BudgetEvidence(
        String budgetId,
        String budgetName,
        BigDecimal limitUsd,
        BigDecimal spentUsd,
        BigDecimal percentUsed,
        BigDecimal forecastUsd,
        Integer thresholdPercent,
        Instant periodStart,
        Instant periodEnd)
        implements AlertEvidence {}
