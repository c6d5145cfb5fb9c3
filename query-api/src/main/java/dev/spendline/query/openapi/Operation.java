package dev.spendline.query.openapi;

import dev.spendline.contracts.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** One operation of the document (a path and a method), built in the order the reader meets it. */
final class Operation {

    private final ObjectNode node;

    Operation(ObjectNode node, String operationId, String tag, String summary) {
        this.node = node;
        node.putArray("tags").add(tag);
        node.put("operationId", operationId);
        node.put("summary", summary);
    }

    Operation description(String description) {
        node.put("description", description);
        return this;
    }

    /** One more way to authenticate (any one of them suffices): a scheme and the scopes it needs. */
    Operation security(String scheme, String... scopes) {
        ArrayNode alternatives = node.has("security") ? (ArrayNode) node.get("security") : node.putArray("security");
        ArrayNode needed = alternatives.addObject().putArray(scheme);
        for (String scope : scopes) {
            needed.add(scope);
        }
        return this;
    }

    /** No credential at all (overrides the document's default). */
    Operation open() {
        node.putArray("security");
        return this;
    }

    Operation pathParameter(String name, String description) {
        ObjectNode parameter = parameters().addObject();
        parameter.put("name", name).put("in", "path").put("required", true).put("description", description);
        parameter.putObject("schema").put("type", "string").put("minLength", 1);
        return this;
    }

    Operation queryParameter(String name, boolean required, String description, JsonNode schema) {
        ObjectNode parameter = parameters().addObject();
        parameter.put("name", name).put("in", "query").put("required", required);
        if (description != null) {
            parameter.put("description", description);
        }
        if (schema.path("type").asString("").equals("array")) {
            // Repeated parameters: exclude=feature:a&exclude=model:b (OpenAPI's default for query arrays).
            parameter.put("style", "form").put("explode", true);
        }
        parameter.set("schema", schema);
        return this;
    }

    Operation header(String name, boolean required, String description) {
        ObjectNode parameter = parameters().addObject();
        parameter
                .put("name", name)
                .put("in", "header")
                .put("required", required)
                .put("description", description);
        parameter.putObject("schema").put("type", "string");
        return this;
    }

    Operation body(String mediaType, JsonNode schema, String description) {
        ObjectNode body = node.putObject("requestBody");
        body.put("required", true);
        if (description != null) {
            body.put("description", description);
        }
        body.putObject("content").putObject(mediaType).set("schema", schema);
        return this;
    }

    /** A success answer with a body. */
    Operation answer(int status, String description, String mediaType, JsonNode schema) {
        ObjectNode response = responses().putObject(String.valueOf(status));
        response.put("description", description);
        response.putObject("content").putObject(mediaType).set("schema", schema);
        return this;
    }

    /** A success answer with a body and a response header. */
    Operation answer(int status, String description, String mediaType, JsonNode schema, String header, String about) {
        answer(status, description, mediaType, schema);
        ObjectNode headers = ((ObjectNode) responses().get(String.valueOf(status))).putObject("headers");
        ObjectNode h = headers.putObject(header);
        h.put("description", about);
        h.putObject("schema").put("type", "string");
        return this;
    }

    /** One more media type of the request body (an OTLP export in protobuf or JSON). */
    Operation alsoBody(String mediaType, JsonNode schema) {
        ((ObjectNode) node.get("requestBody").get("content"))
                .putObject(mediaType)
                .set("schema", schema);
        return this;
    }

    /** An answer whose body comes in one media type per request encoding (OTLP's protobuf and JSON). */
    Operation answer(int status, String description, java.util.Map<String, JsonNode> content) {
        ObjectNode response = responses().putObject(String.valueOf(status));
        response.put("description", description);
        ObjectNode types = response.putObject("content");
        content.forEach((mediaType, schema) -> types.putObject(mediaType).set("schema", schema));
        return this;
    }

    /** A success answer without a body (204, 302). */
    Operation answer(int status, String description) {
        responses().putObject(String.valueOf(status)).put("description", description);
        return this;
    }

    /** An answer described once under components/responses, with what it means here. */
    Operation refused(int status, String when) {
        responses().set(String.valueOf(status), OpenApiDocument.problemAnswer(status, when));
        return this;
    }

    Operation extension(String name, JsonNode value) {
        node.set("x-" + name, value);
        return this;
    }

    private ArrayNode parameters() {
        return node.has("parameters") ? (ArrayNode) node.get("parameters") : node.putArray("parameters");
    }

    private ObjectNode responses() {
        return node.has("responses") ? (ObjectNode) node.get("responses") : node.putObject("responses");
    }

    static ObjectNode newNode() {
        return Json.MAPPER.createObjectNode();
    }
}
