package dev.spendline.query.mcp;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * DNS-rebinding protection for {@code /api/mcp} (MCP's streamable HTTP transport: "servers MUST
 * validate the Origin header"): a request whose {@code Origin} is present and not on the
 * allow-list ({@link McpProperties}) is refused with 403 {@code origin_not_allowed} as
 * problem+json, like every other refusal of the HTTP API. A request without {@code Origin} (CLI
 * tools, IDE agents, servers: anything that is not a web page) passes.
 *
 * <p>A servlet filter registered ahead of Spring Security, not inside the SDK transport: the MCP
 * spec wants the 403 for a foreign page whatever its credentials, and here it comes before a 401
 * or the authentication work. The matching (exact origins, {@code :*} for any port) is the SDK's.
 */
final class OriginCheck extends OncePerRequestFilter {

    private static final ProblemException REFUSED = new ProblemException(
            403,
            "origin_not_allowed",
            "Origin not allowed",
            "A web page may call /api/mcp only from an allowed origin (spendline.mcp.allowed-origins); this"
                    + " request's Origin header is not one of them. Clients that are not web pages send no Origin.");

    private final ServerTransportSecurityValidator origins;

    OriginCheck(List<String> allowedOrigins) {
        this.origins = DefaultServerTransportSecurityValidator.builder()
                .allowedOrigins(allowedOrigins)
                .build();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String origin = request.getHeader(HttpHeaders.ORIGIN);
        if (origin != null && !allowed(origin)) {
            response.setStatus(REFUSED.status());
            response.setContentType(ProblemJson.MEDIA_TYPE);
            response.getOutputStream().write(ProblemJson.render(REFUSED));
            return;
        }
        chain.doFilter(request, response);
    }

    boolean allowed(String origin) {
        try {
            origins.validateHeaders(Map.of(HttpHeaders.ORIGIN, List.of(origin)));
            return true;
        } catch (ServerTransportSecurityException e) {
            return false;
        }
    }
}
