package dev.spendline.query.mcp;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The results of tool calls: an answer as {@code structuredContent} with the same JSON in a text
 * block (MCP asks for a text equivalent, and a model reads JSON well), or a domain refusal as a
 * tool error ({@code isError}) whose text is the HTTP API's problem, with its {@code code}.
 */
final class ToolResults {

    private final JsonMapper web;

    /**
     * @param web the application's JSON mapper, the one Spring MVC writes REST answers with, so a
     *     tool's structured content is exactly its REST report's body
     */
    ToolResults(JsonMapper web) {
        this.web = web;
    }

    /**
     * An answer record as the REST API serializes it. Written by the web mapper, then read back
     * with {@link Json#MAPPER} (decimals as {@code BigDecimal}), so money keeps its exact digits
     * on the way through the MCP transport's own mapper.
     */
    CallToolResult answer(Object record) {
        return answer(json(record));
    }

    /** A record as the REST API writes it, as a tree with exact decimals. */
    JsonNode json(Object record) {
        return Json.MAPPER.readTree(web.writeValueAsBytes(record));
    }

    CallToolResult answer(JsonNode structured) {
        return answer(structured, Json.MAPPER.writeValueAsString(structured));
    }

    /** An answer with its own words for the model; the structured content is the whole answer. */
    CallToolResult answer(JsonNode structured, String text) {
        return CallToolResult.builder()
                .structuredContent(structured)
                .addTextContent(text)
                .isError(false)
                .build();
    }

    /**
     * A refusal as a tool error: the problem body of the HTTP API without its HTTP members, {@code
     * {code, title, detail, errors?}}, as JSON in the text block, so a model can correct the call
     * or tell the person why and a program can read the code.
     *
     * <p>Why not as {@code structuredContent}: every tool declares an output schema, and strict
     * clients check structured content against it even on errors (the official TypeScript SDK
     * 1.32 does, and then throws away the whole result), so a refusal there would reach no one.
     */
    static CallToolResult refusal(ProblemException problem) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("code", problem.code());
        body.put("title", problem.title());
        body.put("detail", problem.detail());
        if (!problem.errors().isEmpty()) {
            ArrayNode errors = body.putArray("errors");
            for (FieldError e : problem.errors()) {
                errors.addObject().put("pointer", e.pointer()).put("message", e.message());
            }
        }
        return CallToolResult.builder()
                .addTextContent(Json.MAPPER.writeValueAsString(body))
                .isError(true)
                .build();
    }
}
