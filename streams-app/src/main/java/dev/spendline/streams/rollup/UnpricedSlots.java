package dev.spendline.streams.rollup;

/**
 * Where an internal-usage {@link Rollup} keeps the part of its usage that had no price.
 *
 * <p>Internal usage rows have no status, retries, latency or cache writes, so in their rollups the
 * slots {@code errors}, {@code retries}, {@code cacheWriteTokens} and {@code latencySumMs} were
 * always 0. They hold the unpriced rows' calls, input, cached input and output tokens instead
 * ({@code latencyCount} stays 0). Why these slots rather than new fields: every rollup store, the
 * per-commit tables and the combination blocks keep exactly ten longs, and they are summed and
 * subtracted slot by slot, so the unpriced part is exact through every report, filter, exclusion
 * and period without changing the stored format. Rollups written before this existed read as
 * nothing unpriced.
 *
 * <p>Only internal usage is read this way: product rollups use the slots for what their names say.
 * Reads of internal usage must show {@link #cleared} measures.
 */
public final class UnpricedSlots {

    private UnpricedSlots() {}

    /** One internal row priced at {@code costNanos} (the unpriced slots empty). */
    static Rollup priced(long costNanos, long input, long output, long cached) {
        return new Rollup(costNanos, 1, input, output, cached, 0, 0, 0, 0, 0);
    }

    /** One internal row without a price: 0 USD, its tokens counted, and counted again as unpriced. */
    static Rollup unpriced(long input, long output, long cached) {
        return new Rollup(0, 1, input, output, cached, cached, 1, input, output, 0);
    }

    public static long calls(Rollup r) {
        return r.errors();
    }

    public static long inputTokens(Rollup r) {
        return r.retries();
    }

    public static long cachedInputTokens(Rollup r) {
        return r.cacheWriteTokens();
    }

    public static long outputTokens(Rollup r) {
        return r.latencySumMs();
    }

    /** The rollup as internal usage's measures show it: the unpriced slots back to 0. */
    public static Rollup cleared(Rollup r) {
        return new Rollup(
                r.costNanos(), r.calls(), r.inputTokens(), r.outputTokens(), r.cacheReadTokens(), 0, 0, 0, 0, 0);
    }
}
