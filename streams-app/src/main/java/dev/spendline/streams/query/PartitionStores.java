package dev.spendline.streams.query;

import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.StoreNames;
import dev.spendline.streams.rollup.Rollup;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreType;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/**
 * The read-only stores of one partition of a running Kafka Streams instance, by name.
 *
 * @param standby true to read this instance's standby replica of the partition (or its active
 *     task, whichever it has): Kafka Streams' {@code enableStaleStores}. Only for reads whose
 *     {@link dev.spendline.contracts.query.QueryType#staleTolerant()} says so.
 */
record PartitionStores(KafkaStreams streams, int partition, boolean standby) {

    /** The active task's stores only. */
    PartitionStores(KafkaStreams streams, int partition) {
        this(streams, partition, false);
    }

    <V> ReadOnlyKeyValueStore<String, V> keyValue(String name) {
        return streams.store(parameters(name, QueryableStoreTypes.<String, V>keyValueStore()));
    }

    <V> ReadOnlyWindowStore<String, V> window(String name) {
        return streams.store(parameters(name, QueryableStoreTypes.<String, V>windowStore()));
    }

    private <T> StoreQueryParameters<T> parameters(String name, QueryableStoreType<T> type) {
        StoreQueryParameters<T> parameters =
                StoreQueryParameters.fromNameAndType(name, type).withPartition(partition);
        return standby ? parameters.enableStaleStores() : parameters;
    }

    ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind usage) {
        return keyValue(rollupStore(usage));
    }

    /** The product usage's combination blocks; internal usage keeps its combinations as rollup keys. */
    ReadOnlyKeyValueStore<Bytes, byte[]> combinations(UsageKind usage) {
        return usage == UsageKind.PRODUCT
                ? streams.store(
                        parameters(StoreNames.PRODUCT_COMBINATIONS, QueryableStoreTypes.<Bytes, byte[]>keyValueStore()))
                : null;
    }

    /** The rollup stores of this partition, for the feature reads. */
    RollupStoreLocator locator() {
        return new RollupStoreLocator() {
            @Override
            public ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind usage, String workspaceId) {
                return PartitionStores.this.rollups(usage);
            }

            @Override
            public ReadOnlyKeyValueStore<Bytes, byte[]> combinations(UsageKind usage, String workspaceId) {
                return PartitionStores.this.combinations(usage);
            }
        };
    }

    static String rollupStore(UsageKind usage) {
        return usage == UsageKind.PRODUCT ? StoreNames.PRODUCT_ROLLUPS : StoreNames.INTERNAL_ROLLUPS;
    }
}
