package dev.spendline.contracts.alert;

import dev.spendline.contracts.experiment.ShadowDecision;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * The figures behind an alert, as they were at its last change. Fields that do not apply to an
 * alert's type are null.
 *
 * @param budgetId budget alerts: the budget (also {@code budgetName}, {@code limitUsd},
 *     {@code percentUsed}, {@code forecastUsd})
 * @param spentUsd spend in the period (budget alerts) or in the hour (spend anomalies)
 * @param thresholdPercent BUDGET_THRESHOLD: the highest threshold reached (50, 80 or 100)
 * @param periodStart the budget period, or the hour, the alert is about; {@code periodEnd} exclusive;
 *     for EXPERIMENT_GUARDRAIL the decision's time and no end (null)
 * @param baselineUsd SPEND_ANOMALY: the mean hourly spend of the trailing 7 days
 * @param thresholdUsd SPEND_ANOMALY: the hourly spend above which the hour is an anomaly
 * @param calls ERROR_RATE_SPIKE: calls in the hour; {@code errors} of them failed
 * @param errorRatePercent ERROR_RATE_SPIKE: errors / calls in the hour
 * @param baselineErrorRatePercent ERROR_RATE_SPIKE: errors / calls over the trailing 7 days
 * @param shadowDecision EXPERIMENT_GUARDRAIL: what the shadow guardrail would have done, and why
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
        Instant periodEnd,
        BigDecimal baselineUsd,
        BigDecimal thresholdUsd,
        Long calls,
        Long errors,
        BigDecimal errorRatePercent,
        BigDecimal baselineErrorRatePercent,
        ShadowDecision shadowDecision) {

    /** Evidence of a budget alert. */
    public static AlertEvidence ofBudget(
            String budgetId,
            String budgetName,
            BigDecimal limitUsd,
            BigDecimal spentUsd,
            BigDecimal percentUsed,
            BigDecimal forecastUsd,
            Integer thresholdPercent,
            Instant periodStart,
            Instant periodEnd) {
        return new AlertEvidence(
                budgetId,
                budgetName,
                limitUsd,
                spentUsd,
                percentUsed,
                forecastUsd,
                thresholdPercent,
                periodStart,
                periodEnd,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** Evidence of a spend anomaly in the hour starting at {@code hour}. */
    public static AlertEvidence ofSpendAnomaly(
            Instant hour, BigDecimal spentUsd, BigDecimal baselineUsd, BigDecimal thresholdUsd, long calls) {
        return new AlertEvidence(
                null,
                null,
                null,
                spentUsd,
                null,
                null,
                null,
                hour,
                hour.plus(Duration.ofHours(1)),
                baselineUsd,
                thresholdUsd,
                calls,
                null,
                null,
                null,
                null);
    }

    /** Evidence of an error-rate spike in the hour starting at {@code hour}. */
    public static AlertEvidence ofErrorRateSpike(
            Instant hour, long calls, long errors, BigDecimal errorRatePercent, BigDecimal baselineErrorRatePercent) {
        return new AlertEvidence(
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                hour,
                hour.plus(Duration.ofHours(1)),
                null,
                null,
                calls,
                errors,
                errorRatePercent,
                baselineErrorRatePercent,
                null);
    }

    /**
     * Evidence of an {@link AlertType#EXPERIMENT_GUARDRAIL} alert: the shadow decision itself. It
     * starts at the decision and has no end: it resolves when the variant is back under the
     * threshold or the guardrail is removed.
     */
    public static AlertEvidence ofShadowDecision(ShadowDecision decision) {
        return new AlertEvidence(
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                decision.decidedAt(),
                null,
                null,
                null,
                decision.variantCalls(),
                null,
                null,
                null,
                decision);
    }
}
