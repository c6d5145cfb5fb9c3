package dev.spendline.streams.state;

import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.state.internals.WrappedStateStore;

/**
 * The store a processor was given, without Kafka Streams' decorators: {@code getStateStore} wraps
 * each store in a read-write decorator that offers only the {@code KeyValueStore} methods, and the
 * per-commit stores' fold methods ({@code add}) are not among them.
 */
public final class DecoratedStores {

    private DecoratedStores() {}

    public static <T extends StateStore> T unwrap(StateStore store, Class<T> type) {
        StateStore s = store;
        while (!type.isInstance(s) && s instanceof WrappedStateStore<?, ?, ?> wrapper) {
            s = wrapper.wrapped();
        }
        if (!type.isInstance(s)) {
            throw new IllegalArgumentException(store.name() + " is not a " + type.getSimpleName() + " ("
                    + store.getClass().getName() + ")");
        }
        return type.cast(s);
    }
}
