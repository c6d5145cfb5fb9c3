package dev.spendline.query.mcp;

import dev.spendline.controlplane.Principal;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.security.core.Authentication;

/**
 * Who calls a tool. Spring Security authenticated the request before it reached the transport
 * (the API-key chain, or the OAuth resource-server chain for {@code /api/mcp}); whichever it was,
 * its {@link Authentication}'s principal is the control plane's {@link Principal}. The SDK runs
 * tool handlers with an {@link McpTransportContext} built per request by {@link #context}, so
 * handlers read the caller from there ({@link #principal}) and never from a thread-local.
 */
final class Callers {

    /** The key of the caller's {@link Principal} in the transport context. */
    static final String PRINCIPAL = "spendline.principal";

    private Callers() {}

    /** The transport context of one HTTP request: its {@link Principal}, or nothing when there is none. */
    static McpTransportContext context(HttpServletRequest request) {
        Principal principal = principalOf(request);
        return principal == null ? McpTransportContext.EMPTY : McpTransportContext.create(Map.of(PRINCIPAL, principal));
    }

    private static Principal principalOf(HttpServletRequest request) {
        if (request.getUserPrincipal() instanceof Authentication authentication
                && authentication.isAuthenticated()
                && authentication.getPrincipal() instanceof Principal principal) {
            return principal;
        }
        return null;
    }

    /** The caller, or null outside a request (nothing in the context). */
    static Principal principalOrNull(McpTransportContext context) {
        return context == null ? null : context.get(PRINCIPAL) instanceof Principal p ? p : null;
    }

    /**
     * The caller of a tool. Always there behind the security chains; its absence means a chain
     * let an anonymous request through, which is refused rather than answered for no workspace.
     */
    static Principal principal(McpTransportContext context) {
        Principal principal = principalOrNull(context);
        if (principal == null) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_REQUEST)
                    .message("Not authenticated: send a workspace API key as 'Authorization: Bearer <API key>'")
                    .build();
        }
        return principal;
    }
}
