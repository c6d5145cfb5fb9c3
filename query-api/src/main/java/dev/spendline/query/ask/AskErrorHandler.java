package dev.spendline.query.ask;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.query.problems.Problems;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Ask failures as problem+json: 400 {@code invalid_question} with every problem, 503 + Retry-After. */
@RestControllerAdvice(assignableTypes = AskController.class)
final class AskErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(AskErrorHandler.class);
    private static final MediaType PROBLEM = MediaType.APPLICATION_PROBLEM_JSON;

    @ExceptionHandler(InvalidQuestionException.class)
    ResponseEntity<byte[]> invalid(InvalidQuestionException e) {
        return ResponseEntity.badRequest()
                .contentType(PROBLEM)
                .body(ProblemJson.render(400, "invalid_question", "Invalid question", e.getMessage(), e.errors()));
    }

    @ExceptionHandler(QueryUnavailableException.class)
    ResponseEntity<byte[]> unavailable(QueryUnavailableException e) {
        log.warn("Ask unavailable: {}", e.getMessage());
        return Problems.unavailable(
                2,
                "Ask is temporarily unavailable",
                "The data for this workspace is moving between instances or still loading; retry shortly.");
    }
}
