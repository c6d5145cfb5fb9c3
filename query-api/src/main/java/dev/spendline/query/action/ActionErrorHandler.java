package dev.spendline.query.action;

import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.ConfirmationRefusedException;
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

/** Every refusal of the action endpoints as problem+json with a stable code (table in docs/actions.md). */
@RestControllerAdvice(assignableTypes = ActionController.class)
final class ActionErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(ActionErrorHandler.class);

    @ExceptionHandler(ActionProblem.class)
    ResponseEntity<byte[]> problem(ActionProblem e) {
        return Problems.answer(e.status(), e.code(), e.title(), e.getMessage(), e.errors());
    }

    @ExceptionHandler(InvalidActionException.class)
    ResponseEntity<byte[]> invalid(InvalidActionException e) {
        return Problems.answer(
                HttpStatus.BAD_REQUEST,
                "invalid_action",
                "Invalid action request",
                e.errors().size() + " problem(s) with the request; nothing was prepared",
                e.errors());
    }

    @ExceptionHandler(ActionFailedException.class)
    ResponseEntity<byte[]> failed(ActionFailedException e) {
        return Problems.answer(HttpStatus.CONFLICT, e.code(), "The action cannot be done", e.getMessage(), List.of());
    }

    @ExceptionHandler(ConfirmationRefusedException.class)
    ResponseEntity<byte[]> refused(ConfirmationRefusedException e) {
        return switch (e.reason()) {
            case UNKNOWN_TOKEN -> Problems.answer(
                    HttpStatus.NOT_FOUND,
                    "unknown_token",
                    "Unknown confirmation token",
                    "No prepared action of this workspace has this token; prepare the action again",
                    List.of());
            case OTHER_CREDENTIAL -> Problems.answer(
                    HttpStatus.FORBIDDEN,
                    "other_credential",
                    "Prepared with another credential",
                    "Only the API key (or OAuth grant) that prepared this action can confirm it; nothing was executed",
                    List.of());
            case WRONG_PHRASE -> Problems.answer(
                    HttpStatus.UNPROCESSABLE_CONTENT,
                    "wrong_phrase",
                    "Wrong confirmation phrase",
                    "The phrase must be exactly the confirmationPhrase that prepare returned; nothing was executed"
                            + " and the token can still be used",
                    List.of(new FieldError("/confirmationPhrase", "is not the exact phrase")));
            case EXPIRED -> Problems.answer(
                    HttpStatus.GONE,
                    "expired",
                    "Confirmation expired",
                    "A prepared action can be confirmed for 10 minutes; prepare it again. Nothing was executed",
                    List.of());
            case IN_PROGRESS -> ResponseEntity.status(HttpStatus.CONFLICT)
                    .header("Retry-After", "1")
                    .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                    .body(ProblemJson.render(
                            409,
                            "in_progress",
                            "Confirmation in progress",
                            "Another confirmation of this action is executing it; repeat this confirmation shortly"
                                    + " to get its result",
                            List.of()));
        };
    }

    @ExceptionHandler({SettingsUnavailableException.class, QueryUnavailableException.class})
    ResponseEntity<byte[]> unavailable(RuntimeException e) {
        log.warn("Write action not served: {}", e.getMessage());
        return Problems.unavailable(
                5,
                "Write actions are temporarily unavailable",
                "Kafka or the workspace's data cannot be reached right now; nothing was changed. A prepared"
                        + " action stays confirmable with the same token and phrase until it expires.");
    }
}
