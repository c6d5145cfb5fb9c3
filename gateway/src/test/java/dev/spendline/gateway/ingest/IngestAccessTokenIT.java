package dev.spendline.gateway.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.controlplane.oauth.OAuthSigningKey;
import dev.spendline.controlplane.oauth.SigningKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.gateway.GatewayApplication;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;

/**
 * The gateway service (Netty, no authorization server in the process) accepting the collector's OAuth
 * access tokens on internal usage, over real HTTP with a real embedded Kafka broker and an H2 control
 * plane. The grants are stored as the authorization server stores them (Spring's
 * {@code oauth2_authorization} row and Spendline's {@code oauth_grants} row) and the tokens signed
 * with the control-plane key, as the authorization server signs them; every way a token can be wrong
 * is tried. The grant check is not cached here ({@code spendline.oauth.grant-cache-ttl=0s}).
 */
@SpringBootTest(
        classes = GatewayApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spendline.base-url=https://spendline.example.com/",
            "spendline.oauth.grant-cache-ttl=0s",
            "spendline.quota.enabled=false"
        })
class IngestAccessTokenIT {

    private static final String ISSUER = "https://spendline.example.com";
    private static final String INGEST = ISSUER + "/api/v1/internal-usage";
    private static final EmbeddedKafka KAFKA = GatewayKafka.start();

    @LocalServerPort
    int port;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    UserRepository users;

    @Autowired
    MembershipRepository memberships;

    @Autowired
    OAuthGrantRepository grants;

    @Autowired
    SigningKeyRepository signingKeys;

    @Autowired
    @Qualifier("controlPlaneJdbcClient")
    JdbcClient jdbc;

    private WebTestClient http;
    private User user;
    private String workspaceId;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("spendline.kafka.bootstrap-servers", KAFKA::bootstrapServers);
        registry.add(
                "spring.datasource.url", () -> "jdbc:h2:mem:gateway-oauth-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
    }

    @AfterAll
    static void stopKafka() {
        KAFKA.close();
    }

    @BeforeEach
    void newUserAndWorkspace() {
        http = WebTestClient.bindToServer()
                .baseUrl("http://127.0.0.1:" + port)
                .responseTimeout(Duration.ofSeconds(30))
                .build();
        user = users.create("Ada." + UUID.randomUUID() + "@Example.com", "Ada", null);
        workspaceId = workspaces.create("Ada's " + UUID.randomUUID(), Plan.TEAM).id();
        memberships.add(workspaceId, user.id(), Role.MEMBER);
    }

    @Test
    void aCollectorTokenSendsItsUsersRowsToItsGrantsWorkspace() {
        // The workspace claim names another workspace: the grant's, read from the database, wins.
        String grant = grant(workspaceId);
        String token = storeToken(grant, claims(grant).claim("workspace_id", "ws_someone_else"));
        EntityExchangeResult<byte[]> accepted = post(
                "/api/v1/internal-usage",
                token,
                rows(row("a-1", user.email().toUpperCase()), row("a-2", user.email())));
        assertThat(accepted.getStatus().value()).isEqualTo(202);
        assertThat(json(accepted).get("accepted").asInt()).isEqualTo(2);
        List<AcceptedUsageRow> sent = usageOf(workspaceId, 2);
        assertThat(sent).extracting(r -> r.row().externalId()).containsExactlyInAnyOrder("a-1", "a-2");
        assertThat(usageOf("ws_someone_else", 0)).isEmpty();
    }

    @Test
    void rowsForAnotherEmployeeAreRefusedWholeWithEveryOneListed() {
        String grant = grant(workspaceId);
        String token = storeToken(grant, claims(grant));
        EntityExchangeResult<byte[]> refused = post(
                "/api/v1/internal-usage",
                token,
                rows(row("m-1", user.email()), row("m-2", "grace@example.com"), row("m-3", "linus@example.com")));
        assertThat(refused.getStatus().value()).isEqualTo(403);
        JsonNode problem = json(refused);
        assertThat(problem.get("code").asString()).isEqualTo("employee_mismatch");
        assertThat(problem.get("detail").asString()).contains("2 row(s)").contains("nothing was accepted");
        assertThat(problem.get("errors").findValuesAsString("pointer"))
                .containsExactly("/rows/1/employeeEmail", "/rows/2/employeeEmail");
        assertThat(refused.getResponseHeaders().getContentType().toString()).startsWith("application/problem+json");
        assertThat(usageOf(workspaceId, 0)).isEmpty();
    }

