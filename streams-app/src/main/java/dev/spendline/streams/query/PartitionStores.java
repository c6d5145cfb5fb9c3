package dev.spendline.streams.query;

import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.StoreNames;
import dev.spendline.streams.rollup.Rollup;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/** The read-only stores of one partition of a running Kafka Streams instance, by name. */
record PartitionStores(KafkaStreams streams, int partition) {

    <V> ReadOnlyKeyValueStore<String, V> keyValue(String name) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore())
                .withPartition(partition));
    }

    <V> ReadOnlyWindowStore<String, V> window(String name) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>windowStore())
                .withPartition(partition));
    }

    ReadOnlyKeyValueStore<String, Rollup> rollups(UsageKind usage) {
        return keyValue(rollupStore(usage));
    }

    static String rollupStore(UsageKind usage) {
        return usage == UsageKind.PRODUCT ? StoreNames.PRODUCT_ROLLUPS : StoreNames.INTERNAL_ROLLUPS;
    }
}
