package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import java.util.Collections;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationGrantAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;

/**
 * The claims of an access token (a JWT signed with the key in the control-plane database):
 * {@code aud} is the MCP endpoint (RFC 8707: the only resource, whether or not the client sent
 * {@code resource}; any other {@code resource} at the token endpoint is {@code invalid_target}),
 * {@value #GRANT_CLAIM} is the grant (the authorization's id) and {@value #WORKSPACE_CLAIM} the
 * workspace the user chose at consent. The resource server trusts neither claim alone: it reads the
 * grant from the database on every request, so a revoked grant stops at once.
 */
final class AccessTokens implements OAuth2TokenCustomizer<JwtEncodingContext> {

    static final String GRANT_CLAIM = "grant_id";
    static final String WORKSPACE_CLAIM = "workspace_id";

    private final OAuthUrls urls;
    private final OAuthGrantRepository grants;

    AccessTokens(OAuthUrls urls, OAuthGrantRepository grants) {
        this.urls = urls;
        this.grants = grants;
    }

    @Override
    public void customize(JwtEncodingContext context) {
        if (!OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
            return;
        }
        String resource = urls.resource();
        Authentication grant = context.getAuthorizationGrant();
        if (grant instanceof OAuth2AuthorizationGrantAuthenticationToken request
                && !AuthorizationRequests.resourceAccepted(request.getAdditionalParameters(), resource)) {
            throw new OAuth2AuthenticationException(
                    new OAuth2Error("invalid_target", "The only resource is " + resource, null));
        }
        OAuth2Authorization authorization = context.getAuthorization();
        OAuthGrantRepository.Binding binding = authorization == null
                ? null
                : grants.find(authorization.getId()).orElse(null);
        if (binding == null) {
            throw new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_GRANT);
        }
        context.getClaims()
                .audience(Collections.singletonList(resource))
                .claim(GRANT_CLAIM, binding.authorizationId())
                .claim(WORKSPACE_CLAIM, binding.workspaceId());
    }
}