    @Test
    void aCollectorTokenMayNotSendProductEvents() {
        String grant = grant(workspaceId);
        EntityExchangeResult<byte[]> refused =
                post("/api/v1/events", storeToken(grant, claims(grant)), IngestEndpointsIT.event("e-1"));
        assertThat(refused.getStatus().value()).isEqualTo(403);
        assertThat(json(refused).get("code").asString()).isEqualTo("insufficient_scope");
        assertThat(refused.getResponseHeaders().getFirst("WWW-Authenticate")).contains("insufficient_scope");
    }

    @Test
    void aTokenOfTheRightAudienceWithoutTheScopeIsForbidden() {
        String grant = grant(workspaceId);
        EntityExchangeResult<byte[]> refused = post(
                "/api/v1/internal-usage",
                storeToken(grant, claims(grant).claim("scope", List.of("mcp"))),
                row("s-1", user.email()));
        assertThat(refused.getStatus().value()).isEqualTo(403);
        assertThat(json(refused).get("code").asString()).isEqualTo("insufficient_scope");
    }

    @Test
    void tokensForAnotherAudienceIssuerOrTimeOrKeyAreRefused() throws Exception {
        String grant = grant(workspaceId);
        assertRefused(storeToken(grant, claims(grant).audience(ISSUER + "/api/mcp")), "not for " + INGEST);
        assertRefused(storeToken(grant, claims(grant).issuer("https://elsewhere.example.com")), "issued by");
        assertRefused(
                storeToken(
                        grant,
                        claims(grant)
                                .issueTime(Date.from(Instant.now().minusSeconds(7200)))
                                .expirationTime(Date.from(Instant.now().minusSeconds(3600)))),
                "expired");
        RSAKey stranger = new RSAKeyGenerator(2048).keyID("stranger").generate();
        assertRefused(sign(claims(grant).build(), stranger), "not a valid token of this server");
        assertRefused("not.a.jwt", "not a valid token of this server");
    }

    @Test
    void aRevokedReplacedOrInvalidatedTokenIsRefused() {
        String grant = grant(workspaceId);
        String token = storeToken(grant, claims(grant));
        assertThat(post("/api/v1/internal-usage", token, row("r-1", user.email()))
                        .getStatus()
                        .value())
                .isEqualTo(202);

        // Refreshed: the grant's current token is another one.
        String newer = storeToken(grant, claims(grant).jwtID(UUID.randomUUID().toString()));
        assertRefused(token, "replaced by a newer one");
        assertThat(post("/api/v1/internal-usage", newer, row("r-2", user.email()))
                        .getStatus()
                        .value())
                .isEqualTo(202);

        // Revoked at the revocation endpoint: Spring marks the token invalidated.
        jdbc.sql("update oauth2_authorization set access_token_metadata = :metadata where id = :id")
                .param(
                        "metadata",
                        "{\"@class\":\"java.util.Collections$UnmodifiableMap\","
                                + "\"metadata.token.invalidated\":true}")
                .param("id", grant)
                .update();
        assertRefused(newer, "revoked");

        // Revoked in settings: the grant is gone.
        String other = grant(workspaceId);
        String otherToken = storeToken(other, claims(other));
        assertThat(grants.revokeInWorkspace(workspaceId, other)).isTrue();
        assertRefused(otherToken, "grant of this access token was revoked");
    }

    @Test
    void aGrantOfAWorkspaceTheUserLeftOrNeverJoinedIsRefused() {
        String grant = grant(workspaceId);
        String token = storeToken(grant, claims(grant));
        memberships.remove(workspaceId, user.id());
        assertRefused(token, "no longer a member");

        String elsewhere =
                workspaces.create("Not Ada's " + UUID.randomUUID(), Plan.FREE).id();
        String foreign = grant(elsewhere);
        assertRefused(storeToken(foreign, claims(foreign)), "no longer a member");
    }

