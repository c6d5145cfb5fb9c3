package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Measures;

/**
 * Sums for one (workspace, time bucket, dimension value): exact integers only. Cost is in
 * nano-dollars so that millions of tiny amounts add up without floating-point drift.
 *
 * <p>{@code costNanos} is all the cost: what senders reported plus what Spendline estimated from
 * the price book for calls sent with cost 0 ({@code estimatedCostNanos}, a part of it). {@code
 * unpricedCalls} are calls sent with cost 0 whose model the book has no price for: they count 0.
 * Rollups stored before these two existed read them as 0, which is what they were.
 */
public record Rollup(
        long costNanos,
        long calls,
        long inputTokens,
        long outputTokens,
        long cacheReadTokens,
        long cacheWriteTokens,
        long errors,
        long retries,
        long latencySumMs,
        long latencyCount,
        long estimatedCostNanos,
        long unpricedCalls) {

    /** The number of longs: the per-commit tables' and the stored values' width. */
    public static final int WIDTH = 12;

    public static final Rollup EMPTY = new Rollup(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** A rollup of the ten measures that came before the estimated cost (nothing estimated or unpriced). */
    public Rollup(
            long costNanos,
            long calls,
            long inputTokens,
            long outputTokens,
            long cacheReadTokens,
            long cacheWriteTokens,
            long errors,
            long retries,
            long latencySumMs,
            long latencyCount) {
        this(
                costNanos,
                calls,
                inputTokens,
                outputTokens,
                cacheReadTokens,
                cacheWriteTokens,
                errors,
                retries,
                latencySumMs,
                latencyCount,
                0,
                0);
    }

    /** From {@code v[at, at + WIDTH)}, the layout of {@link #copyInto}. */
    public static Rollup of(long[] v, int at) {
        return new Rollup(
                v[at],
                v[at + 1],
                v[at + 2],
                v[at + 3],
                v[at + 4],
                v[at + 5],
                v[at + 6],
                v[at + 7],
                v[at + 8],
                v[at + 9],
                v[at + 10],
                v[at + 11]);
    }

    public Rollup plus(Rollup o) {
        return new Rollup(
                Math.addExact(costNanos, o.costNanos),
                calls + o.calls,
                inputTokens + o.inputTokens,
                outputTokens + o.outputTokens,
                cacheReadTokens + o.cacheReadTokens,
                cacheWriteTokens + o.cacheWriteTokens,
                errors + o.errors,
                retries + o.retries,
                latencySumMs + o.latencySumMs,
                latencyCount + o.latencyCount,
                Math.addExact(estimatedCostNanos, o.estimatedCostNanos),
                unpricedCalls + o.unpricedCalls);
    }

    /** What is left of this after taking away {@code o}, a part of it (a month minus its days after a range). */
    public Rollup minus(Rollup o) {
        return new Rollup(
                Math.subtractExact(costNanos, o.costNanos),
                calls - o.calls,
                inputTokens - o.inputTokens,
                outputTokens - o.outputTokens,
                cacheReadTokens - o.cacheReadTokens,
                cacheWriteTokens - o.cacheWriteTokens,
                errors - o.errors,
                retries - o.retries,
                latencySumMs - o.latencySumMs,
                latencyCount - o.latencyCount,
                Math.subtractExact(estimatedCostNanos, o.estimatedCostNanos),
                unpricedCalls - o.unpricedCalls);
    }

    /**
     * The same call counts with another cost (waste that counts part of a call's cost). Meant for
     * one call's delta: a call whose cost was estimated keeps all of the new cost estimated.
     */
    public Rollup withCost(long nanos) {
        return nanos == costNanos
                ? this
                : new Rollup(
                        nanos,
                        calls,
                        inputTokens,
                        outputTokens,
                        cacheReadTokens,
                        cacheWriteTokens,
                        errors,
                        retries,
                        latencySumMs,
                        latencyCount,
                        estimatedCostNanos == 0 ? 0 : nanos,
                        unpricedCalls);
    }

    /** Its {@link #WIDTH} numbers in this order into {@code into[0, WIDTH)}: the per-commit tables' layout. */
    public void copyInto(long[] into) {
        into[0] = costNanos;
        into[1] = calls;
        into[2] = inputTokens;
        into[3] = outputTokens;
        into[4] = cacheReadTokens;
        into[5] = cacheWriteTokens;
        into[6] = errors;
        into[7] = retries;
        into[8] = latencySumMs;
        into[9] = latencyCount;
        into[10] = estimatedCostNanos;
        into[11] = unpricedCalls;
    }

    public Measures toMeasures() {
        return new Measures(
                Measures.usdFromNanos(costNanos),
                calls,
                inputTokens,
                outputTokens,
                cacheReadTokens,
                cacheWriteTokens,
                errors,
                retries,
                latencyCount == 0 ? null : Math.round(10.0 * latencySumMs / latencyCount) / 10.0,
                Measures.usdFromNanos(estimatedCostNanos),
                unpricedCalls);
    }
}
