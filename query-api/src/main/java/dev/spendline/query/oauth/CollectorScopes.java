package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.FirstPartyClients;
import java.util.Set;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationRequestAuthenticationToken;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * The collector's default scope (RFC 6749 §3.3: a server may use a pre-defined value when the client
 * omits {@code scope}): an authorization or device authorization request of
 * {@value FirstPartyClients#COLLECTOR_CLIENT_ID} without {@code scope} asks for
 * {@value FirstPartyClients#USAGE_WRITE_SCOPE}, its only scope, so that its tokens are usable on
 * ingest. Other clients, and requests that name scopes, are left as they are.
 */
final class CollectorScopes {

    private static final Set<String> DEFAULT = Set.of(FirstPartyClients.USAGE_WRITE_SCOPE);

    private CollectorScopes() {}

    /** Wraps the authorization endpoint's request converters (Spring's providers must stay unwrapped there). */
    static AuthenticationConverter defaulting(AuthenticationConverter converter) {
        return request -> {
            Authentication converted = converter.convert(request);
            return converted == null ? null : withDefault(converted);
        };
    }

    /** Wraps Spring's device authorization provider. */
    static AuthenticationProvider defaulting(AuthenticationProvider provider) {
        if (!provider.supports(OAuth2DeviceAuthorizationRequestAuthenticationToken.class)) {
            return provider;
        }
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) {
                return provider.authenticate(withDefault(authentication));
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return provider.supports(authentication);
            }
        };
    }

    private static Authentication withDefault(Authentication authentication) {
        if (authentication instanceof OAuth2AuthorizationCodeRequestAuthenticationToken request
                && request.getAuthorizationCode() == null
                && FirstPartyClients.COLLECTOR_CLIENT_ID.equals(request.getClientId())
                && request.getScopes().isEmpty()) {
            return new OAuth2AuthorizationCodeRequestAuthenticationToken(
                    request.getAuthorizationUri(),
                    request.getClientId(),
                    (Authentication) request.getPrincipal(),
                    request.getRedirectUri(),
                    request.getState(),
                    DEFAULT,
                    request.getAdditionalParameters());
        }
        if (authentication instanceof OAuth2DeviceAuthorizationRequestAuthenticationToken request
                && request.getDeviceCode() == null
                && request.getPrincipal() instanceof OAuth2ClientAuthenticationToken client
                && client.getRegisteredClient() != null
                && FirstPartyClients.COLLECTOR_CLIENT_ID.equals(
                        client.getRegisteredClient().getClientId())
                && request.getScopes().isEmpty()) {
            return new OAuth2DeviceAuthorizationRequestAuthenticationToken(
                    client, request.getAuthorizationUri(), DEFAULT, request.getAdditionalParameters());
        }
        return authentication;
    }
}
