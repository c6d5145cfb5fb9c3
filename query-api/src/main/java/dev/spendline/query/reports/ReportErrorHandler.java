package dev.spendline.query.reports;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.query.problems.Problems;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Report failures as problem+json: 400 with every parameter problem, 503 + Retry-After. */
@RestControllerAdvice(
        assignableTypes = {
            SpendReportController.class,
            MarginReportController.class,
            BudgetReportController.class,
            AlertReportController.class,
            WasteReportController.class,
            SavingsReportController.class
        })
final class ReportErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(ReportErrorHandler.class);
    private static final MediaType PROBLEM = MediaType.APPLICATION_PROBLEM_JSON;

    @ExceptionHandler(InvalidParametersException.class)
    ResponseEntity<byte[]> invalid(InvalidParametersException e) {
        return ResponseEntity.badRequest()
                .contentType(PROBLEM)
                .body(ProblemJson.render(
                        400,
                        "invalid_parameters",
                        "Invalid report parameters",
                        e.errors().size() + " problem(s) with the parameters",
                        e.errors()));
    }

    @ExceptionHandler(QueryUnavailableException.class)
    ResponseEntity<byte[]> unavailable(QueryUnavailableException e) {
        log.warn("Report unavailable: {}", e.getMessage());
        return Problems.unavailable(
                2,
                "Reports are temporarily unavailable",
                "The data for this workspace is moving between instances or still loading; retry shortly.");
    }
}
