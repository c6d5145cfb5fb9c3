package dev.spendline.query.oauth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Membership;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import java.time.Duration;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;

/**
 * Turns a valid access token (signature, issuer, audience and expiry already checked by the decoder)
 * into the request's {@link Principal}, after checking in the database, on every request, that the
 * token's grant still exists, that the token is the grant's current one and not revoked (so a revoke
 * in settings or at the revocation endpoint, and a refresh, take effect at once), and that its user is
 * still a member of the grant's workspace. The workspace and plan come from the database, never from
 * the token alone.
 */
final class GrantCheck implements Converter<Jwt, AbstractAuthenticationToken> {

    /** Last use is written at most this often per grant. */
    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    private final OAuth2AuthorizationService authorizations;
    private final OAuthGrantRepository grants;
    private final MembershipRepository memberships;
    private final Cache<String, Boolean> recentlyTouched = Caffeine.newBuilder()
            .expireAfterWrite(TOUCH_INTERVAL)
            .maximumSize(100_000)
            .build();

    GrantCheck(
            OAuth2AuthorizationService authorizations, OAuthGrantRepository grants, MembershipRepository memberships) {
        this.authorizations = authorizations;
        this.grants = grants;
        this.memberships = memberships;
    }

    @Override
    public AbstractAuthenticationToken convert(Jwt jwt) {
        String grantId = jwt.getClaimAsString(AccessTokens.GRANT_CLAIM);
        OAuthGrantRepository.Binding binding =
                grantId == null ? null : grants.find(grantId).orElse(null);
        OAuth2Authorization authorization = binding == null ? null : authorizations.findById(grantId);
        if (authorization == null) {
            throw new InvalidBearerTokenException("The grant of this token was revoked");
        }
        OAuth2Authorization.Token<OAuth2AccessToken> current = authorization.getAccessToken();
        if (current == null
                || !current.getToken().getTokenValue().equals(jwt.getTokenValue())
                || current.isInvalidated()) {
            throw new InvalidBearerTokenException("This token was revoked or replaced by a newer one");
        }
        Membership membership = memberships.forUser(binding.userId()).stream()
                .filter(m -> m.workspaceId().equals(binding.workspaceId()))
                .findFirst()
                .orElseThrow(() -> new InvalidBearerTokenException(
                        "The user who authorized this grant is no longer a member of its workspace"));
        if (recentlyTouched.asMap().putIfAbsent(grantId, Boolean.TRUE) == null) {
            grants.touch(grantId);
        }
        return new OAuthGrantAuthentication(
                new Principal(binding.workspaceId(), Credential.oauthGrant(grantId), membership.plan()),
                binding.userId());
    }
}
