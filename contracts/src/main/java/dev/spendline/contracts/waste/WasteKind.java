package dev.spendline.contracts.waste;

/**
 * The kinds of waste Spendline finds in product events; each is defined in words in
 * docs/waste.md. A call can be waste of more than one kind (a failed retry is both); totals count
 * it once, at the largest amount any of its kinds gives it. The first three kinds count a call's
 * whole cost; the last two count an estimated part of it. {@link #code()} is part of state-store keys: never change one.
 */
public enum WasteKind {
    /** The whole cost of a call with {@code status=error}: paid for, no result. */
    FAILED_CALL("fc"),
    /** The whole cost of a call with {@code retryCount > 0}: it repeats an attempt that was paid for. */
    RETRY("rt"),
    /** The cost of a successful call of a run step ({@code runId} + {@code stepId}) that had already succeeded. */
    DUPLICATE_STEP("ds"),
    /**
     * The cost of a run's calls from the one that took it past three times its workflow's typical
     * run (cost or calls), judged against the workflow's previous seven days.
     */
    RUNAWAY_RUN("rr"),
    /**
     * Part of a large prompt's cost: what reading the feature's usual share of the prompt from the
     * provider's cache would have saved, at the price book's input and cached-input prices.
     */
    CACHE_MISS("cm"),
    /**
     * Part of a call's cost: the difference to the same tokens at the observed cost per token of a
     * cheaper model that the same feature used with as good a success rate.
     */
    MODEL_OVERKILL("mo");

    private final String code;

    WasteKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
