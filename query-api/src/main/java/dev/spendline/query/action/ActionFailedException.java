package dev.spendline.query.action;

/**
 * The action cannot be done, and retrying will not help (answered 409 with {@link #code}). Thrown
 * by {@link WriteAction#execute} it is final: the failure is stored and every later confirmation
 * of the action gets the same answer.
 */
public final class ActionFailedException extends RuntimeException {

    private final String code;

    /**
     * @param code stable problem code, e.g. {@code budget_limit_reached}
     * @param detail what happened and what to do, in words
     */
    public ActionFailedException(String code, String detail) {
        super(detail, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
