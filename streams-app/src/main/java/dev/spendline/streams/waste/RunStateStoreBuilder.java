package dev.spendline.streams.waste;

import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Builds a {@link RunStateStore} over the logged, uncached persistent window store the run states
 * always had (same name, retention, serdes): its table replaces Kafka Streams' record cache, so
 * caching cannot be enabled here.
 */
public final class RunStateStoreBuilder implements StoreBuilder<RunStateStore> {

    /** Runs per task the table keeps (about 200 bytes each: 4 MB when full). */
    public static final int DEFAULT_MAX_ENTRIES = 20_000;

    private final StoreBuilder<WindowStore<String, RunState>> stored;
    private final int maxEntries;

    public RunStateStoreBuilder(String name, int maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
        }
        this.stored = Stores.windowStoreBuilder(
                        Stores.persistentWindowStore(name, RunTracker.RETENTION, RunTracker.RETENTION, false),
                        Serdes.String(),
                        new RunState.RunStateSerde())
                .withCachingDisabled();
        this.maxEntries = maxEntries;
    }

    @Override
    public RunStateStore build() {
        return new RunStateStore(stored.build(), maxEntries);
    }

    @Override
    public StoreBuilder<RunStateStore> withCachingEnabled() {
        throw new UnsupportedOperationException("The run table is this store's cache");
    }

    @Override
    public StoreBuilder<RunStateStore> withCachingDisabled() {
        return this;
    }

    @Override
    public StoreBuilder<RunStateStore> withLoggingEnabled(Map<String, String> config) {
        stored.withLoggingEnabled(config);
        return this;
    }

    @Override
    public StoreBuilder<RunStateStore> withLoggingDisabled() {
        stored.withLoggingDisabled();
        return this;
    }

    @Override
    public Map<String, String> logConfig() {
        return stored.logConfig();
    }

    @Override
    public boolean loggingEnabled() {
        return stored.loggingEnabled();
    }

    @Override
    public String name() {
        return stored.name();
    }
}
