package dev.spendline.streams.query;

import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.rollup.Rollup;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Finds the local rollup stores that hold a workspace's partition. */
public interface RollupStoreLocator {

    /**
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException when the store is not
     *     queryable right now (rebalancing, restoring, migrated away)
     */
    ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind usage, String workspaceId);

    /**
     * The combination blocks beside the rollups ({@code CombinationBlockStore}); null for usage
     * whose combinations are rollup keys (internal usage).
     */
    ReadOnlyKeyValueStore<Bytes, byte[]> combinations(UsageKind usage, String workspaceId);
}
