package dev.spendline.query.problems;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** A {@link ProblemException} as a Spring MVC answer: its status, headers and problem+json body. */
public final class Problems {

    private Problems() {}

    public static ResponseEntity<byte[]> response(ProblemException problem) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(problem.status());
        problem.headers().forEach(answer::header);
        return answer.contentType(MediaType.APPLICATION_PROBLEM_JSON).body(ProblemJson.render(problem));
    }
}
