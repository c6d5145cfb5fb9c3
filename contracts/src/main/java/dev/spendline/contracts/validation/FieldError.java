package dev.spendline.contracts.validation;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One problem with one field of a request: a JSON Pointer (RFC 6901) into the request body and a
 * message a person can act on. Messages never echo a rejected value that may be a secret.
 */
public record FieldError(String pointer, String message) {

    /**
     * Escapes a JSON object key for use as one JSON Pointer reference token. An unpaired surrogate
     * in the key becomes U+FFFD so that the pointer itself can be written as UTF-8.
     */
    public static String escape(String key) {
        String valid = TextRules.FREE_TEXT.characterProblem(key) == null ? key : validUnicode(key);
        return valid.replace("~", "~0").replace("/", "~1");
    }

    private static String validUnicode(String key) {
        StringBuilder out = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < key.length() && Character.isLowSurrogate(key.charAt(i + 1))) {
                out.append(c).append(key.charAt(++i));
            } else {
                out.append(Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
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
