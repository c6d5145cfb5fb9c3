package dev.spendline.query.alerts;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** A snooze request with problems, all of them listed; nothing was changed. */
public final class InvalidSnoozeException extends RuntimeException {

    private final List<FieldError> errors;

    InvalidSnoozeException(List<FieldError> errors) {
        super(errors.size() + " problem(s) with the snooze request", null, false, false);
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
