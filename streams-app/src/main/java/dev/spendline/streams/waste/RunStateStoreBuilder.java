package dev.spendline.streams.waste;

import dev.spendline.streams.state.OwnCacheStoreBuilder;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Builds a {@link RunStateStore} over the logged, uncached persistent window store the run states
 * always had (same name, retention, serdes): its table replaces Kafka Streams' record cache, so
 * caching cannot be enabled here.
 */
public final class RunStateStoreBuilder extends OwnCacheStoreBuilder<RunStateStore, WindowStore<String, RunState>> {

    /** Runs per task the table keeps (about 200 bytes each: 4 MB when full). */
    public static final int DEFAULT_MAX_ENTRIES = 20_000;

    private final int maxEntries;

    public RunStateStoreBuilder(String name, int maxEntries) {
        super(
                Stores.windowStoreBuilder(
                                Stores.persistentWindowStore(name, RunTracker.RETENTION, RunTracker.RETENTION, false),
                                Serdes.String(),
                                new RunState.RunStateSerde())
                        .withCachingDisabled(),
                "The run table");
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
        }
        this.maxEntries = maxEntries;
    }

    @Override
    public RunStateStore build() {
        return new RunStateStore(inner.build(), maxEntries);
    }
}
