package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.oauth.OAuthIdentity;
import dev.spendline.controlplane.oauth.OAuthTokenException;
import org.springframework.core.convert.converter.Converter;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;

/**
 * Turns a valid access token (signature, issuer, audience and expiry already checked by the decoder)
 * into the request's {@link dev.spendline.controlplane.Principal}, after the grant check shared with
 * ingest ({@link OAuthAccessTokens#checkGrant}), uncached here: the grant exists, the token is its
 * current one and not revoked (so a revoke in settings or at the revocation endpoint, and a refresh,
 * take effect at once), and its user is still a member of the grant's workspace.
 */
final class GrantCheck implements Converter<Jwt, AbstractAuthenticationToken> {

    private final OAuthAccessTokens tokens;

    GrantCheck(OAuthAccessTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public AbstractAuthenticationToken convert(Jwt jwt) {
        OAuthIdentity identity;
        try {
            identity = tokens.checkGrant(jwt);
        } catch (OAuthTokenException refused) {
            throw new InvalidBearerTokenException(refused.getMessage());
        }
        return new OAuthGrantAuthentication(identity.principal(), identity.userId());
    }
}
