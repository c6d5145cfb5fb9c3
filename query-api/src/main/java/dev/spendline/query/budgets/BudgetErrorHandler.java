package dev.spendline.query.budgets;

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

/**
 * Budget failures as problem+json: 400 with every problem, 404 for an unknown id, 409 at the
 * budget limit, 503 + Retry-After when Kafka or the stores cannot answer.
 */
@RestControllerAdvice(assignableTypes = BudgetController.class)
final class BudgetErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(BudgetErrorHandler.class);
    private static final MediaType PROBLEM = MediaType.APPLICATION_PROBLEM_JSON;

    @ExceptionHandler(InvalidBudgetException.class)
    ResponseEntity<byte[]> invalid(InvalidBudgetException e) {
        return Problems.answer(
                HttpStatus.BAD_REQUEST,
                "invalid_budget",
                "Invalid budget",
                e.errors().size() + " problem(s) with the request; nothing was changed",
                e.errors());
    }

    @ExceptionHandler(UnknownBudgetException.class)
    ResponseEntity<byte[]> unknown(UnknownBudgetException e) {
        return Problems.answer(HttpStatus.NOT_FOUND, "unknown_budget", "Unknown budget", e.getMessage(), List.of());
    }

    @ExceptionHandler(BudgetLimitReachedException.class)
    ResponseEntity<byte[]> full(BudgetLimitReachedException e) {
        return Problems.answer(
                HttpStatus.CONFLICT, "budget_limit_reached", "Too many budgets", e.getMessage(), List.of());
    }

    @ExceptionHandler({SettingsUnavailableException.class, QueryUnavailableException.class})
    ResponseEntity<byte[]> unavailable(RuntimeException e) {
        log.warn("Budget request not served: {}", e.getMessage());
        return Problems.unavailable(
                5,
                "Budgets are temporarily unavailable",
                "Kafka or the budget data cannot be reached right now; nothing was changed. Retry shortly.");
    }
}
