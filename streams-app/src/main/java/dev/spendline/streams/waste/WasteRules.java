package dev.spendline.streams.waste;

import dev.spendline.streams.pricing.ModelPrice;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Map;

/**
 * The statistics behind the three waste kinds that are judged against a workspace's own history
 * (docs/waste.md gives them in words). Pure functions over integer sums, so that each threshold
 * can be tested at its edge; the processor supplies the sums.
 */
public final class WasteRules {

    /** Baselines are the whole UTC days before the day of the call. */
    public static final int BASELINE_DAYS = 7;

    /** A run is a runaway past this multiple of its workflow's mean run cost or calls. */
    public static final int RUNAWAY_FACTOR = 3;
    /** Fewer runs than this in a workflow's baseline and nothing is judged a runaway. */
    public static final int RUNAWAY_MIN_BASELINE_RUNS = 20;

    /** Prompts smaller than this cannot be cached by the large providers, so are never cache misses. */
    public static final long CACHE_MIN_PROMPT_TOKENS = 1_024;
    /** The feature "usually hits the cache" when at least this percentage of its prompt tokens were cache reads. */
    public static final int CACHE_MIN_HIT_PERCENT = 30;
    /** Fewer calls than this in a feature's baseline and nothing is judged a cache miss. */
    public static final int CACHE_MIN_BASELINE_CALLS = 20;

    /** Both models need at least this many calls in the feature's baseline. */
    public static final int OVERKILL_MIN_MODEL_CALLS = 50;
    /** The cheaper model's success rate may be at most this many percentage points lower. */
    public static final int OVERKILL_SUCCESS_TOLERANCE_POINTS = 1;
    /** The cheaper model must cost at most 1 / this of the expensive one per token. */
    public static final int OVERKILL_MIN_PRICE_RATIO = 2;

    private static final BigInteger RUNAWAY = BigInteger.valueOf(RUNAWAY_FACTOR);

    private WasteRules() {}

    /** A workflow's runs over the baseline days: how many started, and their cost and calls. */
    public record WorkflowBaseline(long runs, long costNanos, long calls) {}

    /** One run so far. */
    public record RunSoFar(long costNanos, long calls) {}

    /**
     * True when the run has gone past {@value #RUNAWAY_FACTOR} times its workflow's mean run cost
     * or mean calls per run; false without a baseline of {@value #RUNAWAY_MIN_BASELINE_RUNS} runs.
     */
    public static boolean isRunaway(RunSoFar run, WorkflowBaseline baseline) {
        if (baseline == null || baseline.runs() < RUNAWAY_MIN_BASELINE_RUNS) {
            return false;
        }
        BigInteger runs = BigInteger.valueOf(baseline.runs());
        // run / 1 > 3 × baseline / runs, kept in integers: run × runs > 3 × baseline.
        boolean overCost = baseline.costNanos() > 0
                && BigInteger.valueOf(run.costNanos())
                                .multiply(runs)
                                .compareTo(RUNAWAY.multiply(BigInteger.valueOf(baseline.costNanos())))
                        > 0;
        boolean overCalls = baseline.calls() > 0
                && BigInteger.valueOf(run.calls())
                                .multiply(runs)
                                .compareTo(RUNAWAY.multiply(BigInteger.valueOf(baseline.calls())))
                        > 0;
        return overCost || overCalls;
    }

    /** A feature's calls, prompt tokens and cache-read tokens over the baseline days. */
    public record CacheBaseline(long calls, long promptTokens, long cacheReadTokens) {

        /** True when the feature read at least {@value #CACHE_MIN_HIT_PERCENT} % of its prompt tokens from cache. */
        boolean usuallyHits() {
            return calls >= CACHE_MIN_BASELINE_CALLS
                    && promptTokens > 0
                    && BigInteger.valueOf(cacheReadTokens)
                                    .multiply(BigInteger.valueOf(100))
                                    .compareTo(BigInteger.valueOf(promptTokens)
                                            .multiply(BigInteger.valueOf(CACHE_MIN_HIT_PERCENT)))
                            >= 0;
        }
    }

