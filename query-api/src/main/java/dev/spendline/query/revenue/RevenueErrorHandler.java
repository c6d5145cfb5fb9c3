package dev.spendline.query.revenue;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.query.problems.Problems;
import dev.spendline.query.settings.SettingsUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Revenue failures as problem+json: 400 with every problem, 503 + Retry-After when Kafka is away. */
@RestControllerAdvice(assignableTypes = RevenueSettingsController.class)
final class RevenueErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(RevenueErrorHandler.class);

    @ExceptionHandler(InvalidRevenueException.class)
    ResponseEntity<byte[]> invalid(InvalidRevenueException e) {
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemJson.render(
                        400,
                        "invalid_revenue",
                        "Invalid revenue",
                        e.errors().size() + " problem(s) with the request; nothing was changed",
                        e.errors()));
    }

    @ExceptionHandler(SettingsUnavailableException.class)
    ResponseEntity<byte[]> unavailable(SettingsUnavailableException e) {
        log.warn("Revenue change not written: {}", e.getMessage());
        return Problems.unavailable(
                5,
                "Revenue cannot be changed right now",
                "Kafka did not acknowledge the change in time; nothing was changed. Retry shortly.");
    }
}
