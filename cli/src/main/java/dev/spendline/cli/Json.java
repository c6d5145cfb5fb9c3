package dev.spendline.cli;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one JSON mapper of the CLI. Built lazily: {@code --help} and {@code --version} never load
 * Jackson, which keeps start-up short.
 */
public final class Json {

    private Json() {}

    private static final class Holder {
        static final JsonMapper MAPPER =
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    }

    public static JsonMapper mapper() {
        return Holder.MAPPER;
    }

    public static ObjectNode object() {
        return mapper().createObjectNode();
    }

    /** Parses {@code text}; null when it is not JSON (an HTML error page of a proxy, say). */
    public static JsonNode parseOrNull(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return mapper().readTree(text);
        } catch (JacksonException e) {
            return null;
        }
    }

    public static String write(Object value) {
        return mapper().writeValueAsString(value);
    }

    /** A problem made by the CLI itself, shaped like the service's problem+json. */
    public static ObjectNode problem(String code, String detail, int exitCode) {
        ObjectNode problem = object();
        problem.put("code", code);
        problem.put("detail", detail);
        problem.put("exitCode", exitCode);
        return problem;
    }

    /** The field as text; null when the node or the field is missing or JSON null. */
    public static String text(JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
