package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** What a {@link RollupProcessor} needs to know about one kind of input. */
public interface RollupSpec<V> {

    String workspaceId(V value);

    /** The time the usage happened: it decides the bucket. */
    Instant time(V value);

    /** When Spendline received the input: hourly buckets are written only near it ({@link HourlyHorizon}). */
    Instant receivedAt(V value);

    /** The amounts one input adds to every rollup it touches. */
    Rollup delta(V value);

    /**
     * The dimensions rolled up. No pair is rolled up by hour: a report filtered on one dimension
     * and grouped by another reads the combinations, which hold every pair.
     */
    List<Dimension> dimensions();

    /** Pairs rolled up by day only (no hours): what reads need of them is whole days. */
    default List<List<Dimension>> dailyPairs() {
        return List.of();
    }

    /**
     * Dimensions rolled up by day (and month, where {@link #monthlyDimensions} says) but not by
     * hour; their hours are read from the combinations.
     */
    default Set<Dimension> dailyOnly() {
        return Set.of();
    }

    /**
     * True when the combinations are kept as per-commit blocks ({@code CombinationBlockStore})
     * rather than as one rollup key per combination and bucket.
     */
    default boolean combinationBlocks() {
        return false;
    }

    /** The value of {@code dimension} for this input, or null when the sender did not say. */
    String valueOf(V value, Dimension dimension);

    /**
     * Dimensions also rolled up per calendar month (with the workspace total): the margin tools
     * work in whole months, and a month of a dimension with many values is one bucket to read
     * instead of 28–31.
     */
    default List<Dimension> monthlyDimensions() {
        return List.of();
    }

    /**
     * The dimensions of the combination rollup, in key order: one key per bucket and distinct
     * combination of all of them, so that a report with any filters is exact (see
     * {@code CombinationScan}). The first is the lead: a filter on it reads only its keys.
     * Empty: no combination rollup.
     */
    default List<Dimension> combination() {
        return List.of();
    }

    /** Pairs rolled up per calendar month (whatever their hours and days). */
    default List<List<Dimension>> monthlyPairs() {
        return List.of();
    }
}
