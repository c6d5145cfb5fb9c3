package dev.spendline.contracts.validation;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One problem with one field of a request: a JSON Pointer (RFC 6901) into the request body and a
 * message a person can act on. Messages never echo a rejected value that may be a secret.
 */
public record FieldError(String pointer, String message) {

    /** Escapes a JSON object key for use as one JSON Pointer reference token. */
    public static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    /** One error for each property of {@code object} that is not one of {@code fields}, naming those that are. */
    public static List<FieldError> unknownFields(JsonNode object, List<String> fields) {
        List<FieldError> errors = new ArrayList<>();
        for (String name : object.propertyNames()) {
            if (!fields.contains(name)) {
                errors.add(new FieldError(
                        "/" + escape(name), "is not a field; the fields are " + String.join(", ", fields)));
            }
        }
        return errors;
    }
}
