package dev.spendline.streams;

import dev.spendline.streams.commit.CommitPacing;
import dev.spendline.streams.pricing.PriceBook;
import java.time.Duration;

/**
 * Settings the topology's shape and figures depend on.
 *
 * @param dedupeHorizon how long an identity is remembered; must not exceed the input topics'
 *     retention, or a replayed old record could count again
 * @param priceBook prices internal-usage rows that carry no cost, and product events sent with cost 0
 * @param commitPacing when the inputs' processors ask for commits ({@link CommitPacing}); the
 *     Kafka Streams configuration must have its {@code commit.interval.ms}
 */
public record TopologySettings(Duration dedupeHorizon, PriceBook priceBook, CommitPacing commitPacing) {

    public TopologySettings {
        if (commitPacing == null) {
            throw new IllegalArgumentException("commitPacing is required");
        }
    }

    /** With the default commit pacing. */
    public TopologySettings(Duration dedupeHorizon, PriceBook priceBook) {
        this(dedupeHorizon, priceBook, CommitPacing.DEFAULT);
    }

    public static final Duration DEFAULT_DEDUPE_HORIZON = Duration.ofDays(35);

    /** With the bundled price book. */
    public TopologySettings(Duration dedupeHorizon) {
        this(dedupeHorizon, PriceBook.bundled());
    }

    public static TopologySettings defaults() {
        return new TopologySettings(DEFAULT_DEDUPE_HORIZON);
    }
}
