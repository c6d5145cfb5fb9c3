package dev.spendline.contracts.problem;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every Spendline error body: RFC 9457 problem details with a stable {@code code} that clients
 * branch on and, for validation, {@code errors: [{pointer, message}]}. One renderer, so the
 * gateway, the query API and the security layer answer in exactly the same shape.
 */
public final class ProblemJson {

    public static final String MEDIA_TYPE = "application/problem+json";
    public static final String TYPE_BASE = "https://spendline.dev/problems/";

    private ProblemJson() {}

    /** The body of {@code problem}: the standard members, {@code code}, its extension members and errors. */
    public static byte[] render(ProblemException problem) {
        return render(
                problem.status(),
                problem.code(),
                problem.title(),
                problem.detail(),
                problem.errors(),
                problem.members());
    }

    public static byte[] render(int status, String code, String title, String detail, List<FieldError> errors) {
        return render(status, code, title, detail, errors, Map.of());
    }

    private static byte[] render(
            int status,
            String code,
            String title,
            String detail,
            List<FieldError> errors,
            Map<String, String> members) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("type", TYPE_BASE + code);
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        body.put("code", code);
        members.forEach(body::put);
        if (errors != null && !errors.isEmpty()) {
            ArrayNode list = body.putArray("errors");
            for (FieldError e : errors) {
                list.addObject().put("pointer", e.pointer()).put("message", e.message());
            }
        }
        return Json.MAPPER.writeValueAsBytes(body);
    }
}
