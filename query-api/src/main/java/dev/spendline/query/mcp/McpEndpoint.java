package dev.spendline.query.mcp;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;

/**
 * The servlet at {@code /api/mcp}: POST goes to the SDK's stateless streamable-HTTP transport; any
 * other method is 405 with {@code Allow: POST}. Stateless means no server-sent event stream (GET)
 * and no session to end (DELETE); the SDK answers GET with a bare 405 and DELETE not at all, and
 * clients read the {@code Allow} header, so this servlet answers them itself.
 */
final class McpEndpoint extends HttpServlet {

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
        if ("POST".equals(request.getMethod())) {
            transport.service(request, response);
            return;
        }
        response.setStatus(METHOD_NOT_ALLOWED.status());
        response.setHeader(HttpHeaders.ALLOW, "POST");
        response.setContentType(ProblemJson.MEDIA_TYPE);
        response.getOutputStream().write(ProblemJson.render(METHOD_NOT_ALLOWED));
    }

    @Override
    public void destroy() {
        transport.destroy();
        super.destroy();
    }
}
