package dev.spendline.topics;

import org.apache.kafka.common.serialization.Serde;

/** A topic's name with the serdes of its key and value, defined once in {@link Topics}. */
public record Topic<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde) {}
