package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2TokenRevocationAuthenticationToken;

/**
 * A client revoking its refresh token at {@code /oauth2/revoke} (the collector's {@code uninstall},
 * an MCP client signing out) ends its grant: after Spring invalidated the tokens, the grant is
 * deleted as a revoke in settings deletes it, so it no longer shows under Connected clients. Revoking
 * only an access token leaves the grant (the client can still refresh), as RFC 7009 intends.
 */
final class RevokedGrants {

    private RevokedGrants() {}

    /** Wraps Spring's revocation provider; other providers are returned as they are. */
    static AuthenticationProvider deleting(
            AuthenticationProvider provider, OAuth2AuthorizationService authorizations, OAuthGrantRepository grants) {
        if (!provider.supports(OAuth2TokenRevocationAuthenticationToken.class)) {
            return provider;
        }
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) {
                OAuth2Authorization before = authentication instanceof OAuth2TokenRevocationAuthenticationToken request
                        ? authorizations.findByToken(request.getToken(), null)
                        : null;
                Authentication result = provider.authenticate(authentication);
                // Spring refused a token of another client with an exception, so here it was the caller's.
                if (before != null
                        && before.getRefreshToken() != null
                        && before.getRefreshToken()
                                .getToken()
                                .getTokenValue()
                                .equals(((OAuth2TokenRevocationAuthenticationToken) authentication).getToken())) {
                    grants.revoke(before.getId());
                }
                return result;
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return provider.supports(authentication);
            }
        };
    }
}
