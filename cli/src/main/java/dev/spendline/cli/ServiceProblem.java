package dev.spendline.cli;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Turns a non-2xx answer into one line and an exit code. The service answers problem+json with a
 * stable {@code code}, a {@code detail} and, for validation, {@code errors[]} of
 * {@code {pointer, message}}; the line carries all of them so nobody needs {@code --debug} to fix
 * their input.
 */
public final class ServiceProblem {

    private ServiceProblem() {}

    public static CliException of(ServiceClient.Reply reply) {
        JsonNode body = reply.json();
        String code = Json.text(body, "code");
        if (code == null) {
            code = reply.status() == 401 ? "unauthorized" : "http_" + reply.status();
        }
        JsonNode problem = body != null && body.isObject() ? body : Json.problem(code, "HTTP " + reply.status(), 0);
        return new CliException(exitCode(reply.status(), code), line(reply.status(), code, body), problem);
    }

    static int exitCode(int status, String code) {
        return switch (code) {
            case "plan_required" -> ExitCodes.PLAN;
            case "wrong_phrase", "expired", "unknown_token", "other_credential" -> ExitCodes.CONFIRMATION;
            default -> status == 401 ? ExitCodes.AUTH : ExitCodes.ERROR;
        };
    }

    private static String line(int status, String code, JsonNode body) {
        StringBuilder line = new StringBuilder();
        String detail = Json.text(body, "detail");
        if (status == 401) {
            line.append("The service refused the API key; run 'spendline auth login' with a valid SPENDLINE_API_KEY");
        } else if (detail != null) {
            line.append(detail);
        } else {
            line.append(
                    Json.text(body, "title") != null
                            ? Json.text(body, "title")
                            : "The service answered HTTP " + status);
        }
        List<String> errors = new ArrayList<>();
        if (body != null && body.path("errors").isArray()) {
            for (JsonNode error : body.get("errors")) {
                String pointer = Json.text(error, "pointer");
                String message = Json.text(error, "message");
                errors.add((pointer == null || pointer.isEmpty() ? "" : pointer + ": ") + message);
            }
        }
        if (!errors.isEmpty()) {
            line.append(" (").append(String.join("; ", errors)).append(')');
        }
        return line.append(" [")
                .append(code)
                .append(", HTTP ")
                .append(status)
                .append(']')
                .toString();
    }
}
