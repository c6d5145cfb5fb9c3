package dev.spendline.query.reports;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** Query parameters that cannot form a query; answered 400 with every problem listed. */
final class InvalidParametersException extends RuntimeException {

    private final List<FieldError> errors;

    InvalidParametersException(List<FieldError> errors) {
        super(errors.size() + " invalid parameter(s)", null, false, false);
        this.errors = List.copyOf(errors);
    }

    List<FieldError> errors() {
        return errors;
    }
}
