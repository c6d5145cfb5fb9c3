package dev.spendline.contracts.tools;

import dev.spendline.contracts.validation.FieldError;
import java.util.List;

/** A read tool's arguments have problems: every one of them, by argument name. Nothing was read. */
public final class InvalidArgumentsException extends IllegalArgumentException {

    private final transient List<FieldError> errors;

    public InvalidArgumentsException(List<FieldError> errors) {
        super(errors.size() + " problem(s) with the arguments: "
                + String.join(
                        "; ",
                        errors.stream()
                                .map(e -> e.pointer() + " " + e.message())
                                .toList()));
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }
}
