package dev.spendline.controlplane.oauth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import com.nimbusds.jose.JOSEException;
import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Membership;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.jwt.BadJwtException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;

/**
 * Checks Spendline's OAuth access tokens for every resource that accepts them — the MCP endpoint
 * (query-api) and internal usage ingest (the gateway, in the standalone and as its own service) — so
 * that both apply the same rules:
 *
 * <ol>
 *   <li>{@link #decode}: a JWT signed with the control-plane signing key, from {@code issuer}, for
 *       {@code audience} ({@code aud} contains it), not expired by the application's clock (60 s of
 *       skew, as Spring's resource server allows);
 *   <li>{@link #checkGrant}: its grant still exists, the token is the grant's current access token
 *       and was not revoked, and its user is still a member of the grant's workspace. The workspace,
 *       plan and e-mail come from the database, never from the token.
 * </ol>
 *
 * <p>{@link #authenticate} does both plus a scope check, with the grant check's answer cached for
 * {@code grantCacheTtl} per token (bounded): the hot ingest path then reads the database once per
 * token per TTL, and a revocation or a removed member takes effect within that time. The MCP endpoint
 * calls {@link #checkGrant} uncached.
 */
public class OAuthAccessTokens {

    /** Last use is written at most this often per grant. */
    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);

    private static final long MAXIMUM_ENTRIES = 10_000;

    /** Spring Security's own default for the {@code exp} and {@code nbf} checks. */
    public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(60);

    private final OAuthGrantRepository grants;
    private final MembershipRepository memberships;
    private final UserRepository users;
    private final Supplier<NimbusJwtDecoder> decoder;
    private final JwtTimestampValidator expiry;
    private final Cache<String, Object> checkedTokens;
    private final Cache<String, Boolean> recentlyTouched;

    /**
     * @param clockSkew how long past its {@code exp} a token is still accepted, for clocks that
     *     differ between the issuing and the checking instance
     */
    public OAuthAccessTokens(
            SigningKeyRepository keys,
            OAuthGrantRepository grants,
            MembershipRepository memberships,
            UserRepository users,
            Clock clock,
            Duration grantCacheTtl,
            Duration clockSkew) {
        this.expiry = new JwtTimestampValidator(Objects.requireNonNull(clockSkew, "clockSkew"));
        Objects.requireNonNull(keys, "keys");
        this.grants = Objects.requireNonNull(grants, "grants");
        this.memberships = Objects.requireNonNull(memberships, "memberships");
        this.users = Objects.requireNonNull(users, "users");
        Objects.requireNonNull(clock, "clock");
        // The key is read on first use, not at start: an ingest gateway starts without the database's
        // key and creates it if no authorization server ever ran (it then has no token to check either).
        this.decoder = memoize(() -> {
            try {
                NimbusJwtDecoder jwts = NimbusJwtDecoder.withPublicKey(
                                OAuthSigningKey.loadOrCreate(keys).toRSAPublicKey())
                        .build();
                // Expiry, issuer and audience are checked by decode() with per-request values.
                jwts.setJwtValidator(jwt -> OAuth2TokenValidatorResult.success());
                return jwts;
            } catch (JOSEException e) {
                throw new IllegalStateException("The stored OAuth signing key has no usable public part", e);
            }
        });
        this.expiry.setClock(clock);
        Ticker ticker = () -> clock.millis() * 1_000_000L;
        this.checkedTokens = Caffeine.newBuilder()
                .expireAfterWrite(grantCacheTtl)
                .maximumSize(MAXIMUM_ENTRIES)
                .ticker(ticker)
                .build();
        this.recentlyTouched = Caffeine.newBuilder()
                .expireAfterWrite(TOUCH_INTERVAL)
                .maximumSize(MAXIMUM_ENTRIES)
                .ticker(ticker)
                .build();
    }

    /**
     * Verifies signature, issuer, audience and expiry.
     *
     * @param issuer the base URL this server issues tokens as ({@code iss})
     * @param audience the resource being called ({@code aud} must contain it)
     * @throws OAuthTokenException what is wrong with the token
     */
    public Jwt decode(String token, String issuer, String audience) {
        Jwt jwt;
        try {
            jwt = decoder.get().decode(token);
        } catch (BadJwtException e) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.INVALID, "The access token is not a valid token of this server");
        } catch (JwtException e) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.INVALID, "The access token could not be read: " + e.getMessage());
        }
        if (expiry.validate(jwt).hasErrors()) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.EXPIRED,
                    "The access token expired at " + jwt.getExpiresAt() + "; refresh it and retry");
        }
        if (jwt.getIssuer() == null || !issuer.equals(jwt.getIssuer().toString())) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.WRONG_ISSUER,
                    "The access token was issued by " + jwt.getIssuer() + ", not by " + issuer);
        }
        List<String> audiences = jwt.getAudience();
        if (audiences == null || !audiences.contains(audience)) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.WRONG_AUDIENCE,
                    "The access token is for " + audiences + ", not for " + audience);
        }
        return jwt;
    }

    /**
     * Checks a decoded token's grant in the database (uncached).
     *
     * @throws OAuthTokenException revoked, replaced, or its user left the workspace
     */
    public OAuthIdentity checkGrant(Jwt jwt) {
        String grantId = jwt.getClaimAsString(AccessTokenClaims.GRANT_ID);
        OAuthGrantRepository.ActiveGrant grant =
                grantId == null ? null : grants.findActive(grantId).orElse(null);
        if (grant == null) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.REVOKED, "The grant of this access token was revoked");
        }
        if (grant.accessTokenValue() == null
                || !grant.accessTokenValue().equals(jwt.getTokenValue())
                || grant.accessTokenInvalidated()) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.REVOKED, "This access token was revoked or replaced by a newer one");
        }
        Optional<Membership> membership = membership(grant.userId(), grant.workspaceId());
        Optional<User> user = users.findById(grant.userId());
        if (membership.isEmpty() || user.isEmpty()) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.NOT_A_MEMBER,
                    "The user who authorized this grant is no longer a member of its workspace");
        }
        if (recentlyTouched.asMap().putIfAbsent(grantId, Boolean.TRUE) == null) {
            grants.touch(grantId);
        }
        return new OAuthIdentity(
                new Principal(
                        grant.workspaceId(),
                        Credential.oauthGrant(grantId),
                        membership.get().plan()),
                grant.userId(),
                user.get().email().toLowerCase(Locale.ROOT));
    }

    /**
     * Whether the grant is recorded and the user who authorized it still exists and is still a
     * member of the grant's workspace (which therefore still exists): what a refresh must hold, as
     * {@link #checkGrant} requires it of every access token. Uncached.
     */
    public boolean holderIsStillMember(String authorizationId) {
        return grants.find(authorizationId)
                .filter(grant -> users.findById(grant.userId()).isPresent())
                .flatMap(grant -> membership(grant.userId(), grant.workspaceId()))
                .isPresent();
    }

    private Optional<Membership> membership(String userId, String workspaceId) {
        return memberships.forUser(userId).stream()
                .filter(m -> m.workspaceId().equals(workspaceId))
                .findFirst();
    }

    /**
     * {@link #decode}, the scope, then {@link #checkGrant} — its answer (either way) cached briefly
     * per token. Database failures propagate and are not cached.
     *
     * @param scope a scope the token's {@code scope} claim must contain
     * @throws OAuthTokenException what is wrong; {@link OAuthTokenException.Reason#INSUFFICIENT_SCOPE}
     *     for a token of this resource without {@code scope}
     */
    public OAuthIdentity authenticate(String token, String issuer, String audience, String scope) {
        Jwt jwt = decode(token, issuer, audience);
        if (!scopes(jwt).contains(scope)) {
            throw new OAuthTokenException(
                    OAuthTokenException.Reason.INSUFFICIENT_SCOPE, "The access token does not have the scope " + scope);
        }
        String key = hash(token);
        Object cached = checkedTokens.getIfPresent(key);
        if (cached == null) {
            try {
                cached = checkGrant(jwt);
            } catch (OAuthTokenException refused) {
                cached = refused;
            }
            checkedTokens.put(key, cached);
        }
        if (cached instanceof OAuthTokenException refused) {
            throw new OAuthTokenException(refused.reason(), refused.getMessage());
        }
        return (OAuthIdentity) cached;
    }

    /**
     * The token's scopes: Spring's authorization server writes {@code scope} as a JSON array; a
     * space-separated string (RFC 9068's form) is read too.
     */
    static List<String> scopes(Jwt jwt) {
        Object claim = jwt.getClaims().get(AccessTokenClaims.SCOPE);
        if (claim instanceof java.util.Collection<?> values) {
            return values.stream().map(String::valueOf).toList();
        }
        return claim instanceof String value ? Arrays.asList(value.split(" ")) : List.of();
    }

    /**
     * Whether {@link #authenticate} would answer without the database for this token: the grant
     * check is cached. Lets non-blocking callers move to a worker thread only when needed.
     */
    public boolean isCached(String token) {
        return checkedTokens.getIfPresent(hash(token)) != null;
    }

    /** Forgets every cached grant check, e.g. right after a revocation in this process. */
    public void invalidateAll() {
        checkedTokens.invalidateAll();
    }

    // Keyed by hash, not by token, so the cache never holds usable credentials in memory.
    private static String hash(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> Supplier<T> memoize(Supplier<T> supplier) {
        return new Supplier<>() {
            private volatile T value;

            @Override
            public T get() {
                T result = value;
                if (result == null) {
                    synchronized (this) {
                        result = value;
                        if (result == null) {
                            result = supplier.get();
                            value = result;
                        }
                    }
                }
                return result;
            }
        };
    }
}
