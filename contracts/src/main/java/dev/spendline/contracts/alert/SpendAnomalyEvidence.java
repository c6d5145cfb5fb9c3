package dev.spendline.contracts.alert;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * Evidence of a {@link AlertType#SPEND_ANOMALY}: the hour starting at {@code hour}.
 *
 * @param spentUsd spend in the hour
 * @param baselineUsd the mean hourly spend of the trailing 7 days
 * @param thresholdUsd the hourly spend above which the hour is an anomaly
 * @param calls calls in the hour
 */
public record SpendAnomalyEvidence(
        Instant hour, BigDecimal spentUsd, BigDecimal baselineUsd, BigDecimal thresholdUsd, Long calls)
        implements AlertEvidence {

    @Override
    public Instant periodStart() {
        return hour;
    }

    @Override
    public Instant periodEnd() {
        return hour.plus(Duration.ofHours(1));
    }
}
