package dev.spendline.streams.state;

import java.util.Map;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * A builder of a store that keeps its own per-commit table in front of a logged, uncached Kafka
 * Streams store (the rollup, combination and run-state stores): logging settings and the name are
 * the inner store's, and Kafka Streams' record cache cannot be enabled, since the table replaces it.
 *
 * @param <T> the store built
 * @param <S> the inner store
 */
public abstract class OwnCacheStoreBuilder<T extends StateStore, S extends StateStore> implements StoreBuilder<T> {

    protected final StoreBuilder<S> inner;
    private final String table;

    /**
     * @param inner the inner store's builder, caching disabled
     * @param table what the store's table is called, for the error when caching is asked for
     */
    protected OwnCacheStoreBuilder(StoreBuilder<S> inner, String table) {
        this.inner = inner;
        this.table = table;
    }

    @Override
    public final StoreBuilder<T> withCachingEnabled() {
        throw new UnsupportedOperationException(table + " is this store's cache");
    }

    @Override
    public final StoreBuilder<T> withCachingDisabled() {
        return this;
    }

    @Override
    public final StoreBuilder<T> withLoggingEnabled(Map<String, String> config) {
        inner.withLoggingEnabled(config);
        return this;
    }

    @Override
    public final StoreBuilder<T> withLoggingDisabled() {
        inner.withLoggingDisabled();
        return this;
    }

    @Override
    public final Map<String, String> logConfig() {
        return inner.logConfig();
    }

    @Override
    public final boolean loggingEnabled() {
        return inner.loggingEnabled();
    }

    @Override
    public final String name() {
        return inner.name();
    }
}
