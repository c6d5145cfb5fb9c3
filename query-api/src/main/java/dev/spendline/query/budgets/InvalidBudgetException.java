package dev.spendline.query.budgets;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/**
 * A budget request with problems, all of them listed; nothing was changed: 400 {@code
 * invalid_budget}. A type of its own because the create-budget action catches it.
 */
public final class InvalidBudgetException extends ProblemException {

    InvalidBudgetException(List<FieldError> errors) {
        super(
                400,
                "invalid_budget",
                "Invalid budget",
                errors.size() + " problem(s) with the request; nothing was changed",
                errors);
    }
}
