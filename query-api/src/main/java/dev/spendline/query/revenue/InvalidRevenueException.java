package dev.spendline.query.revenue;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** A revenue request with problems, all of them listed. */
final class InvalidRevenueException extends RuntimeException {

    private final List<FieldError> errors;

    InvalidRevenueException(List<FieldError> errors) {
        super(errors.size() + " problem(s) with the revenue request", null, false, false);
        this.errors = List.copyOf(errors);
    }

    List<FieldError> errors() {
        return errors;
    }
}
