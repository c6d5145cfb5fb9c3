package dev.spendline.query.oauth;

import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.oauth.AccessTokenClaims;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.util.Collections;
import java.util.Locale;
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
 * {@code aud} is the client's one resource (RFC 8707, {@link OAuthUrls#resourceFor}: the MCP endpoint,
 * or internal usage ingest for the collector — whether or not the client sent {@code resource}; any
 * other {@code resource} at the token endpoint is {@code invalid_target}); {@code grant_id} is the grant
 * (the authorization's id), {@code workspace_id} and {@code workspace_name} the workspace the user chose
 * at consent, {@code email} (lower case) and {@code name} (when known) the user who gave the grant
 * ({@link AccessTokenClaims}). The last three are for the client to show; a resource trusts none of
 * them: it reads the grant from the database ({@code OAuthAccessTokens}).
 */
final class AccessTokens implements OAuth2TokenCustomizer<JwtEncodingContext> {

    private final OAuthUrls urls;
    private final OAuthGrantRepository grants;
    private final UserRepository users;
    private final WorkspaceRepository workspaces;

    AccessTokens(OAuthUrls urls, OAuthGrantRepository grants, UserRepository users, WorkspaceRepository workspaces) {
        this.urls = urls;
        this.grants = grants;
        this.users = users;
        this.workspaces = workspaces;
    }

    @Override
    public void customize(JwtEncodingContext context) {
        if (!OAuth2TokenType.ACCESS_TOKEN.equals(context.getTokenType())) {
            return;
        }
        String resource = urls.resourceFor(context.getRegisteredClient().getClientId());
        Authentication grant = context.getAuthorizationGrant();
        if (grant instanceof OAuth2AuthorizationGrantAuthenticationToken request
                && !AuthorizationRequests.resourceAccepted(request.getAdditionalParameters(), resource)) {
            throw new OAuth2AuthenticationException(
                    new OAuth2Error("invalid_target", "The only resource of this client is " + resource, null));
        }
        OAuth2Authorization authorization = context.getAuthorization();
        OAuthGrantRepository.Binding binding = authorization == null
                ? null
                : grants.find(authorization.getId()).orElse(null);
        User user = binding == null ? null : users.findById(binding.userId()).orElse(null);
        Workspace workspace = binding == null
                ? null
                : workspaces.findById(binding.workspaceId()).orElse(null);
        if (user == null || workspace == null) {
            throw new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_GRANT);
        }
        context.getClaims()
                .audience(Collections.singletonList(resource))
                .claim(AccessTokenClaims.GRANT_ID, binding.authorizationId())
                .claim(AccessTokenClaims.WORKSPACE_ID, binding.workspaceId())
                .claim(AccessTokenClaims.WORKSPACE_NAME, workspace.name())
                .claim(AccessTokenClaims.EMAIL, user.email().toLowerCase(Locale.ROOT));
        if (user.displayName() != null && !user.displayName().isBlank()) {
            context.getClaims().claim(AccessTokenClaims.NAME, user.displayName());
        }
    }
}
