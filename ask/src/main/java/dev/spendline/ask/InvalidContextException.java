package dev.spendline.ask;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/**
 * A follow-up's {@code context} that Ask did not write as it is (cut, edited, too long, another
 * version): 400 {@code invalid_question} on {@code /context}, as the request's other problems are.
 */
public final class InvalidContextException extends ProblemException {

    InvalidContextException(String message) {
        super(
                400,
                "invalid_question",
                "Invalid question",
                "1 problem(s) with the question",
                List.of(new FieldError("/context", message)));
    }
}
