package dev.spendline.query.action;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;
import org.springframework.http.HttpStatus;

/** A refusal of the action endpoints, rendered as problem+json exactly as given. */
final class ActionProblem extends RuntimeException {

    private final HttpStatus status;
    private final String code;
    private final String title;
    private final List<FieldError> errors;

    ActionProblem(HttpStatus status, String code, String title, String detail, List<FieldError> errors) {
        super(detail, null, false, false);
        this.status = status;
        this.code = code;
        this.title = title;
        this.errors = List.copyOf(errors);
    }

    ActionProblem(HttpStatus status, String code, String title, String detail) {
        this(status, code, title, detail, List.of());
    }

    HttpStatus status() {
        return status;
    }

    String code() {
        return code;
    }

    String title() {
        return title;
    }

    List<FieldError> errors() {
        return errors;
    }
}
