package dev.spendline.contracts.alert;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * Evidence of an {@link AlertType#ERROR_RATE_SPIKE}: the hour starting at {@code hour}.
 *
 * @param calls calls in the hour; {@code errors} of them failed
 * @param errorRatePercent errors / calls in the hour
 * @param baselineErrorRatePercent errors / calls over the trailing 7 days
 */
public record ErrorRateSpikeEvidence(
        Instant hour, Long calls, Long errors, BigDecimal errorRatePercent, BigDecimal baselineErrorRatePercent)
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
