package dev.spendline.streams;

import java.time.Duration;

/**
 * Settings the topology's shape depends on.
 *
 * @param dedupeHorizon how long an identity is remembered; must not exceed the input topics'
 *     retention, or a replayed old record could count again
 */
public record TopologySettings(Duration dedupeHorizon) {

    public static final Duration DEFAULT_DEDUPE_HORIZON = Duration.ofDays(35);

    public static TopologySettings defaults() {
        return new TopologySettings(DEFAULT_DEDUPE_HORIZON);
    }
}
