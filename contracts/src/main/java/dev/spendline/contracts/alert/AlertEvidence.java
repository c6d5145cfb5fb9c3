package dev.spendline.contracts.alert;

import dev.spendline.contracts.experiment.ShadowDecision;
import java.math.BigDecimal;
import java.time.Instant;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.util.StdConverter;

/**
 * The figures behind an alert, as they were at its last change: one record per kind of alert
 * ({@link BudgetEvidence} for both budget alerts, {@link SpendAnomalyEvidence},
 * {@link ErrorRateSpikeEvidence}, {@link GuardrailEvidence}).
 *
 * <p>On the wire (the alerts topic, the alert store, the internal query hop, the REST and MCP
 * answers) every kind is written as the same object, {@link Fields}: all sixteen fields, those
 * that do not apply to the kind as null, as clients and the published schema of
 * {@code active_alerts} have always had it. The accessors below are that view, for readers that
 * show any kind (the dashboard); code that knows the kind matches on the record instead.
 */
@JsonSerialize(converter = AlertEvidence.Write.class)
@JsonDeserialize(converter = AlertEvidence.Read.class)
public sealed interface AlertEvidence
        permits BudgetEvidence, SpendAnomalyEvidence, ErrorRateSpikeEvidence, GuardrailEvidence {

    /** Budget alerts: the budget (also {@code budgetName}, {@code limitUsd}, {@code percentUsed}, {@code forecastUsd}). */
    default String budgetId() {
        return null;
    }

    default String budgetName() {
        return null;
    }

    default BigDecimal limitUsd() {
        return null;
    }

    /** Spend in the period (budget alerts) or in the hour (spend anomalies). */
    default BigDecimal spentUsd() {
        return null;
    }

    default BigDecimal percentUsed() {
        return null;
    }

    default BigDecimal forecastUsd() {
        return null;
    }

    /** BUDGET_THRESHOLD: the highest threshold reached (50, 80 or 100). */
    default Integer thresholdPercent() {
        return null;
    }

    /**
     * The budget period, or the hour, the alert is about; {@link #periodEnd} exclusive; for
     * EXPERIMENT_GUARDRAIL the decision's time and no end (null).
     */
    Instant periodStart();

    Instant periodEnd();

    /** SPEND_ANOMALY: the mean hourly spend of the trailing 7 days. */
    default BigDecimal baselineUsd() {
        return null;
    }

    /** SPEND_ANOMALY: the hourly spend above which the hour is an anomaly. */
    default BigDecimal thresholdUsd() {
        return null;
    }

    /** Calls in the hour (anomalies), or the variant's calls (EXPERIMENT_GUARDRAIL). */
    default Long calls() {
        return null;
    }

    /** ERROR_RATE_SPIKE: how many of the hour's calls failed. */
    default Long errors() {
        return null;
    }

    /** ERROR_RATE_SPIKE: errors / calls in the hour. */
    default BigDecimal errorRatePercent() {
        return null;
    }

    /** ERROR_RATE_SPIKE: errors / calls over the trailing 7 days. */
    default BigDecimal baselineErrorRatePercent() {
        return null;
    }

    /** EXPERIMENT_GUARDRAIL: what the shadow guardrail would have done, and why. */
    default ShadowDecision shadowDecision() {
        return null;
    }

    /** Evidence of a budget alert ({@code thresholdPercent} null for a forecast alert). */
    static BudgetEvidence ofBudget(
            String budgetId,
            String budgetName,
            BigDecimal limitUsd,
            BigDecimal spentUsd,
            BigDecimal percentUsed,
            BigDecimal forecastUsd,
            Integer thresholdPercent,
            Instant periodStart,
            Instant periodEnd) {
        return new BudgetEvidence(
                budgetId,
                budgetName,
                limitUsd,
                spentUsd,
                percentUsed,
                forecastUsd,
                thresholdPercent,
                periodStart,
                periodEnd);
    }

    /** Evidence of a spend anomaly in the hour starting at {@code hour}. */
    static SpendAnomalyEvidence ofSpendAnomaly(
            Instant hour, BigDecimal spentUsd, BigDecimal baselineUsd, BigDecimal thresholdUsd, long calls) {
        return new SpendAnomalyEvidence(hour, spentUsd, baselineUsd, thresholdUsd, calls);
    }

    /** Evidence of an error-rate spike in the hour starting at {@code hour}. */
    static ErrorRateSpikeEvidence ofErrorRateSpike(
            Instant hour, long calls, long errors, BigDecimal errorRatePercent, BigDecimal baselineErrorRatePercent) {
        return new ErrorRateSpikeEvidence(hour, calls, errors, errorRatePercent, baselineErrorRatePercent);
    }

    /**
     * Evidence of an {@link AlertType#EXPERIMENT_GUARDRAIL} alert: the shadow decision itself. It
     * starts at the decision and has no end: it resolves when the variant is back under the
     * threshold or the guardrail is removed.
     */
    static GuardrailEvidence ofShadowDecision(ShadowDecision decision) {
        return new GuardrailEvidence(decision);
    }

    /**
     * The evidence as it is written and read: every field of every kind, in this order, null where
     * it does not apply. Changing it changes the wire format of alerts.
     */
    record Fields(
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

        static Fields of(AlertEvidence e) {
            return new Fields(
                    e.budgetId(),
                    e.budgetName(),
                    e.limitUsd(),
                    e.spentUsd(),
                    e.percentUsed(),
                    e.forecastUsd(),
                    e.thresholdPercent(),
                    e.periodStart(),
                    e.periodEnd(),
                    e.baselineUsd(),
                    e.thresholdUsd(),
                    e.calls(),
                    e.errors(),
                    e.errorRatePercent(),
                    e.baselineErrorRatePercent(),
                    e.shadowDecision());
        }

        /**
         * The kind these fields were written for, told by the field only that kind fills: the
         * shadow decision, the budget, the errors of an error-rate spike, the baseline of a spend
         * anomaly.
         */
        AlertEvidence toEvidence() {
            if (shadowDecision != null) {
                return new GuardrailEvidence(shadowDecision);
            }
            if (budgetId != null) {
                return new BudgetEvidence(
                        budgetId,
                        budgetName,
                        limitUsd,
                        spentUsd,
                        percentUsed,
                        forecastUsd,
                        thresholdPercent,
                        periodStart,
                        periodEnd);
            }
            if (errors != null) {
                return new ErrorRateSpikeEvidence(
                        periodStart, calls, errors, errorRatePercent, baselineErrorRatePercent);
            }
            if (baselineUsd != null) {
                return new SpendAnomalyEvidence(periodStart, spentUsd, baselineUsd, thresholdUsd, calls);
            }
            throw new IllegalArgumentException(
                    "alert evidence of no known kind: no budgetId, errors, baselineUsd or shadowDecision");
        }
    }

    /** Jackson: writes any kind as {@link Fields}. */
    final class Write extends StdConverter<AlertEvidence, Fields> {
        @Override
        public Fields convert(AlertEvidence evidence) {
            return Fields.of(evidence);
        }
    }

    /** Jackson: reads {@link Fields} as the kind they were written for. */
    final class Read extends StdConverter<Fields, AlertEvidence> {
        @Override
        public AlertEvidence convert(Fields fields) {
            return fields.toEvidence();
        }
    }
}
