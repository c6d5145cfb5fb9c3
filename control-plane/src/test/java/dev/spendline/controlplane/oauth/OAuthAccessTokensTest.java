package dev.spendline.controlplane.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The access-token checks MCP and ingest share: the claims (by the application's clock), the scope,
 * and the grant check with its short cache — a revocation shows within the cache time, never later.
 */
class OAuthAccessTokensTest extends DatabaseTest {

    static final String ISSUER = "https://spendline.example.com";
    static final String INGEST = ISSUER + "/api/v1/internal-usage";

    OAuthGrantRepository grants;
    MembershipRepository memberships;
    OAuthAccessTokens tokens;
    RSAKey key;
    Workspace acme;
    User ana;

    @BeforeEach
    void setUp() {
        grants = new OAuthGrantRepository(jdbc, clock);
        memberships = new MembershipRepository(jdbc, clock);
        UserRepository users = new UserRepository(jdbc, clock);
        SigningKeyRepository keys = new SigningKeyRepository(jdbc, clock);
        tokens = new OAuthAccessTokens(
                keys, grants, memberships, users, clock, Duration.ofSeconds(5), OAuthAccessTokens.DEFAULT_CLOCK_SKEW);
        key = OAuthSigningKey.loadOrCreate(keys);
        acme = workspaces.create("Acme", Plan.TEAM);
        ana = users.create("Ana@Example.com", "Ana", null);
        memberships.add(acme.id(), ana.id(), Role.MEMBER);
    }

    @Test
    void aCurrentTokenOfAMembersGrantIsTheGrantsWorkspaceWithTheUsersEmail() {
        String token = issue("g-1", List.of("usage:write"), INGEST);
        OAuthIdentity identity = tokens.authenticate(token, ISSUER, INGEST, "usage:write");
        assertThat(identity.principal().workspaceId()).isEqualTo(acme.id());
        assertThat(identity.principal().credential()).isEqualTo(Credential.oauthGrant("g-1"));
        assertThat(identity.principal().plan()).isEqualTo(Plan.TEAM);
        assertThat(identity.email()).isEqualTo("ana@example.com");
        assertThat(identity.userId()).isEqualTo(ana.id());
    }

    @Test
    void theAudienceIssuerExpiryAndScopeAreChecked() {
        String token = issue("g-1", List.of("usage:write"), INGEST);
        assertRefused(
                () -> tokens.authenticate(token, ISSUER, ISSUER + "/api/mcp", "usage:write"),
                OAuthTokenException.Reason.WRONG_AUDIENCE);
        assertRefused(
                () -> tokens.authenticate(token, "https://other.example.com", INGEST, "usage:write"),
                OAuthTokenException.Reason.WRONG_ISSUER);
        assertRefused(
                () -> tokens.authenticate(token, ISSUER, INGEST, "mcp"), OAuthTokenException.Reason.INSUFFICIENT_SCOPE);
        assertRefused(
                () -> tokens.authenticate(token + "x", ISSUER, INGEST, "usage:write"),
                OAuthTokenException.Reason.INVALID);
        // An hour and the 60 s of allowed skew later, by the application's clock.
        clock.advance(Duration.ofMinutes(62));
        assertRefused(
                () -> tokens.authenticate(token, ISSUER, INGEST, "usage:write"), OAuthTokenException.Reason.EXPIRED);
    }

    @Test
    void theAllowedClockSkewIsConfigurable() {
        OAuthAccessTokens strict = new OAuthAccessTokens(
                new SigningKeyRepository(jdbc, clock),
                grants,
                memberships,
                new UserRepository(jdbc, clock),
                clock,
                Duration.ofSeconds(5),
                Duration.ofSeconds(1));
        String token = issue("g-1", List.of("usage:write"), INGEST);
        // Two seconds past the hour: within the default 60 s, beyond a skew of 1 s.
        clock.advance(Duration.ofSeconds(3602));
        assertThat(tokens.authenticate(token, ISSUER, INGEST, "usage:write")
                        .principal()
                        .workspaceId())
                .isEqualTo(acme.id());
        assertRefused(
                () -> strict.authenticate(token, ISSUER, INGEST, "usage:write"), OAuthTokenException.Reason.EXPIRED);
    }

    @Test
    void aRevocationIsSeenWithinTheCacheTimeOnIngestAndAtOnceByTheUncachedCheck() {
        String token = issue("g-1", List.of("usage:write"), INGEST);
        assertThat(tokens.isCached(token)).isFalse();
        tokens.authenticate(token, ISSUER, INGEST, "usage:write");
        assertThat(tokens.isCached(token)).isTrue();

        grants.revoke("g-1");
        // Cached: still accepted for up to the cache time...
        assertThat(tokens.authenticate(token, ISSUER, INGEST, "usage:write")
                        .principal()
                        .workspaceId())
                .isEqualTo(acme.id());
        // ...while the MCP endpoint's uncached check refuses at once.
        assertRefused(
                () -> tokens.checkGrant(tokens.decode(token, ISSUER, INGEST)), OAuthTokenException.Reason.REVOKED);

        clock.advance(Duration.ofSeconds(6));
        assertRefused(
                () -> tokens.authenticate(token, ISSUER, INGEST, "usage:write"), OAuthTokenException.Reason.REVOKED);
    }

    @Test
    void aMemberWhoLeftIsRefused() {
        String token = issue("g-1", List.of("usage:write"), INGEST);
        memberships.remove(acme.id(), ana.id());
        assertRefused(
                () -> tokens.authenticate(token, ISSUER, INGEST, "usage:write"),
                OAuthTokenException.Reason.NOT_A_MEMBER);
    }

    @Test
    void aRefreshIsForAGrantWhoseUserIsStillAMember() {
        issue("g-1", List.of("usage:write"), INGEST);
        assertThat(tokens.holderIsStillMember("g-1")).isTrue();
        assertThat(tokens.holderIsStillMember("g-unknown")).isFalse();

        memberships.remove(acme.id(), ana.id());
        assertThat(tokens.holderIsStillMember("g-1")).isFalse();
        memberships.add(acme.id(), ana.id(), Role.MEMBER);
        assertThat(tokens.holderIsStillMember("g-1")).isTrue();
    }

    @Test
    void aScopeWrittenAsAStringIsReadToo() {
        String token = issue("g-1", "usage:write other", INGEST);
        assertThat(tokens.authenticate(token, ISSUER, INGEST, "usage:write").email())
                .isEqualTo("ana@example.com");
    }

    private static void assertRefused(Runnable call, OAuthTokenException.Reason reason) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(OAuthTokenException.class, e -> assertThat(e.reason())
                .isEqualTo(reason));
    }

    /** A grant of Ana's to Acme with {@code scope} and its current token, as the authorization server stores them. */
    private String issue(String grantId, Object scope, String audience) {
        Instant now = clock.instant();
        String token;
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.RS256)
                            .keyID(key.getKeyID())
                            .build(),
                    new JWTClaimsSet.Builder()
                            .issuer(ISSUER)
                            .subject(ana.id())
                            .audience(audience)
                            .issueTime(Date.from(now))
                            .expirationTime(Date.from(now.plusSeconds(3600)))
                            .claim("scope", scope)
                            .claim("grant_id", grantId)
                            .build());
            jwt.sign(new RSASSASigner(key));
            token = jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
        jdbc.sql("insert into oauth2_authorization (id, registered_client_id, principal_name,"
                        + " authorization_grant_type, access_token_value) values (:id, 'spendline-collector',"
                        + " :principal, 'urn:ietf:params:oauth:grant-type:device_code', :token)")
                .param("id", grantId)
                .param("principal", ana.id())
                .param("token", token)
                .update();
        grants.record(grantId, acme.id(), ana.id(), "spendline-collector");
        return token;
    }
}
