package dev.spendline.streams.waste;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A small least-recently-used memo for baselines, which are computed from the previous whole days
 * and so do not change within a day. Bounded so that a workspace with many features cannot grow
 * it without limit; an evicted baseline is simply computed again from the stores.
 */
final class BoundedMemo<K, V> {

    private final Map<K, V> entries;

    BoundedMemo(int capacity) {
        this.entries = new LinkedHashMap<>(256, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Null results are not kept. */
    V get(K key, Function<K, V> compute) {
        V value = entries.get(key);
        if (value == null) {
            value = compute.apply(key);
            if (value != null) {
                entries.put(key, value);
            }
        }
        return value;
    }
}
