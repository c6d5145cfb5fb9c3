package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names the interpreter can recognise in a question: per dimension, the values actually seen
 * in the workspace over the last {@link #LOOKBACK} (features, customers, models, employees...). A
 * name not in here is never invented as a filter. query-api's vocabulary cache reads them.
 */
public record Vocabulary(Map<Dimension, Set<String>> values) {

    /** How far back the names are read; answers about an absent name say so. */
    public static final Duration LOOKBACK = Duration.ofDays(90);

    public static final Vocabulary EMPTY = new Vocabulary(Map.of());

    /**
     * The dimensions whose values Ask matches as names, in {@link Dimension#ORDER}: every one but
     * end-user ids, statuses, outcomes and sources, so a new dimension is read with no edit.
     */
    public static final List<Dimension> DIMENSIONS = Lexicon.NAMED;

    public Vocabulary {
        Map<Dimension, Set<String>> copy = new EnumMap<>(Dimension.class);
        values.forEach((dimension, names) -> copy.put(dimension, Set.copyOf(new LinkedHashSet<>(names))));
        values = Map.copyOf(copy);
    }

    public Set<String> of(Dimension dimension) {
        return values.getOrDefault(dimension, Set.of());
    }
}
