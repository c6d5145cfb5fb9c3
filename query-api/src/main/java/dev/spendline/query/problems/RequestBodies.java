package dev.spendline.query.problems;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the JSON body of a settings or action request the same way everywhere: an unreadable body
 * is one problem at pointer {@code ""}, added to the caller's list, so its answer can list it like
 * any other.
 */
public final class RequestBodies {

    public static final String NOT_JSON = "the body is not valid JSON";

    private RequestBodies() {}

    /** The body's JSON; null when the body is empty, or when it is not JSON ({@link #NOT_JSON} added). */
    public static JsonNode parse(byte[] body, List<FieldError> errors) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(body);
        } catch (JacksonException e) {
            errors.add(new FieldError("", NOT_JSON));
            return null;
        }
    }

    /**
     * The body as a JSON object; null, with the problem added, when it is empty, not JSON, or not an
     * object ("the body must be a JSON object like {@code example}").
     */
    public static ObjectNode object(byte[] body, String example, List<FieldError> errors) {
        int before = errors.size();
        JsonNode node = parse(body, errors);
        if (errors.size() > before) {
            return null;
        }
        if (node == null || !node.isObject()) {
            errors.add(new FieldError("", "the body must be a JSON object like " + example));
            return null;
        }
        return (ObjectNode) node;
    }
}
