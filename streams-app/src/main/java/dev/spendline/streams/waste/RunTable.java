package dev.spendline.streams.waste;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The table in front of a run store ({@link RunStateStore}, {@link SucceededStepsStore}): the runs
 * used last, up to a bound, each written to the store below once per commit however often it
 * changed. An entry evicted from the full table is written first, as Kafka Streams' record cache
 * evicts. A commit writes the entries made dirty since the last one, not the whole table (walking
 * 20,000 entries per commit was 7 % of the stream thread).
 *
 * @param <E> the entry, keyed by its run key
 */
final class RunTable<E extends RunTable.Entry> {

    /** An entry: its key, and whether it holds what the store below does not yet. */
    abstract static class Entry {
        final String key;
        boolean dirty; // only RunTable changes it

        Entry(String key) {
            this.key = key;
        }

        final boolean dirty() {
            return dirty;
        }
    }

    private final Map<String, E> table;
    private final List<E> dirty = new ArrayList<>();
    private final Consumer<E> writer;

    /** @param writer writes an entry's value to the store below */
    RunTable(int maxEntries, Consumer<E> writer) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be positive: " + maxEntries);
        }
        this.writer = writer;
        this.table = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, E> eldest) {
                if (size() <= maxEntries) {
                    return false;
                }
                write(eldest.getValue());
                return true;
            }
        };
    }

    E get(String key) {
        return table.get(key);
    }

    /** Puts {@code e} in place of the key's entry; a dirty one it replaces must be written first. */
    void put(E e) {
        table.put(e.key, e);
    }

    /** {@code e} changed: it is written at the next commit. */
    void changed(E e) {
        if (!e.dirty) {
            e.dirty = true;
            dirty.add(e);
        }
    }

    /** Writes {@code e} now if it is dirty. */
    void write(E e) {
        if (e.dirty) {
            writer.accept(e);
            e.dirty = false;
        }
    }

    /** Writes the entries made dirty since the last call, in that order (one written since is skipped). */
    void writeDirty() {
        for (E e : dirty) {
            write(e);
        }
        dirty.clear();
    }

    /** Forgets every entry, written or not. */
    void clear() {
        table.clear();
        dirty.clear();
    }

    /** The entries not yet written (for tests). */
    List<E> pending() {
        return table.values().stream().filter(Entry::dirty).toList();
    }
}
