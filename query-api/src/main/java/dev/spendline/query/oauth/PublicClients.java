package dev.spendline.query.oauth;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Public clients (no secret) at the token endpoint for the grants Spring authenticates only with a
 * secret or a PKCE verifier: {@code refresh_token} and {@code device_code}, at the device
 * authorization endpoint, and at the revocation endpoint (RFC 7009 §5: a public client revokes its own
 * tokens with its {@code client_id}; Spring still checks that the token is that client's). The client is identified by {@code client_id} alone, which is all a public
 * client has; what protects these grants is the refresh token or device code itself. The
 * authorization code grant is left to Spring's own public-client authentication, which checks PKCE.
 */
final class PublicClients {

    /** Marks a request this converter made, so the provider never takes another converter's token. */
    private static final String MARKER = PublicClients.class.getName();

    private PublicClients() {}

    static AuthenticationConverter converter(String deviceAuthorizationEndpoint, String revocationEndpoint) {
        return (HttpServletRequest request) -> {
            if (!"POST".equals(request.getMethod())
                    || request.getHeader(HttpHeaders.AUTHORIZATION) != null
                    || request.getParameter(OAuth2ParameterNames.CLIENT_SECRET) != null
                    || request.getParameter("client_assertion") != null) {
                return null;
            }
            String grantType = request.getParameter(OAuth2ParameterNames.GRANT_TYPE);
            boolean deviceAuthorization = request.getRequestURI().endsWith(deviceAuthorizationEndpoint)
                    || request.getRequestURI().endsWith(revocationEndpoint);
            if (!deviceAuthorization
                    && !AuthorizationGrantType.REFRESH_TOKEN.getValue().equals(grantType)
                    && !AuthorizationGrantType.DEVICE_CODE.getValue().equals(grantType)) {
                return null;
            }
            String[] clientIds = request.getParameterValues(OAuth2ParameterNames.CLIENT_ID);
            if (clientIds == null || clientIds.length != 1 || clientIds[0].isBlank()) {
                throw new OAuth2AuthenticationException(OAuth2ErrorCodes.INVALID_REQUEST);
            }
            return new OAuth2ClientAuthenticationToken(
                    clientIds[0], ClientAuthenticationMethod.NONE, null, Map.of(MARKER, true));
        };
    }

    static AuthenticationProvider provider(RegisteredClientRepository clients) {
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) {
                OAuth2ClientAuthenticationToken token = (OAuth2ClientAuthenticationToken) authentication;
                if (!ClientAuthenticationMethod.NONE.equals(token.getClientAuthenticationMethod())
                        || !Boolean.TRUE.equals(token.getAdditionalParameters().get(MARKER))) {
                    return null;
                }
                RegisteredClient client = clients.findByClientId(String.valueOf(token.getPrincipal()));
                if (client == null
                        || !client.getClientAuthenticationMethods().contains(ClientAuthenticationMethod.NONE)) {
                    throw new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_CLIENT));
                }
                return new OAuth2ClientAuthenticationToken(client, ClientAuthenticationMethod.NONE, null);
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return OAuth2ClientAuthenticationToken.class.isAssignableFrom(authentication);
            }
        };
    }
}
