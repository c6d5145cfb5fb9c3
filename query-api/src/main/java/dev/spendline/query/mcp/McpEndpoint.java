package dev.spendline.query.mcp;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.query.limits.ReadBodyRequest;
import dev.spendline.query.problems.ProblemHandler;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.util.ContentCachingResponseWrapper;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The servlet at {@code /api/mcp}: POST goes to the SDK's stateless streamable-HTTP transport; any
 * other method is 405 with {@code Allow: POST}. Stateless means no server-sent event stream (GET)
 * and no session to end (DELETE); the SDK answers GET with a bare 405 and DELETE not at all, and
 * clients read the {@code Allow} header, so this servlet answers them itself.
 *
 * <p>Around the SDK, so that no answer carries internals: the message is checked first ({@link
 * JsonRpcEnvelope}: -32700, -32600, -32602), and what the SDK answers is checked after. The SDK
 * serializes its own exceptions whole into some error answers (stack frames, class names); those
 * become a plain JSON-RPC error object, and an internal error (-32603) that is not one of ours
 * (ours carry {@code data.code}) becomes an incident id, logged with the SDK's message. A failure
 * thrown out of the SDK is such an incident too.
 */
final class McpEndpoint extends HttpServlet {

    private static final Logger log = LoggerFactory.getLogger(McpEndpoint.class);

    private static final ProblemException METHOD_NOT_ALLOWED = new ProblemException(
            405,
            "method_not_allowed",
            "Method not allowed",
            "This path does not take this method; it takes POST (MCP's streamable HTTP transport, stateless:"
                    + " no event stream, no session)");

    private final transient HttpServletStatelessServerTransport transport;

    McpEndpoint(HttpServletStatelessServerTransport transport) {
        this.transport = transport;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
        super.init(config);
        transport.init(config);
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        if (!"POST".equals(request.getMethod())) {
            response.setStatus(METHOD_NOT_ALLOWED.status());
            response.setHeader(HttpHeaders.ALLOW, "POST");
            response.setContentType(ProblemJson.MEDIA_TYPE);
            response.getOutputStream().write(ProblemJson.render(METHOD_NOT_ALLOWED));
            return;
        }
        // The body limit filter let at most this through; read it whole to check it.
        byte[] body = request.getInputStream().readNBytes(McpConfiguration.MAX_REQUEST_BYTES + 1);
        if (body.length > McpConfiguration.MAX_REQUEST_BYTES) {
            ProblemException tooLarge = ProblemHandler.bodyTooLarge(McpConfiguration.MAX_REQUEST_BYTES);
            response.setStatus(tooLarge.status());
            response.setContentType(ProblemJson.MEDIA_TYPE);
            response.getOutputStream().write(ProblemJson.render(tooLarge));
            return;
        }
        JsonRpcEnvelope.Result checked = JsonRpcEnvelope.check(body);
        if (checked.refusal() != null) {
            JsonRpcEnvelope.Refusal refusal = checked.refusal();
            writeError(response, refusal.httpStatus(), refusal.id(), refusal.code(), refusal.message());
            return;
        }
        JsonNode id = checked.message().id() == null
                ? NullNode.getInstance()
                : checked.message().id();
        ContentCachingResponseWrapper answer = new ContentCachingResponseWrapper(response);
        try {
            transport.service(new ReadBodyRequest(request, body), answer);
        } catch (IOException | ServletException | RuntimeException e) {
            ProblemException incident = Incidents.record(log, "POST " + McpConfiguration.PATH, e, "");
            response.reset();
            writeError(response, 500, id, McpSchema.ErrorCodes.INTERNAL_ERROR, internalMessage(incident));
            return;
        }
        cleaned(answer, response, id);
    }

    /** Copies the SDK's answer, or its clean replacement when it carries internals. */
    private static void cleaned(ContentCachingResponseWrapper answer, HttpServletResponse response, JsonNode id)
            throws IOException {
        byte[] content = answer.getContentAsByteArray();
        JsonNode node = content.length == 0 || !isJson(answer.getContentType()) ? null : parse(content);
        if (node != null && node.has("jsonRpcError")) {
            // An McpError serialized whole: keep its code and message only.
            JsonNode error = node.get("jsonRpcError");
            int code = error.path("code").asInt(McpSchema.ErrorCodes.INTERNAL_ERROR);
            String message = error.path("message").asString("Invalid request");
            int status = answer.getStatus();
            if (code == McpSchema.ErrorCodes.INTERNAL_ERROR || status >= 500) {
                message = internalMessage(incident(message));
            }
            response.reset();
            writeError(response, status, id, code, message);
            return;
        }
        JsonNode error = node == null ? null : node.get("error");
        if (error != null
                && error.path("code").asInt() == McpSchema.ErrorCodes.INTERNAL_ERROR
                && !error.path("data").has("code")) {
            int status = answer.getStatus();
            String message = internalMessage(incident(error.path("message").asString("")));
            response.reset();
            writeError(
                    response,
                    status,
                    node.has("id") ? node.get("id") : id,
                    McpSchema.ErrorCodes.INTERNAL_ERROR,
                    message);
            return;
        }
        answer.copyBodyToResponse();
    }

    private static ProblemException incident(String sdkMessage) {
        return Incidents.record(
                log, "POST " + McpConfiguration.PATH, new IllegalStateException("MCP SDK: " + sdkMessage), "");
    }

    private static String internalMessage(ProblemException incident) {
        return "Internal error: the request failed on our side; retry later and quote incident "
                + incident.members().get("incident") + " if it keeps failing";
    }

    private static boolean isJson(String contentType) {
        try {
            return contentType != null
                    && MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(contentType));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static JsonNode parse(byte[] content) {
        try {
            return Json.MAPPER.readTree(content);
        } catch (JacksonException e) {
            return null;
        }
    }

    static void writeError(HttpServletResponse response, int status, JsonNode id, int code, String message)
            throws IOException {
        ObjectNode answer = Json.MAPPER.createObjectNode();
        answer.put("jsonrpc", "2.0");
        answer.set("id", id == null ? NullNode.getInstance() : id);
        ObjectNode error = answer.putObject("error");
        error.put("code", code);
        error.put("message", message);
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(Json.MAPPER.writeValueAsBytes(answer));
    }

    @Override
    public void destroy() {
        transport.destroy();
        super.destroy();
    }
}
