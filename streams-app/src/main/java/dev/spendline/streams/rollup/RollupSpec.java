package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import java.time.Instant;
import java.util.List;

/** What a {@link RollupProcessor} needs to know about one kind of input. */
public interface RollupSpec<V> {

    String workspaceId(V value);

    /** The time the usage happened: it decides the bucket. */
    Instant time(V value);

    /** The amounts one input adds to every rollup it touches. */
    Rollup delta(V value);

    /** The dimensions rolled up, and the pairs rolled up together. */
    List<Dimension> dimensions();

    List<List<Dimension>> pairs();

    /** The value of {@code dimension} for this input, or null when the sender did not say. */
    String valueOf(V value, Dimension dimension);
}
