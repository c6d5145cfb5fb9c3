package dev.spendline.query.ask;

import dev.spendline.contracts.query.Dimension;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The names the interpreter can recognise in a question: per dimension, the values actually seen
 * in the workspace (features, customers, models, employees...). A name not in here is never
 * invented as a filter.
 */
record Vocabulary(Map<Dimension, Set<String>> values) {

    static final Vocabulary EMPTY = new Vocabulary(Map.of());

    Vocabulary {
        Map<Dimension, Set<String>> copy = new EnumMap<>(Dimension.class);
        values.forEach((dimension, names) -> copy.put(dimension, Set.copyOf(new LinkedHashSet<>(names))));
        values = Map.copyOf(copy);
    }

    Set<String> of(Dimension dimension) {
        return values.getOrDefault(dimension, Set.of());
    }
}
