package dev.spendline.streams.query;

import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Finds the local revenue store (nano-dollars by {@code RevenueKeys}) that holds a workspace. */
@FunctionalInterface
public interface RevenueStoreLocator {

    /**
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException when the store is not
     *     queryable right now
     */
    ReadOnlyKeyValueStore<String, Long> revenue(String workspaceId);
}
