package dev.spendline.query.oauth;

import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.crypto.keygen.Base64StringKeyGenerator;
import org.springframework.security.crypto.keygen.StringKeyGenerator;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AccessTokenAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2RefreshTokenAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;

/**
 * Refresh tokens: issued to public clients too (Spring's generator gives none to a public client of
 * the authorization code grant; MCP clients are all public and must refresh without the user), and
 * rotated at every use ({@code reuseRefreshTokens(false)}) with a grace: within
 * {@code spendline.oauth.refresh-grace} of a rotation, the refresh token it replaced gets the same new
 * pair again (a client that lost the answer retries); afterwards a replayed old token is taken as
 * stolen and revokes the whole grant (OAuth 2.1 §4.3.1), and the client must ask the user again.
 * A refresh whose grant's user is no longer a member of its workspace (removed, the workspace or the
 * account deleted) is refused the same way, {@code invalid_grant}, and revokes the grant: Spring would
 * otherwise issue tokens that every resource refuses, and the client would never learn that its
 * session ended.
 */
final class RefreshTokens {

    private static final Logger log = LoggerFactory.getLogger(RefreshTokens.class);

    private static final StringKeyGenerator VALUES =
            new Base64StringKeyGenerator(Base64.getUrlEncoder().withoutPadding(), 48);

    private RefreshTokens() {}

    /** Opaque refresh tokens for every client allowed the refresh_token grant. */
    static OAuth2TokenGenerator<OAuth2RefreshToken> generator(Clock clock) {
        return (OAuth2TokenContext context) -> {
            if (!OAuth2TokenType.REFRESH_TOKEN.equals(context.getTokenType())
                    || !context.getRegisteredClient()
                            .getAuthorizationGrantTypes()
                            .contains(AuthorizationGrantType.REFRESH_TOKEN)) {
                return null;
            }
            Instant issuedAt = clock.instant();
            Duration ttl = context.getRegisteredClient().getTokenSettings().getRefreshTokenTimeToLive();
            return new OAuth2RefreshToken(VALUES.generateKey(), issuedAt, issuedAt.plus(ttl));
        };
    }

    /** Wraps Spring's refresh-token provider with the rotation record and the grace. */
    static AuthenticationProvider withGrace(
            AuthenticationProvider refreshProvider,
            OAuth2AuthorizationService authorizations,
            OAuthGrantRepository grants,
            OAuthAccessTokens accessTokens,
            Duration grace,
            Clock clock) {
        return new AuthenticationProvider() {
            @Override
            public Authentication authenticate(Authentication authentication) throws AuthenticationException {
                OAuth2RefreshTokenAuthenticationToken request = (OAuth2RefreshTokenAuthenticationToken) authentication;
                String presented = request.getRefreshToken();
                OAuth2Authorization current = authorizations.findByToken(presented, OAuth2TokenType.REFRESH_TOKEN);
                if (current != null) {
                    requireMember(current.getId());
                    Authentication result = refreshProvider.authenticate(authentication);
                    if (result instanceof OAuth2AccessTokenAuthenticationToken issued
                            && issued.getRefreshToken() != null) {
                        grants.rotated(
                                current.getId(),
                                hash(presented),
                                hash(issued.getRefreshToken().getTokenValue()));
                    }
                    return result;
                }
                return retried(request, hash(presented));
            }

            /** The refresh token the latest rotation replaced, sent again: the same pair within the grace. */
            private Authentication retried(OAuth2RefreshTokenAuthenticationToken request, String presentedHash) {
                Optional<OAuthGrantRepository.Rotation> rotation = grants.replacedRefreshToken(presentedHash);
                if (rotation.isEmpty()) {
                    throw invalidGrant();
                }
                String grantId = rotation.get().authorizationId();
                if (clock.instant().isAfter(rotation.get().refreshedAt().plus(grace))) {
                    log.warn("A replaced refresh token of grant {} was sent after the grace: grant revoked", grantId);
                    grants.revoke(grantId);
                    throw invalidGrant();
                }
                requireMember(grantId);
                OAuth2Authorization authorization = authorizations.findById(grantId);
                OAuth2ClientAuthenticationToken client =
                        request.getPrincipal() instanceof OAuth2ClientAuthenticationToken c && c.isAuthenticated()
                                ? c
                                : null;
                if (authorization == null || client == null || client.getRegisteredClient() == null) {
                    throw invalidGrant();
                }
                RegisteredClient registeredClient = client.getRegisteredClient();
                OAuth2Authorization.Token<OAuth2RefreshToken> refresh = authorization.getRefreshToken();
                OAuth2Authorization.Token<OAuth2AccessToken> access = authorization.getAccessToken();
                if (!registeredClient.getId().equals(authorization.getRegisteredClientId())
                        || refresh == null
                        || access == null
                        || !refresh.isActive()
                        || !access.isActive()
                        || !hash(refresh.getToken().getTokenValue())
                                .equals(rotation.get().currentRefreshHash())) {
                    throw invalidGrant();
                }
                return new OAuth2AccessTokenAuthenticationToken(
                        registeredClient, client, access.getToken(), refresh.getToken());
            }

            /** Ends a grant whose user left its workspace, as the resources already refuse its tokens. */
            private void requireMember(String grantId) {
                if (!accessTokens.holderIsStillMember(grantId)) {
                    log.info(
                            "Refresh of grant {} refused: its user is no longer a member of its workspace;"
                                    + " grant revoked",
                            grantId);
                    grants.revoke(grantId);
                    throw invalidGrant();
                }
            }

            @Override
            public boolean supports(Class<?> authentication) {
                return refreshProvider.supports(authentication);
            }
        };
    }

    static String hash(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static OAuth2AuthenticationException invalidGrant() {
        return new OAuth2AuthenticationException(new OAuth2Error(OAuth2ErrorCodes.INVALID_GRANT));
    }
}
