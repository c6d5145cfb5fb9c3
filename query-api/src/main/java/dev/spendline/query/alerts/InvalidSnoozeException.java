package dev.spendline.query.alerts;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/**
 * A snooze request with problems, all of them listed; nothing was changed: 400 {@code
 * invalid_snooze}. A type of its own because the snooze action catches it.
 */
public final class InvalidSnoozeException extends ProblemException {

    InvalidSnoozeException(List<FieldError> errors) {
        super(
                400,
                "invalid_snooze",
                "Invalid snooze",
                errors.size() + " problem(s) with the request; nothing was changed",
                errors);
    }
}
