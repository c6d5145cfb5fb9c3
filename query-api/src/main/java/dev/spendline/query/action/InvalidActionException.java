package dev.spendline.query.action;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** A prepare request with problems, every one listed (answered 400 {@code invalid_action}). */
public final class InvalidActionException extends RuntimeException {

    private final List<FieldError> errors;

    public InvalidActionException(List<FieldError> errors) {
        super(errors.size() + " problem(s) with the action request", null, false, false);
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
