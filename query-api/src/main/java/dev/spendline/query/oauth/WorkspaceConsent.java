package dev.spendline.query.oauth;

import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import java.util.function.Consumer;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceVerificationAuthenticationToken;

/**
 * Binds a grant to the workspace the user picked on the consent page (the form's {@value #PARAMETER}
 * field). As the consent customizer it accepts the choice only if the signed-in user is a member of
 * that workspace — no choice (the Cancel button) or someone else's workspace leaves the consent
 * empty, which Spring answers with {@code access_denied}. As a decorator of Spring's consent providers
 * (authorization code and device) it records the grant with its workspace once the consent succeeded.
 */
final class WorkspaceConsent implements Consumer<OAuth2AuthorizationConsentAuthenticationContext> {

    /** The consent form's field naming the chosen workspace. */
    static final String PARAMETER = "workspace";

    /** The consent's authority naming the workspace last chosen for the client. */
    static final String AUTHORITY_PREFIX = "WORKSPACE_";

    private static final OAuth2TokenType CODE = new OAuth2TokenType(OAuth2ParameterNames.CODE);
    private static final OAuth2TokenType USER_CODE = new OAuth2TokenType(OAuth2ParameterNames.USER_CODE);

    private final MembershipRepository memberships;
    private final OAuthGrantRepository grants;
    private final OAuth2AuthorizationService authorizations;

    WorkspaceConsent(
            MembershipRepository memberships, OAuthGrantRepository grants, OAuth2AuthorizationService authorizations) {
        this.memberships = memberships;
        this.grants = grants;
        this.authorizations = authorizations;
    }

    @Override
    public void accept(OAuth2AuthorizationConsentAuthenticationContext context) {
        OAuth2AuthorizationConsentAuthenticationToken consent = context.getAuthentication();
        String workspace = chosenWorkspace(consent);
        String userId = context.getAuthorization().getPrincipalName();
        if (workspace == null || memberships.find(workspace, userId).isEmpty()) {
            // Denied: an empty consent makes Spring answer access_denied and drop the request.
            context.getAuthorizationConsent().authorities(authorities -> authorities.clear());
            return;
        }
        context.getAuthorizationConsent().authorities(authorities -> {
            authorities.removeIf(a -> a.getAuthority().startsWith(AUTHORITY_PREFIX));
            authorities.add(new SimpleGrantedAuthority(AUTHORITY_PREFIX + workspace));
        });
    }

    /** Wraps one of Spring's consent providers so that a successful consent is recorded as a grant. */
    AuthenticationProvider recording(AuthenticationProvider consentProvider) {
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) throws AuthenticationException {
                Authentication result = consentProvider.authenticate(authentication);
                if (result == null) {
                    return null;
                }
                OAuth2Authorization authorization = null;
                if (result instanceof OAuth2AuthorizationCodeRequestAuthenticationToken code
                        && code.getAuthorizationCode() != null) {
                    authorization = authorizations.findByToken(
                            code.getAuthorizationCode().getTokenValue(), CODE);
                } else if (result instanceof OAuth2DeviceVerificationAuthenticationToken device) {
                    authorization = authorizations.findByToken(device.getUserCode(), USER_CODE);
                }
                if (authorization == null) {
                    throw new OAuth2AuthenticationException(OAuth2ErrorCodes.SERVER_ERROR);
                }
                grants.record(
                        authorization.getId(),
                        chosenWorkspace((OAuth2AuthorizationConsentAuthenticationToken) authentication),
                        authorization.getPrincipalName(),
                        authorization.getRegisteredClientId());
                return result;
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return consentProvider.supports(authentication);
            }
        };
    }

    private static String chosenWorkspace(OAuth2AuthorizationConsentAuthenticationToken consent) {
        Object value = consent.getAdditionalParameters().get(PARAMETER);
        return value instanceof String workspace && !workspace.isBlank() ? workspace : null;
    }
}
