package dev.spendline.controlplane.actions;

/** A confirmation that did not execute the action and has no stored result to return; see {@link Reason}. */
public final class ConfirmationRefusedException extends RuntimeException {

    /** Why; each maps to one HTTP status and problem code. */
    public enum Reason {
        /** No such token, or a token of another workspace (which must not learn that it exists). */
        UNKNOWN_TOKEN,
        /** The token belongs to this workspace but was prepared with another credential. */
        OTHER_CREDENTIAL,
        /** Not the exact phrase; the token stays usable. */
        WRONG_PHRASE,
        /** Ten minutes (the lifetime) have passed without a successful confirmation. */
        EXPIRED,
        /** Another confirmation is executing the action right now and did not finish within the wait. */
        IN_PROGRESS
    }

    private final Reason reason;

    ConfirmationRefusedException(Reason reason) {
        super(reason.name(), null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
