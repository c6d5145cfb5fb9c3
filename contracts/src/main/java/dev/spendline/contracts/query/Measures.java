package dev.spendline.contracts.query;

import java.math.BigDecimal;

/**
 * What was used and what it cost, summed over a set of calls or rows. For product events
 * {@code inputTokens} is the events' {@code promptTokens} (cache tokens included); for internal
 * rows {@code cacheReadTokens} is {@code cachedInputTokens}. {@code avgLatencyMs} is null when no
 * call reported a latency.
 *
 * <p>{@code costUsd} is all the cost. For product events, {@code estimatedCostUsd} is the part of it
 * Spendline estimated from the price book for calls sent with {@code costUsd} 0 (the reported part is
 * {@code costUsd - estimatedCostUsd}), and {@code unpricedCalls} the calls sent with 0 whose model
 * the book has no price for (they count 0). Both are 0 for internal usage, which reports unpriced
 * rows its own way.
 */
public record Measures(
        BigDecimal costUsd,
        long calls,
        long inputTokens,
        long outputTokens,
        long cacheReadTokens,
        long cacheWriteTokens,
        long errors,
        long retries,
        Double avgLatencyMs,
        BigDecimal estimatedCostUsd,
        long unpricedCalls) {

    public static final Measures ZERO = new Measures(BigDecimal.ZERO.setScale(2), 0, 0, 0, 0, 0, 0, 0, null);

    /** Measures with nothing estimated and nothing unpriced. */
    public Measures(
            BigDecimal costUsd,
            long calls,
            long inputTokens,
            long outputTokens,
            long cacheReadTokens,
            long cacheWriteTokens,
            long errors,
            long retries,
            Double avgLatencyMs) {
        this(
                costUsd,
                calls,
                inputTokens,
                outputTokens,
                cacheReadTokens,
                cacheWriteTokens,
                errors,
                retries,
                avgLatencyMs,
                BigDecimal.ZERO.setScale(2),
                0);
    }

    /** The part of the cost senders reported: all of it but the estimated part. */
    public BigDecimal reportedCostUsd() {
        return usd(costUsd.subtract(estimatedCostUsd));
    }

    /**
     * Formats an exact amount of nano-dollars as USD, with at least two decimals and no more than
     * it needs ({@code 12.50}, {@code 0.000015}).
     */
    public static BigDecimal usdFromNanos(long nanos) {
        return usd(BigDecimal.valueOf(nanos, 9));
    }

    /** As {@link #usdFromNanos(long)}, for sums that may not fit a long. */
    public static BigDecimal usdFromNanos(java.math.BigInteger nanos) {
        return usd(new BigDecimal(nanos, 9));
    }

    private static BigDecimal usd(BigDecimal amount) {
        BigDecimal exact = amount.stripTrailingZeros();
        return exact.scale() < 2 ? exact.setScale(2) : exact;
    }
}
