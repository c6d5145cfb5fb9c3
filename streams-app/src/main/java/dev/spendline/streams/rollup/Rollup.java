package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Measures;

/**
 * Sums for one (workspace, time bucket, dimension value): exact integers only. Cost is in
 * nano-dollars so that millions of tiny amounts add up without floating-point drift.
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
        long latencyCount) {

    public static final Rollup EMPTY = new Rollup(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

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
                latencyCount + o.latencyCount);
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
                latencyCount - o.latencyCount);
    }

    /** The same call counts with another cost (waste that counts part of a call's cost). */
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
                        latencyCount);
    }

    /** Its ten numbers in this order into {@code into[0, 10)}: the per-commit tables' layout. */
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
                latencyCount == 0 ? null : Math.round(10.0 * latencySumMs / latencyCount) / 10.0);
    }
}