    /**
     * What a large prompt with no cache reads would have saved had the feature's usual share of it
     * been read from cache: {@code promptTokens × (baseline cache reads / baseline prompt tokens) ×
     * (input price − cached input price)}, in nano-dollars, rounded half-even, at most the call's
     * cost. Zero when the call is no cache miss or the model has no price.
     */
    public static long cacheMissNanos(
            long promptTokens, long cacheReadTokens, long callCostNanos, CacheBaseline baseline, ModelPrice price) {
        if (promptTokens < CACHE_MIN_PROMPT_TOKENS
                || cacheReadTokens > 0
                || callCostNanos <= 0
                || baseline == null
                || !baseline.usuallyHits()
                || price == null) {
            return 0;
        }
        BigDecimal perMillionSaved = price.inputPerMillionUsd().subtract(price.cachedInputPerMillionUsd());
        if (perMillionSaved.signum() <= 0) {
            return 0;
        }
        // USD per million tokens × 1000 = nano-dollars per token.
        long nanos = BigDecimal.valueOf(promptTokens)
                .multiply(BigDecimal.valueOf(baseline.cacheReadTokens()))
                .multiply(perMillionSaved)
                .movePointRight(3)
                .divide(BigDecimal.valueOf(baseline.promptTokens()), 0, RoundingMode.HALF_EVEN)
                .longValueExact();
        return Math.min(nanos, callCostNanos);
    }

    /** One model's calls in a feature over the baseline days. */
    public record ModelBaseline(long calls, long errors, long costNanos, long tokens) {

        boolean enough() {
            return calls >= OVERKILL_MIN_MODEL_CALLS && tokens > 0 && costNanos > 0;
        }
    }

    /** The cheaper model a call's feature could have used, and its observed price. */
    public record CheaperModel(String model, long costNanos, long tokens) {}

    /**
     * The cheapest model (lowest observed cost per token; ties by name) that the feature used at
     * least {@value #OVERKILL_MIN_MODEL_CALLS} times with a success rate at most
     * {@value #OVERKILL_SUCCESS_TOLERANCE_POINTS} point below {@code model}'s, and at most half its
     * cost per token; null when there is none or {@code model} has too few calls itself.
     */
    public static CheaperModel cheaperThan(String model, Map<String, ModelBaseline> feature) {
        ModelBaseline expensive = feature.get(model);
        if (expensive == null || !expensive.enough()) {
            return null;
        }
        CheaperModel best = null;
        for (Map.Entry<String, ModelBaseline> e : feature.entrySet()) {
            ModelBaseline candidate = e.getValue();
            if (e.getKey().equals(model)
                    || !candidate.enough()
                    || !asSuccessful(candidate, expensive)
                    || !atMostHalfThePrice(candidate, expensive)) {
                continue;
            }
            CheaperModel c = new CheaperModel(e.getKey(), candidate.costNanos(), candidate.tokens());
            if (best == null || cheaperPerToken(c, best)) {
                best = c;
            }
        }
        return best;
    }

    /**
     * The part of a call's cost a cheaper model would not have cost: the call's cost minus its
     * tokens at the cheaper model's observed cost per token, rounded half-even; zero when not
     * positive.
     */
    public static long overkillNanos(long callCostNanos, long callTokens, CheaperModel cheaper) {
        if (cheaper == null || callCostNanos <= 0 || callTokens <= 0) {
            return 0;
        }
        long onCheaper = BigDecimal.valueOf(callTokens)
                .multiply(BigDecimal.valueOf(cheaper.costNanos()))
                .divide(BigDecimal.valueOf(cheaper.tokens()), 0, RoundingMode.HALF_EVEN)
                .longValueExact();
        return Math.max(0, callCostNanos - onCheaper);
    }

    // success(c) / calls(c) ≥ success(e) / calls(e) − tolerance / 100, in integers.
    private static boolean asSuccessful(ModelBaseline c, ModelBaseline e) {
        BigInteger left = BigInteger.valueOf(c.calls() - c.errors())
                .multiply(BigInteger.valueOf(e.calls()))
                .multiply(BigInteger.valueOf(100));
        BigInteger right = BigInteger.valueOf(
                        100 * (e.calls() - e.errors()) - OVERKILL_SUCCESS_TOLERANCE_POINTS * e.calls())
                .multiply(BigInteger.valueOf(c.calls()));
        return left.compareTo(right) >= 0;
    }

    // cost(c) / tokens(c) × ratio ≤ cost(e) / tokens(e).
    private static boolean atMostHalfThePrice(ModelBaseline c, ModelBaseline e) {
        return BigInteger.valueOf(c.costNanos())
                        .multiply(BigInteger.valueOf(e.tokens()))
                        .multiply(BigInteger.valueOf(OVERKILL_MIN_PRICE_RATIO))
                        .compareTo(BigInteger.valueOf(e.costNanos()).multiply(BigInteger.valueOf(c.tokens())))
                <= 0;
    }

    private static boolean cheaperPerToken(CheaperModel a, CheaperModel b) {
        int cmp = BigInteger.valueOf(a.costNanos())
                .multiply(BigInteger.valueOf(b.tokens()))
                .compareTo(BigInteger.valueOf(b.costNanos()).multiply(BigInteger.valueOf(a.tokens())));
        return cmp < 0 || (cmp == 0 && a.model().compareTo(b.model()) < 0);
    }
}
