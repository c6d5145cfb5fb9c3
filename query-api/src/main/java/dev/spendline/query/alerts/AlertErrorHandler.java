package dev.spendline.query.alerts;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.query.problems.Problems;
import dev.spendline.query.settings.SettingsUnavailableException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Snooze failures as problem+json: 400 with every problem, 404 unknown alert, 503 + Retry-After. */
@RestControllerAdvice(assignableTypes = AlertController.class)
final class AlertErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(AlertErrorHandler.class);
    private static final MediaType PROBLEM = MediaType.APPLICATION_PROBLEM_JSON;

    @ExceptionHandler(InvalidSnoozeException.class)
    ResponseEntity<byte[]> invalid(InvalidSnoozeException e) {
        return ResponseEntity.badRequest()
                .contentType(PROBLEM)
                .body(ProblemJson.render(
                        400,
                        "invalid_snooze",
                        "Invalid snooze",
                        e.errors().size() + " problem(s) with the request; nothing was changed",
                        e.errors()));
    }

    @ExceptionHandler(UnknownAlertException.class)
    ResponseEntity<byte[]> unknown(UnknownAlertException e) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
                .contentType(PROBLEM)
                .body(ProblemJson.render(404, "unknown_alert", "Unknown alert", e.getMessage(), List.of()));
    }

    @ExceptionHandler({SettingsUnavailableException.class, QueryUnavailableException.class})
    ResponseEntity<byte[]> unavailable(RuntimeException e) {
        log.warn("Snooze request not served: {}", e.getMessage());
        return Problems.unavailable(
                5,
                "Alerts are temporarily unavailable",
                "Kafka or the alert data cannot be reached right now; nothing was changed. Retry shortly.");
    }
}
