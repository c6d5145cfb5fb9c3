package dev.spendline.streams.app;

import dev.spendline.contracts.query.QueryUnavailableException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Maps query failures on the internal endpoint to problem+json: 400 bad query, 503 retry later. */
@RestControllerAdvice(assignableTypes = InternalQueryController.class)
final class QueryErrorHandler {

    @ExceptionHandler(QueryUnavailableException.class)
    ResponseEntity<ProblemDetail> unavailable(QueryUnavailableException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
        problem.setProperty("code", "query_unavailable");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header("Retry-After", "1")
                .body(problem);
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<ProblemDetail> badQuery(IllegalArgumentException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, e.getMessage());
        problem.setProperty("code", "invalid_query");
        return ResponseEntity.badRequest().body(problem);
    }
}
