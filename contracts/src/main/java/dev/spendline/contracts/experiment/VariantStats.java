package dev.spendline.contracts.experiment;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One variant of an experiment, over every deduplicated event of it Spendline has seen.
 *
 * @param costPerSuccessUsd {@code costUsd / successes}, rounded half-up to 9 decimals; null
 *     without successes
 */
public record VariantStats(
        String variant,
        long calls,
        long successes,
        BigDecimal costUsd,
        BigDecimal costPerSuccessUsd,
        Instant firstSeen,
        Instant lastSeen) {}
