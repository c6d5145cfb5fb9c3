package dev.spendline.query.oauth;

import java.util.Map;
import java.util.function.Consumer;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationValidator;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;

/**
 * Checks an authorization request (after Spring's own checks of the client and of PKCE, which accept
 * only {@code S256}): the redirect URI is a registered one, loopback ports aside
 * ({@link RedirectUris#matches}); the scopes are the client's; and a {@code resource} (RFC 8707), if
 * sent, is the client's one resource ({@link OAuthUrls#resourceFor}: the MCP endpoint, or internal usage
 * ingest for the collector; {@code invalid_target} otherwise).
 */
final class AuthorizationRequests implements Consumer<OAuth2AuthorizationCodeRequestAuthenticationContext> {

    static final String RESOURCE = "resource";

    private final OAuthUrls urls;

    AuthorizationRequests(OAuthUrls urls) {
        this.urls = urls;
    }

    @Override
    public void accept(OAuth2AuthorizationCodeRequestAuthenticationContext context) {
        OAuth2AuthorizationCodeRequestAuthenticationToken request = context.getAuthentication();
        RegisteredClient client = context.getRegisteredClient();
        String redirectUri = request.getRedirectUri();
        if (redirectUri == null || redirectUri.isBlank()) {
            if (client.getRedirectUris().size() != 1) {
                // Not redirected: the client could not be told where.
                throw refused(OAuth2ErrorCodes.INVALID_REQUEST, "redirect_uri is required", request, null);
            }
        } else if (!RedirectUris.matches(redirectUri, client.getRedirectUris())) {
            throw refused(OAuth2ErrorCodes.INVALID_REQUEST, "redirect_uri is not registered", request, null);
        }
        OAuth2AuthorizationCodeRequestAuthenticationValidator.DEFAULT_SCOPE_VALIDATOR.accept(context);
        String target = redirectUri != null
                ? redirectUri
                : client.getRedirectUris().iterator().next();
        String resource = urls.resourceFor(client.getClientId());
        if (!resourceAccepted(request.getAdditionalParameters(), resource)) {
            throw refused("invalid_target", "The only resource of this client is " + resource, request, target);
        }
    }

    /** Whether the {@code resource} parameters of a request (none, one or several) all name {@code resource}. */
    static boolean resourceAccepted(Map<String, Object> parameters, String resource) {
        Object value = parameters.get(RESOURCE);
        if (value == null) {
            return true;
        }
        if (value instanceof String[] values) {
            for (String one : values) {
                if (!resource.equals(one)) {
                    return false;
                }
            }
            return true;
        }
        return resource.equals(value.toString());
    }

    private static OAuth2AuthorizationCodeRequestAuthenticationException refused(
            String code,
            String description,
            OAuth2AuthorizationCodeRequestAuthenticationToken request,
            String redirectTo) {
        OAuth2AuthorizationCodeRequestAuthenticationToken result =
                new OAuth2AuthorizationCodeRequestAuthenticationToken(
                        request.getAuthorizationUri(),
                        request.getClientId(),
                        (Authentication) request.getPrincipal(),
                        redirectTo,
                        request.getState(),
                        request.getScopes(),
                        request.getAdditionalParameters());
        result.setAuthenticated(true);
        return new OAuth2AuthorizationCodeRequestAuthenticationException(
                new OAuth2Error(code, description, "https://datatracker.ietf.org/doc/html/rfc6749#section-4.1.2.1"),
                result);
    }
}
