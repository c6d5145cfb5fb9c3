package dev.spendline.contracts.validation;

/**
 * One problem with one field of a request: a JSON Pointer (RFC 6901) into the request body and a
 * message a person can act on. Messages never echo a rejected value that may be a secret.
 */
public record FieldError(String pointer, String message) {

    /** Escapes a JSON object key for use as one JSON Pointer reference token. */
    public static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
