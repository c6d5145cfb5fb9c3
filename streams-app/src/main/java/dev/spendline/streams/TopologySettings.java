package dev.spendline.streams;

import dev.spendline.streams.pricing.PriceBook;
import java.time.Duration;

/**
 * Settings the topology's shape and figures depend on.
 *
 * @param dedupeHorizon how long an identity is remembered; must not exceed the input topics'
 *     retention, or a replayed old record could count again
 * @param priceBook prices internal-usage rows that carry no cost, and product events sent with cost 0
 */
public record TopologySettings(Duration dedupeHorizon, PriceBook priceBook) {

    public static final Duration DEFAULT_DEDUPE_HORIZON = Duration.ofDays(35);

    /** With the bundled price book. */
    public TopologySettings(Duration dedupeHorizon) {
        this(dedupeHorizon, PriceBook.bundled());
    }

    public static TopologySettings defaults() {
        return new TopologySettings(DEFAULT_DEDUPE_HORIZON);
    }
}
