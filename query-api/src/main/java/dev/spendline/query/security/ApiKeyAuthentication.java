package dev.spendline.query.security;

import dev.spendline.controlplane.Principal;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/**
 * A request authenticated (or to be authenticated) by a workspace API key. Before
 * authentication it holds the presented secret; afterwards only the {@link Principal}: the secret
 * is not kept in the security context.
 */
public final class ApiKeyAuthentication extends AbstractAuthenticationToken {

    private final String secret;
    private final Principal principal;

    private ApiKeyAuthentication(String secret, Principal principal) {
        super(List.of());
        this.secret = secret;
        this.principal = principal;
        setAuthenticated(principal != null);
    }

    static ApiKeyAuthentication unauthenticated(String secret) {
        return new ApiKeyAuthentication(secret, null);
    }

    static ApiKeyAuthentication authenticated(Principal principal) {
        return new ApiKeyAuthentication(null, principal);
    }

    @Override
    public Object getCredentials() {
        return secret;
    }

    /** The workspace and key the request acts for. */
    @Override
    public Principal getPrincipal() {
        return principal;
    }
}
