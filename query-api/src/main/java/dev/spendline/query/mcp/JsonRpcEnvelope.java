package dev.spendline.query.mcp;

import dev.spendline.contracts.json.Json;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

/**
 * Checks a POST to {@code /api/mcp} against JSON-RPC 2.0 and the shape MCP gives its requests,
 * before the SDK sees it. The SDK's transport answers malformed input with its exception serialized
 * (a Java stack trace) or fails on it with a 500; here each such message gets the JSON-RPC error the
 * specification names for it: -32700 when the body is not JSON, -32600 when it is not one request
 * object (a batch, a response, {@code null}, a wrong {@code jsonrpc} version, a missing method or an
 * id that is neither a string nor an integer), -32602 when the params are not what the method takes.
 * What passes is left to the SDK, whose own errors {@link McpEndpoint} still cleans.
 */
final class JsonRpcEnvelope {

    /** A refusal: the HTTP status, the request's id when it could be read, the JSON-RPC error. */
    record Refusal(int httpStatus, JsonNode id, int code, String message) {}

    /** A valid request: its id (null for a notification) and the parsed message. */
    record Message(JsonNode id, JsonNode node) {}

    private JsonRpcEnvelope() {}

    /** The message, or the refusal to answer with. */
    static Result check(byte[] body) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(body);
        } catch (JacksonException e) {
            return refused(400, null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the body is not valid JSON");
        }
        if (node == null || node.isMissingNode()) {
            return refused(400, null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the body is empty");
        }
        if (node.isArray()) {
            return invalid(null, "Invalid request: batches are not supported; send one request object per POST");
        }
        if (!node.isObject()) {
            return invalid(null, "Invalid request: the body must be one JSON-RPC request object");
        }
        JsonNode id = node.get("id");
        if (id != null && !(id.isString() || id.isIntegralNumber())) {
            return invalid(null, "Invalid request: id must be a string or an integer");
        }
        JsonNode version = node.get("jsonrpc");
        if (version == null || !version.isString() || !"2.0".equals(version.asString())) {
            return invalid(id, "Invalid request: jsonrpc must be \"2.0\"");
        }
        JsonNode method = node.get("method");
        if (method == null) {
            return invalid(
                    id,
                    node.has("result") || node.has("error")
                            ? "Invalid request: this server sends no requests, so it takes no responses"
                            : "Invalid request: method is required");
        }
        if (!method.isString() || method.asString().isEmpty()) {
            return invalid(id, "Invalid request: method must be a non-empty string");
        }
        JsonNode params = node.get("params");
        if (params != null && !params.isObject()) {
            return invalidParams(id, "Invalid params: params must be an object");
        }
        Optional<String> paramsProblem = paramsProblem(method.asString(), params);
        if (paramsProblem.isPresent()) {
            return invalidParams(id, "Invalid params: " + paramsProblem.get());
        }
        return new Result(new Message(id, node), null);
    }

    /** What the methods whose params the SDK reads without checking need. */
    private static Optional<String> paramsProblem(String method, JsonNode params) {
        switch (method) {
            case McpSchema.METHOD_TOOLS_CALL -> {
                if (params == null) {
                    return Optional.of("tools/call needs params with the tool's name");
                }
                JsonNode name = params.get("name");
                if (name == null || !name.isString() || name.asString().isEmpty()) {
                    return Optional.of("name must be the tool's name, a string");
                }
                JsonNode arguments = params.get("arguments");
                if (arguments != null && !arguments.isObject()) {
                    return Optional.of("arguments must be an object");
                }
                return Optional.empty();
            }
            case McpSchema.METHOD_INITIALIZE -> {
                if (params == null) {
                    return Optional.of("initialize needs params with protocolVersion, capabilities and clientInfo");
                }
                JsonNode version = params.get("protocolVersion");
                if (version == null || !version.isString()) {
                    return Optional.of("protocolVersion must be a string such as \"2025-11-25\"");
                }
                JsonNode capabilities = params.get("capabilities");
                if (capabilities != null && !capabilities.isObject()) {
                    return Optional.of("capabilities must be an object");
                }
                JsonNode client = params.get("clientInfo");
                if (client != null && !(client.isObject() && client.path("name").isString())) {
                    return Optional.of("clientInfo must be an object with a name");
                }
                return Optional.empty();
            }
            case McpSchema.METHOD_TOOLS_LIST -> {
                JsonNode cursor = params == null ? null : params.get("cursor");
                return cursor != null && !cursor.isString() && !cursor.isNull()
                        ? Optional.of("cursor must be a string")
                        : Optional.empty();
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    private static Result invalid(JsonNode id, String message) {
        return refused(400, id, McpSchema.ErrorCodes.INVALID_REQUEST, message);
    }

    /** To a request (it has an id) the answer is a JSON-RPC error like any other; a notification gets 400. */
    private static Result invalidParams(JsonNode id, String message) {
        return refused(id == null ? 400 : 200, id, McpSchema.ErrorCodes.INVALID_PARAMS, message);
    }

    private static Result refused(int status, JsonNode id, int code, String message) {
        return new Result(null, new Refusal(status, id == null ? NullNode.getInstance() : id, code, message));
    }

    /** Exactly one of the two is set. */
    record Result(Message message, Refusal refusal) {}
}
