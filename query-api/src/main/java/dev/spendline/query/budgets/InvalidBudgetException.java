package dev.spendline.query.budgets;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** A budget request with problems, all of them listed; nothing was changed. */
public final class InvalidBudgetException extends RuntimeException {

    private final List<FieldError> errors;

    InvalidBudgetException(List<FieldError> errors) {
        super(errors.size() + " problem(s) with the budget request", null, false, false);
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
