package dev.spendline.contracts.query;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What the rows of a spend report are ranked by, and each row's {@code metricValue}. Sums are
 * exact; the rates are rounded half-even to {@link #RATE_SCALE} decimals (latency to one), and are
 * null for a row where they are undefined (no calls, no tokens, no reported latency) — such rows
 * rank last in either order.
 */
public enum SpendMetric {
    COST,
    CALLS,
    /** Input plus output tokens (input includes cache tokens for product events). */
    TOKENS,
    INPUT_TOKENS,
    OUTPUT_TOKENS,
    CACHE_READ_TOKENS,
    CACHE_WRITE_TOKENS,
    ERRORS,
    /** Calls that were retries ({@code retries > 0}). */
    RETRIES,
    /** Errors per call, a fraction (0.031 is 3.1 %). */
    ERROR_RATE,
    /** USD per call. */
    COST_PER_CALL,
    /** USD per 1,000 input + output tokens. */
    COST_PER_1K_TOKENS,
    /** Average latency in ms of the calls that reported one. */
    LATENCY;

    public static final int RATE_SCALE = 6;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The metric called {@code text}, case-insensitively; null for anything else. */
    public static SpendMetric parse(String text) {
        for (SpendMetric metric : values()) {
            if (metric.wireName().equalsIgnoreCase(text)) {
                return metric;
            }
        }
        return null;
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(SpendMetric::wireName).toList();
    }

    /** The metric of these measures; null where it is undefined. */
    public BigDecimal of(Measures m) {
        long tokens = m.inputTokens() + m.outputTokens();
        return switch (this) {
            case COST -> m.costUsd();
            case CALLS -> BigDecimal.valueOf(m.calls());
            case TOKENS -> BigDecimal.valueOf(tokens);
            case INPUT_TOKENS -> BigDecimal.valueOf(m.inputTokens());
            case OUTPUT_TOKENS -> BigDecimal.valueOf(m.outputTokens());
            case CACHE_READ_TOKENS -> BigDecimal.valueOf(m.cacheReadTokens());
            case CACHE_WRITE_TOKENS -> BigDecimal.valueOf(m.cacheWriteTokens());
            case ERRORS -> BigDecimal.valueOf(m.errors());
            case RETRIES -> BigDecimal.valueOf(m.retries());
            case ERROR_RATE -> m.calls() == 0
                    ? null
                    : BigDecimal.valueOf(m.errors())
                            .divide(BigDecimal.valueOf(m.calls()), RATE_SCALE, RoundingMode.HALF_EVEN);
            case COST_PER_CALL -> m.calls() == 0
                    ? null
                    : m.costUsd().divide(BigDecimal.valueOf(m.calls()), RATE_SCALE, RoundingMode.HALF_EVEN);
            case COST_PER_1K_TOKENS -> tokens == 0
                    ? null
                    : m.costUsd()
                            .multiply(BigDecimal.valueOf(1000))
                            .divide(BigDecimal.valueOf(tokens), RATE_SCALE, RoundingMode.HALF_EVEN);
            case LATENCY -> m.avgLatencyMs() == null ? null : BigDecimal.valueOf(m.avgLatencyMs());
        };
    }
}
