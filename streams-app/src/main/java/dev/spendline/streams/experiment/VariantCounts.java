package dev.spendline.streams.experiment;

import dev.spendline.contracts.experiment.VariantStats;
import dev.spendline.contracts.query.Measures;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/**
 * What the topology keeps per experiment variant: all deduplicated calls so far. Stored as JSON
 * under {@link ExperimentKeys#variant}.
 */
public record VariantCounts(long calls, long successes, long costNanos, long firstSeenMs, long lastSeenMs) {

    static VariantCounts first(long costNanos, boolean success, long tsMs) {
        return new VariantCounts(1, success ? 1 : 0, costNanos, tsMs, tsMs);
    }

    VariantCounts plus(long cost, boolean success, long tsMs) {
        return new VariantCounts(
                calls + 1,
                successes + (success ? 1 : 0),
                Math.addExact(costNanos, cost),
                Math.min(firstSeenMs, tsMs),
                Math.max(lastSeenMs, tsMs));
    }

    public VariantStats toStats(String variant) {
        BigDecimal costPerSuccess = successes == 0
                ? null
                : BigDecimal.valueOf(costNanos, 9).divide(BigDecimal.valueOf(successes), 9, RoundingMode.HALF_UP);
        return new VariantStats(
                variant,
                calls,
                successes,
                Measures.usdFromNanos(costNanos),
                costPerSuccess,
                Instant.ofEpochMilli(firstSeenMs),
                Instant.ofEpochMilli(lastSeenMs));
    }
}
