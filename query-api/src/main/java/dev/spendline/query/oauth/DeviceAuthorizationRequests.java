package dev.spendline.query.oauth;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationRequestAuthenticationToken;

/**
 * The device authorization request's {@code resource} (RFC 8707), checked as the authorization
 * endpoint checks it ({@link AuthorizationRequests}): none, or the client's one resource
 * ({@link OAuthUrls#resourceFor}); anything else is {@code invalid_target} before a code is issued.
 * Spring's device authorization provider passes the parameter through unchecked.
 */
final class DeviceAuthorizationRequests {

    private DeviceAuthorizationRequests() {}

    /** Wraps Spring's device authorization provider; other providers are returned as they are. */
    static AuthenticationProvider checkingResource(AuthenticationProvider provider, OAuthUrls urls) {
        if (!provider.supports(OAuth2DeviceAuthorizationRequestAuthenticationToken.class)) {
            return provider;
        }
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) {
                if (authentication instanceof OAuth2DeviceAuthorizationRequestAuthenticationToken request
                        && request.getPrincipal() instanceof OAuth2ClientAuthenticationToken client
                        && client.getRegisteredClient() != null) {
                    String resource =
                            urls.resourceFor(client.getRegisteredClient().getClientId());
                    if (!AuthorizationRequests.resourceAccepted(request.getAdditionalParameters(), resource)) {
                        throw new OAuth2AuthenticationException(new OAuth2Error(
                                "invalid_target",
                                "The only resource of this client is " + resource,
                                "https://datatracker.ietf.org/doc/html/rfc8707#section-2"));
                    }
                }
                return provider.authenticate(authentication);
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return provider.supports(authentication);
            }
        };
    }
}
