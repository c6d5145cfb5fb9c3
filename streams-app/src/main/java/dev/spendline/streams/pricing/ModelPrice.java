package dev.spendline.streams.pricing;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The list price of one model from one date on, in US dollars per million tokens. Cached input is
 * the price of input tokens read from the provider's prompt cache.
 */
public record ModelPrice(
        String provider,
        String model,
        LocalDate effectiveFrom,
        BigDecimal inputPerMillionUsd,
        BigDecimal cachedInputPerMillionUsd,
        BigDecimal outputPerMillionUsd) {}
