package dev.spendline.query.ask;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/**
 * The body of an ask request is not {@code {"question": "<text>"}}: 400 {@code invalid_question}
 * with every problem listed. A type of its own because tests of the reader catch it.
 */
final class InvalidQuestionException extends ProblemException {

    InvalidQuestionException(List<FieldError> errors) {
        super(400, "invalid_question", "Invalid question", errors.size() + " problem(s) with the question", errors);
    }
}