    @Test
    void anApiKeyStillWorksBesideTokens() {
        // The API key path is unchanged: a wrong key keeps its answer.
        EntityExchangeResult<byte[]> refused = post("/api/v1/internal-usage", "spl_wrong", row("k-1", user.email()));
        assertThat(refused.getStatus().value()).isEqualTo(401);
        assertThat(json(refused).get("title").asString()).isEqualTo("Missing or invalid API key");
    }

    // ----- helpers

    private void assertRefused(String token, String detail) {
        EntityExchangeResult<byte[]> refused =
                post("/api/v1/internal-usage", token, row("x-" + UUID.randomUUID(), user.email()));
        assertThat(refused.getStatus().value())
                .as(new String(refused.getResponseBodyContent()))
                .isEqualTo(401);
        JsonNode problem = json(refused);
        assertThat(problem.get("code").asString()).isEqualTo("unauthorized");
        assertThat(problem.get("title").asString()).isEqualTo("Invalid access token");
        assertThat(problem.get("detail").asString()).contains(detail);
        assertThat(refused.getResponseHeaders().getFirst("WWW-Authenticate")).contains("invalid_token");
    }

    /** A grant of the collector to {@code workspace} by the test's user, as the consent records it. */
    private String grant(String workspace) {
        String id = UUID.randomUUID().toString();
        jdbc.sql("insert into oauth2_authorization (id, registered_client_id, principal_name, authorization_grant_type)"
                        + " values (:id, 'spendline-collector', :user, 'urn:ietf:params:oauth:grant-type:device_code')")
                .param("id", id)
                .param("user", user.id())
                .update();
        grants.record(id, workspace, user.id(), "spendline-collector");
        return id;
    }

    private JWTClaimsSet.Builder claims(String grant) {
        Instant now = Instant.now();
        return new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .subject(user.id())
                .audience(INGEST)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(3600)))
                .claim("scope", List.of("usage:write"))
                .claim("grant_id", grant)
                .claim("workspace_id", workspaceId)
                .claim("email", user.email().toLowerCase());
    }

    /** Signs the claims with the control-plane key and stores the token as the grant's current one. */
    private String storeToken(String grant, JWTClaimsSet.Builder claims) {
        String token = sign(claims.build(), OAuthSigningKey.loadOrCreate(signingKeys));
        jdbc.sql("update oauth2_authorization set access_token_value = :token, access_token_metadata = :metadata"
                        + " where id = :id")
                .param("token", token)
                .param("metadata", "{\"metadata.token.invalidated\":false}")
                .param("id", grant)
                .update();
        return token;
    }

    private static String sign(JWTClaimsSet claims, RSAKey key) {
        try {
            SignedJWT jwt = new SignedJWT(
                    new JWSHeader.Builder(JWSAlgorithm.RS256)
                            .keyID(key.getKeyID())
                            .build(),
                    claims);
            jwt.sign(new RSASSASigner(key));
            return jwt.serialize();
        } catch (com.nimbusds.jose.JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private EntityExchangeResult<byte[]> post(String path, String token, String body) {
        return http.post()
                .uri(path)
                .header("Authorization", "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON)
                .bodyValue(body)
                .exchange()
                .expectBody()
                .returnResult();
    }

    private static String row(String externalId, String employee) {
        return """
                {"sourceKey":"laptop","sourceKind":"collector","tool":"claude_code","category":"coding_agent",\
                "employeeEmail":"%s","provider":"anthropic","model":"claude-sonnet-4-5","inputTokens":100,\
                "outputTokens":10,"costUsd":0.01,"externalId":"%s"}"""
                .formatted(employee, externalId);
    }

    private static String rows(String... rows) {
        return "{\"rows\":[" + String.join(",", rows) + "]}";
    }

    private static JsonNode json(EntityExchangeResult<byte[]> result) {
        return Json.MAPPER.readTree(result.getResponseBodyContent());
    }

    /** Every usage row keyed by {@code workspaceId} on the internal usage topic, read from the beginning. */
    private static List<AcceptedUsageRow> usageOf(String workspaceId, int expectAtLeast) {
        return GatewayKafka.recordsOf(KAFKA.bootstrapServers(), Topics.INTERNAL_USAGE, workspaceId, expectAtLeast);
    }
}
