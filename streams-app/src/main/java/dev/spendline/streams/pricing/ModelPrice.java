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
        BigDecimal outputPerMillionUsd) {

    /**
     * This price as a line of a price file ({@link PriceBook#HEADER}'s columns), which {@link
     * PriceBook#read} reads back as this price. Amounts are written as given ({@code 2.50} stays
     * {@code 2.50}).
     */
    public String csvLine() {
        return String.join(
                ",",
                provider,
                model,
                effectiveFrom.toString(),
                inputPerMillionUsd.toPlainString(),
                cachedInputPerMillionUsd.toPlainString(),
                outputPerMillionUsd.toPlainString());
    }

    /** True when {@code other} prices the same provider and model, as the book matches them (any case). */
    public boolean sameModelAs(ModelPrice other) {
        return PriceBook.key(provider, model).equals(PriceBook.key(other.provider, other.model));
    }

    /** True when {@code other} is the same provider, model and effective date: a line that would replace this one. */
    public boolean sameVersionAs(ModelPrice other) {
        return sameModelAs(other) && effectiveFrom.equals(other.effectiveFrom);
    }
}
