package dev.spendline.contracts.savings;

/** What a recommendation is about; each is described in docs/recommendations.md. */
public enum RecommendationKind {
    /** Failed calls of a feature ({@code FAILED_CALL} waste). */
    FIX_FAILING_CALLS,
    /** Retries in a feature ({@code RETRY} waste). */
    REDUCE_RETRIES,
    /** Run steps of a workflow done again after they had succeeded ({@code DUPLICATE_STEP} waste). */
    SKIP_DUPLICATE_STEPS,
    /** Runs of a workflow far above its typical run ({@code RUNAWAY_RUN} waste). */
    CAP_RUNAWAY_RUNS,
    /** Large prompts of a feature that usually reads from the cache but did not ({@code CACHE_MISS} waste). */
    USE_PROMPT_CACHING,
    /** A feature using an expensive model where a cheaper one does as well ({@code MODEL_OVERKILL} waste). */
    USE_CHEAPER_MODEL,
    /** A customer whose AI cost is above the revenue it brings. */
    PROTECT_MARGIN
}
