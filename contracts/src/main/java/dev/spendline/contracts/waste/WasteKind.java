package dev.spendline.contracts.waste;

/**
 * The kinds of waste Spendline finds in product events; each is defined in words in
 * docs/waste.md. A call can be waste of more than one kind (a failed retry is both); totals count
 * its cost once. {@link #code()} is part of state-store keys: never change one.
 */
public enum WasteKind {
    /** The whole cost of a call with {@code status=error}: paid for, no result. */
    FAILED_CALL("fc"),
    /** The whole cost of a call with {@code retryCount > 0}: it repeats an attempt that was paid for. */
    RETRY("rt"),
    /** The cost of a successful call of a run step ({@code runId} + {@code stepId}) that had already succeeded. */
    DUPLICATE_STEP("ds");

    private final String code;

    WasteKind(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
