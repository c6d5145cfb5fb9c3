package dev.spendline.streams.query;

import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.rollup.Rollup;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Finds the local rollup store that holds a workspace's partition. */
@FunctionalInterface
public interface RollupStoreLocator {

    /**
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException when the store is not
     *     queryable right now (rebalancing, restoring, migrated away)
     */
    ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind usage, String workspaceId);
}
