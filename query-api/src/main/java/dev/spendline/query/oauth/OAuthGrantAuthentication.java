package dev.spendline.query.oauth;

import dev.spendline.controlplane.Principal;
import java.util.List;
import java.util.Objects;
import org.springframework.security.authentication.AbstractAuthenticationToken;

/**
 * A request to the MCP endpoint authenticated by an OAuth access token. Its principal is the
 * {@link Principal} every read tool and write action takes — the grant's workspace, the credential
 * {@code oauth_grant:<grant id>} and the workspace's plan — as an API key's is; the token itself is
 * not kept in the security context.
 */
public final class OAuthGrantAuthentication extends AbstractAuthenticationToken {

    private final Principal principal;
    private final String userId;

    OAuthGrantAuthentication(Principal principal, String userId) {
        super(List.of());
        this.principal = Objects.requireNonNull(principal, "principal");
        this.userId = Objects.requireNonNull(userId, "userId");
        setAuthenticated(true);
    }

    @Override
    public Principal getPrincipal() {
        return principal;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    /** The user who gave the grant (the token's {@code sub}). */
    public String userId() {
        return userId;
    }

    @Override
    public String getName() {
        return principal.credential().reference();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OAuthGrantAuthentication that
                && principal.equals(that.principal)
                && userId.equals(that.userId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(principal, userId);
    }
}
