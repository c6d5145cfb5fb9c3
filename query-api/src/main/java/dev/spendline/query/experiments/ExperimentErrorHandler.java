package dev.spendline.query.experiments;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.query.problems.Problems;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Experiment read failures as problem+json: 404 for an unknown experiment, 503 + Retry-After. */
@RestControllerAdvice(assignableTypes = ExperimentController.class)
final class ExperimentErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(ExperimentErrorHandler.class);

    @ExceptionHandler(UnknownExperimentException.class)
    ResponseEntity<byte[]> unknown(UnknownExperimentException e) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemJson.render(404, "unknown_experiment", "Unknown experiment", e.getMessage(), List.of()));
    }

    @ExceptionHandler(QueryUnavailableException.class)
    ResponseEntity<byte[]> unavailable(QueryUnavailableException e) {
        log.warn("Experiments unavailable: {}", e.getMessage());
        return Problems.unavailable(
                2,
                "Experiments are temporarily unavailable",
                "The data for this workspace is moving between instances or still loading; retry shortly.");
    }
}
