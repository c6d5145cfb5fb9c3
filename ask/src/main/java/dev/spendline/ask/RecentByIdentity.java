package dev.spendline.ask;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What was built from the last few objects, by identity: Ask builds its name matcher and its typo
 * index from a workspace's {@link Vocabulary}, which is one object for as long as its names are
 * cached (query-api's {@code VocabularyCache}); building them per question was 58 % of reading one.
 * By identity, not equality: comparing two vocabularies of 1,000 names costs what it saves, and a
 * new object of the same names is only built again. Thread-safe; at most {@code capacity} kept,
 * the oldest dropped first.
 */
final class RecentByIdentity<K, V> {

    private final int capacity;
    private final Map<K, V> built = new IdentityHashMap<>();
    private final Deque<K> order = new ArrayDeque<>();

    RecentByIdentity(int capacity) {
        this.capacity = capacity;
    }

    V get(K key, Function<K, V> build) {
        synchronized (this) {
            V known = built.get(key);
            if (known != null) {
                return known;
            }
        }
        V value = build.apply(key); // outside the lock: a slow build does not hold up other workspaces
        synchronized (this) {
            V raced = built.putIfAbsent(key, value);
            if (raced != null) {
                return raced;
            }
            order.addLast(key);
            if (order.size() > capacity) {
                built.remove(order.removeFirst());
            }
            return value;
        }
    }
}
