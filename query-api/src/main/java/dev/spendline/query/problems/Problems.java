package dev.spendline.query.problems;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** The problem+json answers every error handler of the query API gives, built in one place. */
public final class Problems {

    private Problems() {}

    /** An answer with this status, stable {@code code}, and the field problems (may be empty). */
    public static ResponseEntity<byte[]> answer(
            HttpStatus status, String code, String title, String detail, List<FieldError> errors) {
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemJson.render(status.value(), code, title, detail, errors));
    }

    /**
     * 503 {@code unavailable} with {@code Retry-After}: Kafka or the workspace's data cannot be
     * reached right now (a rebalance, a restart, a broker down); the request changed nothing.
     */
    public static ResponseEntity<byte[]> unavailable(int retryAfterSeconds, String title, String detail) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header("Retry-After", String.valueOf(retryAfterSeconds))
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemJson.render(503, "unavailable", title, detail, List.of()));
    }
}
