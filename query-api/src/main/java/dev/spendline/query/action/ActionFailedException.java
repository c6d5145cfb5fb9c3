package dev.spendline.query.action;

import dev.spendline.contracts.problem.ProblemException;

/**
 * The action cannot be done, and retrying will not help: 409 with {@link #code}. Thrown by {@link
 * WriteAction#execute} it is final: the failure is stored and every later confirmation of the
 * action gets the same answer. A type of its own because {@link ActionService} catches it to store
 * it.
 */
public final class ActionFailedException extends ProblemException {

    /**
     * @param code stable problem code, e.g. {@code budget_limit_reached}
     * @param detail what happened and what to do, in words
     */
    public ActionFailedException(String code, String detail) {
        super(409, code, "The action cannot be done", detail);
    }
}
