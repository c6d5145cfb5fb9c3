package dev.spendline.query.ask;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** The body of an ask request is not {@code {"question": "<text>"}}; every problem is listed. */
final class InvalidQuestionException extends RuntimeException {

    private final List<FieldError> errors;

    InvalidQuestionException(List<FieldError> errors) {
        super(errors.size() + " problem(s) with the question");
        this.errors = List.copyOf(errors);
    }

    List<FieldError> errors() {
        return errors;
    }
}
