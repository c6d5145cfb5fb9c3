package dev.spendline.streams.waste;

import dev.spendline.streams.state.OwnCacheStoreBuilder;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Builds a {@link SucceededStepsStore} over a logged, uncached persistent window store: windows one
 * horizon wide, kept for two (see the store), {@link RunSteps.RunStepsSerde} values.
 */
public final class SucceededStepsStoreBuilder
        extends OwnCacheStoreBuilder<SucceededStepsStore, WindowStore<String, RunSteps>> {

    /** Runs per task the table keeps (a few hundred bytes each). */
    public static final int DEFAULT_MAX_ENTRIES = 20_000;

    private final long horizonMs;
    private final int maxEntries;

    public SucceededStepsStoreBuilder(String name, Duration horizon, int maxEntries) {
        super(
                Stores.windowStoreBuilder(
                                Stores.persistentWindowStore(name, horizon.multipliedBy(2), horizon, false),
                                Serdes.String(),
                                new RunSteps.RunStepsSerde())
                        .withCachingDisabled(),
                "The run steps' table");
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
        }
        this.horizonMs = horizon.toMillis();
        this.maxEntries = maxEntries;
    }

    @Override
    public SucceededStepsStore build() {
        return new SucceededStepsStore(inner.build(), horizonMs, maxEntries);
    }
}
