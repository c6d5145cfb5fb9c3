package dev.spendline.query.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.dashboard.DashboardFrame;
import dev.spendline.query.security.InternalPortSecurity;
import dev.spendline.query.security.SecurityConfiguration;
import dev.spendline.query.settings.web.OAuthGrantsConfiguration;
import dev.spendline.query.signin.SessionSecurity;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OAuth authorization server and the MCP endpoint's chain, driven over HTTP as an MCP client and
 * a person in a browser would: discovery, registration, sign-in, consent with a workspace, PKCE,
 * tokens, refresh, the device grant, revocation, and API keys on the same endpoint. Against the real
 * control plane (H2), the real sign-in and the real chains; a stand-in handler answers at
 * {@code /api/mcp} with the request's {@link Principal}.
 */
@WebMvcTest(
        controllers = OAuthServerTest.McpStandIn.class,
        properties = {
            "spendline.base-url=http://localhost",
            "spendline.signin.sign-ups-per-address=1000",
            "spendline.oauth.registrations-per-address-per-hour=5",
            "spendline.oauth.refresh-grace=30s"
        })
class OAuthServerTest {

    static final String PASSWORD = "correct horse battery";
    static final String RESOURCE = "http://localhost/api/mcp";
    static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    MembershipRepository memberships;

    @Autowired
    UserRepository users;

    @Autowired
    ApiKeyRepository keys;

    @Autowired
    OAuthGrantRepository grants;

    @Autowired
    JWKSource<SecurityContext> jwkSource;

    @Autowired
    TestClock clock;

    @Autowired
    RegisteredClientRepository clients;

    @Autowired
    OAuthProperties properties;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    // ----- discovery

    @Test
    void theAuthorizationServerDescribesItself() throws Exception {
        JsonNode metadata = json(mvc.perform(get("/.well-known/oauth-authorization-server"))
                .andExpect(status().isOk())
                .andReturn());
        assertThat(metadata.get("issuer").asString()).isEqualTo("http://localhost");
        assertThat(metadata.get("registration_endpoint").asString()).isEqualTo("http://localhost/oauth2/register");
        assertThat(metadata.get("authorization_endpoint").asString()).isEqualTo("http://localhost/oauth2/authorize");
        assertThat(metadata.get("device_authorization_endpoint").asString())
                .isEqualTo("http://localhost/oauth2/device_authorization");
        assertThat(strings(metadata.get("code_challenge_methods_supported"))).containsExactly("S256");
        assertThat(strings(metadata.get("token_endpoint_auth_methods_supported")))
                .contains("none");
        assertThat(strings(metadata.get("grant_types_supported")))
                .contains("authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code");

        JsonNode openid = json(mvc.perform(get("/.well-known/openid-configuration"))
                .andExpect(status().isOk())
                .andReturn());
        assertThat(openid.get("issuer").asString()).isEqualTo("http://localhost");
        assertThat(openid.get("registration_endpoint").asString()).isEqualTo("http://localhost/oauth2/register");
        assertThat(strings(openid.get("code_challenge_methods_supported"))).containsExactly("S256");
    }

    @Test
    void theMcpEndpointDescribesItselfAtBothWellKnownPaths() throws Exception {
        for (String path :
                List.of("/.well-known/oauth-protected-resource/api/mcp", "/.well-known/oauth-protected-resource")) {
            JsonNode metadata =
                    json(mvc.perform(get(path)).andExpect(status().isOk()).andReturn());
            assertThat(metadata.get("resource").asString()).as(path).isEqualTo(RESOURCE);
            assertThat(strings(metadata.get("authorization_servers"))).containsExactly("http://localhost");
            assertThat(strings(metadata.get("bearer_methods_supported"))).containsExactly("header");
            assertThat(metadata.has("tls_client_certificate_bound_access_tokens"))
                    .isFalse();
        }
    }

    @Test
    void aRequestWithoutCredentialsIsToldWhereToStart() throws Exception {
        mvc.perform(post("/api/mcp").contentType(MediaType.APPLICATION_JSON).content("{}"))
                .andExpect(status().isUnauthorized())
                .andExpect(
                        header().string(
                                        HttpHeaders.WWW_AUTHENTICATE,
                                        "Bearer resource_metadata=\"http://localhost/.well-known/oauth-protected-resource/api/mcp\""))
                // A body clients can print: without it they show "Error POSTing to endpoint: " and nothing else.
                .andExpect(content().contentType("application/problem+json"))
                .andExpect(jsonPath("$.code").value("unauthorized"))
                .andExpect(jsonPath("$.status").value(401))
                .andExpect(jsonPath("$.detail")
                        .value(org.hamcrest.Matchers.containsString(
                                "resource metadata at http://localhost/.well-known/oauth-protected-resource/api/mcp")));
        mvc.perform(post("/api/mcp").header(HttpHeaders.AUTHORIZATION, "Bearer not-a-token"))
                .andExpect(status().isUnauthorized())
                .andExpect(header().string(
                                HttpHeaders.WWW_AUTHENTICATE,
                                org.hamcrest.Matchers.containsString(
                                        "resource_metadata=\"http://localhost/.well-known/")))
                .andExpect(jsonPath("$.code").value("unauthorized"))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("Refused: ")));
    }

    // ----- registration

    @Test
    void registrationAcceptsLoopbackHttpsAndCustomSchemesAsPublicClients() throws Exception {
        for (String uri : List.of(
                "http://127.0.0.1/callback",
                "http://localhost:33418/callback",
                "http://[::1]:8080/cb",
                "https://client.example.com/oauth/callback",
                "cursor://anysphere.cursor-retrieval/oauth/callback",
                "vscode://vscode.github-authentication/did-authenticate")) {
            MvcResult result =
                    register(Map.of("client_name", "Client", "redirect_uris", List.of(uri)), uniqueAddress());
            assertThat(result.getResponse().getStatus()).as(uri).isEqualTo(201);
            JsonNode client = json(result);
            assertThat(client.get("token_endpoint_auth_method").asString()).isEqualTo("none");
            assertThat(client.has("client_secret")).isFalse();
        }
    }

    @Test
    void registrationRefusesNonLoopbackHttpAndLongNames() throws Exception {
        for (String uri : List.of("http://client.example.com/callback", "http://10.0.0.5/cb", "javascript:alert(1)")) {
            MvcResult refused =
                    register(Map.of("client_name", "Client", "redirect_uris", List.of(uri)), uniqueAddress());
            assertThat(refused.getResponse().getStatus()).as(uri).isEqualTo(400);
            assertThat(json(refused).get("error").asString()).isEqualTo("invalid_redirect_uri");
        }
        MvcResult longName = register(
                Map.of("client_name", "x".repeat(101), "redirect_uris", List.of("http://127.0.0.1/cb")),
                uniqueAddress());
        assertThat(longName.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(longName).get("error").asString()).isEqualTo("invalid_client_metadata");
        MvcResult fits = register(
                Map.of("client_name", "x".repeat(100), "redirect_uris", List.of("http://127.0.0.1/cb")),
                uniqueAddress());
        assertThat(fits.getResponse().getStatus()).isEqualTo(201);
    }

    @Test
    void registrationRefusesSchemesTheSystemRunsAndAcceptsReverseDomainOnes() throws Exception {
        for (String uri : List.of(
                "ms-settings:privacy",
                "view-source:https://evil.example/",
                "about:blank",
                "data:text/html,hi",
                "file:///etc/passwd",
                "vbscript:msgbox",
                "x-apple.systempreferences:com.apple.preference.security",
                "myapp://callback",
                "search-ms:query=x")) {
            MvcResult refused =
                    register(Map.of("client_name", "Client", "redirect_uris", List.of(uri)), uniqueAddress());
            assertThat(refused.getResponse().getStatus()).as(uri).isEqualTo(400);
            assertThat(json(refused).get("error").asString()).as(uri).isEqualTo("invalid_redirect_uri");
        }
        for (String uri : List.of("com.example.app:/oauth/callback", "dev.client.desktop://cb")) {
            assertThat(register(Map.of("client_name", "Client", "redirect_uris", List.of(uri)), uniqueAddress())
                            .getResponse()
                            .getStatus())
                    .as(uri)
                    .isEqualTo(201);
        }
    }

    @Test
    void registrationRefusesClientNamesWithBidiOverridesOrControlCharacters() throws Exception {
        for (String name : List.of("Spendline \u202Egnp.exe", "Client\u2066x\u2069", "Line\nbreak", "Bell\u0007")) {
            MvcResult refused = register(
                    Map.of("client_name", name, "redirect_uris", List.of("http://127.0.0.1/cb")), uniqueAddress());
            assertThat(refused.getResponse().getStatus()).as(name).isEqualTo(400);
            assertThat(json(refused).get("error").asString()).isEqualTo("invalid_client_metadata");
        }
        assertThat(register(
                                Map.of(
                                        "client_name",
                                        "Café ☕ 東京 مرحبا",
                                        "redirect_uris",
                                        List.of("http://127.0.0.1/cb")),
                                uniqueAddress())
                        .getResponse()
                        .getStatus())
                .isEqualTo(201);
    }

    @Test
    void registrationsPerAddressAreLimited() throws Exception {
        String address = uniqueAddress();
        for (int i = 0; i < 5; i++) {
            assertThat(register(Map.of("redirect_uris", List.of("http://127.0.0.1/cb")), address)
                            .getResponse()
                            .getStatus())
                    .isEqualTo(201);
        }
        MockHttpServletResponse limited = register(Map.of("redirect_uris", List.of("http://127.0.0.1/cb")), address)
                .getResponse();
        assertThat(limited.getStatus()).isEqualTo(429);
        assertThat(limited.getHeader("Retry-After")).isEqualTo("3600");
        assertThat(register(Map.of("redirect_uris", List.of("http://127.0.0.1/cb")), uniqueAddress())
                        .getResponse()
                        .getStatus())
                .isEqualTo(201);
    }

    // ----- authorization code + PKCE

    @Test
    void aClientGetsATokenForTheWorkspaceTheUserPicksAndActsOnlyForIt() throws Exception {
        Account ana = signUp("Ana");
        Workspace second = workspaces.create("Second workspace", Plan.TEAM);
        memberships.add(second.id(), ana.userId(), Role.MEMBER);
        String clientId = registerClient("Claude Code", "http://127.0.0.1/callback");
        Pkce pkce = Pkce.create();

        // Signed out: the authorization endpoint sends the browser to sign in, then back.
        MockHttpSession browser = new MockHttpSession();
        String authorize = authorizeUrl(clientId, "http://127.0.0.1:33418/callback", pkce, "S256", RESOURCE);
        mvc.perform(get(authorize).session(browser))
                .andExpect(status().isFound())
                .andExpect(redirectedUrl("/signin"));
        String back = mvc.perform(post("/signin")
                        .session(browser)
                        .with(csrf())
                        .param("email", ana.email())
                        .param("password", PASSWORD))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(back).startsWith("http://localhost/oauth2/authorize?");

        String consentUrl = mvc.perform(get(URI.create(back)).session(browser))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(consentUrl).contains("/oauth2/consent");
        String page = mvc.perform(get(URI.create(consentUrl)).session(browser))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(page)
                .contains("Claude Code")
                .contains("127.0.0.1")
                .contains("Ana&#39;s workspace")
                .contains("Second workspace");

        String callback = consent(browser, consentUrl, second.id());
        assertThat(callback).startsWith("http://127.0.0.1:33418/callback?code=").contains("state=client-state");

        JsonNode tokens = exchange(clientId, code(callback), "http://127.0.0.1:33418/callback", pkce, RESOURCE);
        assertThat(tokens.get("token_type").asString()).isEqualTo("Bearer");
        Map<String, Object> claims = claims(tokens.get("access_token").asString());
        // A single audience is written as a string (RFC 7519 allows either).
        assertThat(claims.get("aud")).isIn(RESOURCE, List.of(RESOURCE));
        assertThat(claims.get("workspace_id")).isEqualTo(second.id());
        assertThat(claims.get("iss")).isEqualTo("http://localhost");
        assertThat(claims.get("sub")).isEqualTo(ana.userId());
        String grantId = (String) claims.get("grant_id");

        assertThat(whoami(tokens.get("access_token").asString()))
                .isEqualTo(second.id() + " oauth_grant:" + grantId + " TEAM");
        assertThat(grants.listForWorkspace(second.id())).singleElement().satisfies(grant -> {
            assertThat(grant.clientName()).isEqualTo("Claude Code");
            assertThat(grant.userEmail()).isEqualTo(ana.email());
            assertThat(grant.lastUsedAt()).isNotNull();
        });
        assertThat(grants.listForWorkspace(ana.workspaceId())).isEmpty();
    }

    @Test
    void aWorkspaceTheUserIsNotAMemberOfCannotBeChosen() throws Exception {
        Account ana = signUp("Ana");
        Account bob = signUp("Bob");
        String clientId = registerClient("Cursor", "cursor://anysphere.cursor-retrieval/oauth/callback");
        Pkce pkce = Pkce.create();

        String consentUrl = startAuthorization(
                ana.session(),
                authorizeUrl(clientId, "cursor://anysphere.cursor-retrieval/oauth/callback", pkce, "S256", null));
        String denied = consent(ana.session(), consentUrl, bob.workspaceId());
        assertThat(denied).startsWith("cursor://anysphere.cursor-retrieval/oauth/callback?error=access_denied");
        assertThat(grants.listForWorkspace(bob.workspaceId())).isEmpty();
    }

    @Test
    void cancellingTheConsentDeniesAccess() throws Exception {
        Account ana = signUp("Ana");
        String clientId = registerClient("VS Code", "http://127.0.0.1/callback");
        String consentUrl = startAuthorization(
                ana.session(), authorizeUrl(clientId, "http://127.0.0.1/callback", Pkce.create(), "S256", null));
        String denied = consent(ana.session(), consentUrl, null);
        assertThat(denied).startsWith("http://127.0.0.1/callback?error=access_denied");
    }

    @Test
    void plainPkceAnotherResourceAndAnUnregisteredRedirectAreRefused() throws Exception {
        Account ana = signUp("Ana");
        String clientId = registerClient("Client", "http://127.0.0.1:5000/callback");
        Pkce pkce = Pkce.create();

        String plain = mvc.perform(get(authorizeUrl(clientId, "http://127.0.0.1/callback", pkce, "plain", null))
                        .session(ana.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(plain).startsWith("http://127.0.0.1/callback?error=invalid_request");

        String other = mvc.perform(get(authorizeUrl(
                                clientId, "http://127.0.0.1/callback", pkce, "S256", "https://other.example.com/api"))
                        .session(ana.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(other).startsWith("http://127.0.0.1/callback?error=invalid_target");

        // Another path, or another host, is not the registered loopback URI: no redirect at all.
        mvc.perform(get(authorizeUrl(clientId, "http://127.0.0.1:5000/elsewhere", pkce, "S256", null))
                        .session(ana.session()))
                .andExpect(status().isBadRequest());
        mvc.perform(get(authorizeUrl(clientId, "http://localhost:5000/callback", pkce, "S256", null))
                        .session(ana.session()))
                .andExpect(status().isBadRequest());
    }

    @Test
    void theCodeNeedsTheVerifierAndTheTokenEndpointRefusesAnotherResource() throws Exception {
        Account ana = signUp("Ana");
        String clientId = registerClient("Client", "http://localhost/callback");
        Pkce pkce = Pkce.create();
        String callback = consent(
                ana.session(),
                startAuthorization(
                        ana.session(), authorizeUrl(clientId, "http://localhost:4000/callback", pkce, "S256", null)),
                ana.workspaceId());
        String code = code(callback);

        mvc.perform(post("/oauth2/token")
                        .param("grant_type", "authorization_code")
                        .param("code", code)
                        .param("redirect_uri", "http://localhost:4000/callback")
                        .param("client_id", clientId)
                        .param("code_verifier", Pkce.create().verifier()))
                .andExpect(status().isBadRequest());
        MvcResult otherResource = mvc.perform(post("/oauth2/token")
                        .param("grant_type", "authorization_code")
                        .param("code", code)
                        .param("redirect_uri", "http://localhost:4000/callback")
                        .param("client_id", clientId)
                        .param("code_verifier", pkce.verifier())
                        .param("resource", "https://other.example.com/api"))
                .andReturn();
        assertThat(otherResource.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(otherResource).get("error").asString()).isEqualTo("invalid_target");
    }

    // ----- the MCP endpoint

    @Test
    void tokensForAnotherAudienceOrExpiredOrRevokedAreRefused() throws Exception {
        Account ana = signUp("Ana");
        JsonNode tokens = authorizedTokens(ana, ana.workspaceId());
        String accessToken = tokens.get("access_token").asString();
        Map<String, Object> claims = claims(accessToken);
        assertThat(whoami(accessToken)).startsWith(ana.workspaceId());

        // Signed with the server's own key, for its own grant, but for another resource.
        String otherAudience = sign(JwtClaimsSet.builder()
                .issuer("http://localhost")
                .subject(ana.userId())
                .audience(List.of("https://other.example.com/api"))
                .issuedAt(Instant.now())
                .expiresAt(Instant.now().plusSeconds(600))
                .claim("grant_id", claims.get("grant_id"))
                .build());
        refused(otherAudience);

        clock.advance(Duration.ofHours(2));
        refused(accessToken);
        clock.reset();
        assertThat(whoami(accessToken)).startsWith(ana.workspaceId());

        assertThat(grants.revokeInWorkspace(ana.workspaceId(), (String) claims.get("grant_id")))
                .isTrue();
        refused(accessToken);
    }

    @Test
    void aMemberWhoLeftTheWorkspaceLosesTheGrantsAccess() throws Exception {
        Account ana = signUp("Ana");
        Workspace shared = workspaces.create("Shared", Plan.FREE);
        memberships.add(shared.id(), ana.userId(), Role.MEMBER);
        String accessToken =
                authorizedTokens(ana, shared.id()).get("access_token").asString();
        assertThat(whoami(accessToken)).startsWith(shared.id()).endsWith("FREE");

        memberships.remove(shared.id(), ana.userId());
        refused(accessToken);
    }

    @Test
    void anApiKeyStillWorksOnTheMcpEndpoint() throws Exception {
        Account ana = signUp("Ana");
        var issued = keys.issue(ana.workspaceId(), "ci");
        String answer = mvc.perform(post("/api/mcp").header(HttpHeaders.AUTHORIZATION, "Bearer " + issued.secret()))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(answer)
                .isEqualTo(ana.workspaceId() + " api_key:" + issued.key().id() + " FREE");
        refused("spl_" + "x".repeat(43));
    }

    // ----- refresh

    @Test
    void refreshRotatesWithAGraceForTheReplacedTokenAndAReplayAfterItRevokesTheGrant() throws Exception {
        Account ana = signUp("Ana");
        String clientId = registerClient("Client", "http://127.0.0.1/callback");
        JsonNode first = authorizedTokens(ana, ana.workspaceId(), clientId);
        String firstRefresh = first.get("refresh_token").asString();

        JsonNode second = json(refresh(clientId, firstRefresh));
        assertThat(second.get("refresh_token").asString()).isNotEqualTo(firstRefresh);
        assertThat(second.get("access_token").asString())
                .isNotEqualTo(first.get("access_token").asString());
        refused(first.get("access_token").asString());
        whoami(second.get("access_token").asString());

        // The client lost the answer and retries with the token it sent: the same new pair.
        JsonNode retried = json(refresh(clientId, firstRefresh));
        assertThat(retried.get("refresh_token").asString())
                .isEqualTo(second.get("refresh_token").asString());
        assertThat(retried.get("access_token").asString())
                .isEqualTo(second.get("access_token").asString());

        clock.advance(Duration.ofSeconds(31));
        MvcResult replay = refresh(clientId, firstRefresh);
        assertThat(replay.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(replay).get("error").asString()).isEqualTo("invalid_grant");
        refused(second.get("access_token").asString());
        assertThat(refresh(clientId, second.get("refresh_token").asString())
                        .getResponse()
                        .getStatus())
                .isEqualTo(400);
    }

    @Test
    void aRemovedMembersRefreshIsInvalidGrantAndEndsTheGrant() throws Exception {
        Account ana = signUp("Ana");
        Workspace shared = workspaces.create("Shared", Plan.FREE);
        memberships.add(shared.id(), ana.userId(), Role.MEMBER);
        String clientId = registerClient("Client", "http://127.0.0.1/callback");
        JsonNode first = authorizedTokens(ana, shared.id(), clientId);
        String grantId = (String) claims(first.get("access_token").asString()).get("grant_id");
        JsonNode second = json(refresh(clientId, first.get("refresh_token").asString()));

        memberships.remove(shared.id(), ana.userId());

        // Within the grace, the replaced token would get the same pair again: not for a removed member.
        MvcResult retried = refresh(clientId, first.get("refresh_token").asString());
        assertThat(retried.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(retried).get("error").asString()).isEqualTo("invalid_grant");
        MvcResult refreshed = refresh(clientId, second.get("refresh_token").asString());
        assertThat(refreshed.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(refreshed).get("error").asString()).isEqualTo("invalid_grant");
        assertThat(grants.find(grantId)).as("the grant is revoked").isEmpty();

        // Added back, the old refresh token does not come back to life: the user consents again.
        memberships.add(shared.id(), ana.userId(), Role.MEMBER);
        assertThat(json(refresh(clientId, second.get("refresh_token").asString()))
                        .get("error")
                        .asString())
                .isEqualTo("invalid_grant");
    }

    @Test
    void theCollectorsRefreshAfterItsUserLeftIsInvalidGrant() throws Exception {
        Account ana = signUp("Ana");
        Workspace shared = workspaces.create("Shared", Plan.FREE);
        memberships.add(shared.id(), ana.userId(), Role.MEMBER);
        JsonNode tokens = collectorTokens(ana, shared.id());

        memberships.remove(shared.id(), ana.userId());

        MvcResult refreshed = refresh(COLLECTOR, tokens.get("refresh_token").asString());
        assertThat(refreshed.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(refreshed).get("error").asString()).isEqualTo("invalid_grant");
        assertThat(grants.listForWorkspace(shared.id())).isEmpty();
    }

    /** The collector's device grant, allowed by {@code account} for {@code workspaceId}. */
    private JsonNode collectorTokens(Account account, String workspaceId) throws Exception {
        JsonNode device = json(mvc.perform(post("/oauth2/device_authorization")
                        .param("client_id", COLLECTOR)
                        .param("scope", "usage:write"))
                .andReturn());
        String consentUrl = mvc.perform(get(
                                "/oauth2/device_verification?user_code={code}",
                                device.get("user_code").asString())
                        .session(account.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(consent(account.session(), consentUrl, workspaceId)).isEqualTo("/activate?success");
        MvcResult issued = deviceToken(device.get("device_code").asString());
        assertThat(issued.getResponse().getStatus()).isEqualTo(200);
        return json(issued);
    }

    // ----- device grant

    @Test
    void aDeviceIsAuthorizedByTheSignedInUserWithTheCodeItShows() throws Exception {
        Account ana = signUp("Ana");
        MvcResult registered = register(
                Map.of(
                        "client_name", "spendline collector",
                        "grant_types", List.of("urn:ietf:params:oauth:grant-type:device_code", "refresh_token"),
                        "token_endpoint_auth_method", "none"),
                uniqueAddress());
        assertThat(registered.getResponse().getStatus()).isEqualTo(201);
        String clientId = json(registered).get("client_id").asString();

        JsonNode device = json(mvc.perform(post("/oauth2/device_authorization").param("client_id", clientId))
                .andExpect(status().isOk())
                .andReturn());
        assertThat(device.get("verification_uri").asString()).isEqualTo("http://localhost/activate");
        String userCode = device.get("user_code").asString();

        MvcResult pending = mvc.perform(post("/oauth2/token")
                        .param("grant_type", "urn:ietf:params:oauth:grant-type:device_code")
                        .param("device_code", device.get("device_code").asString())
                        .param("client_id", clientId))
                .andReturn();
        assertThat(json(pending).get("error").asString()).isEqualTo("authorization_pending");

        mvc.perform(get("/activate").session(ana.session())).andExpect(status().isOk());
        String consentUrl = mvc.perform(get("/oauth2/device_verification?user_code={code}", userCode)
                        .session(ana.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        String page = mvc.perform(get(URI.create(consentUrl)).session(ana.session()))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(page).contains("spendline collector").contains(userCode).contains("/oauth2/device_verification");
        String done = consent(ana.session(), consentUrl, ana.workspaceId());
        assertThat(done).isEqualTo("/activate?success");

        JsonNode tokens = json(mvc.perform(post("/oauth2/token")
                        .param("grant_type", "urn:ietf:params:oauth:grant-type:device_code")
                        .param("device_code", device.get("device_code").asString())
                        .param("client_id", clientId))
                .andExpect(status().isOk())
                .andReturn());
        assertThat(claims(tokens.get("access_token").asString()).get("workspace_id"))
                .isEqualTo(ana.workspaceId());
        assertThat(whoami(tokens.get("access_token").asString())).startsWith(ana.workspaceId() + " oauth_grant:");
        assertThat(json(refresh(clientId, tokens.get("refresh_token").asString()))
                        .has("access_token"))
                .isTrue();
    }

    // ----- the collector (a first-party client)

    static final String COLLECTOR = "spendline-collector";
    static final String INGEST = "http://localhost/api/v1/internal-usage";

    @Test
    void theCollectorIsAPublicClientRegisteredAtStartThatNeverExpires() throws Exception {
        RegisteredClient collector = clients.findByClientId(COLLECTOR);
        assertThat(collector).isNotNull();
        assertThat(collector.getClientName()).isEqualTo("Spendline collector");
        assertThat(collector.getClientAuthenticationMethods()).containsExactly(ClientAuthenticationMethod.NONE);
        assertThat(collector.getAuthorizationGrantTypes())
                .containsExactlyInAnyOrder(
                        AuthorizationGrantType.AUTHORIZATION_CODE,
                        AuthorizationGrantType.REFRESH_TOKEN,
                        AuthorizationGrantType.DEVICE_CODE);
        assertThat(collector.getRedirectUris()).containsExactly("http://127.0.0.1/callback");
        assertThat(collector.getScopes()).containsExactly("usage:write");
        assertThat(collector.getClientSettings().isRequireProofKey()).isTrue();
        assertThat(collector.getClientSecret()).isNull();

        // Registering again (the next start) keeps one client with its first issue time.
        CollectorClient.register(clients, properties, clock);
        assertThat(clients.findByClientId(COLLECTOR).getClientIdIssuedAt()).isEqualTo(collector.getClientIdIssuedAt());

        // The clean-up of clients no one authorized skips it, however old.
        clock.advance(Duration.ofDays(400));
        grants.deleteUnusedClients(Duration.ofHours(24));
        assertThat(clients.findByClientId(COLLECTOR)).isNotNull();

        JsonNode metadata = json(mvc.perform(get("/.well-known/oauth-authorization-server"))
                .andExpect(status().isOk())
                .andReturn());
        assertThat(strings(metadata.get("scopes_supported"))).contains("mcp", "usage:write");
    }

    @Test
    void theCollectorsDeviceCodeGivesAnIngestTokenNamingItsUserAndWorkspace() throws Exception {
        Account ana = signUp("Ana");
        MvcResult started = mvc.perform(post("/oauth2/device_authorization")
                        .param("client_id", COLLECTOR)
                        .param("scope", "usage:write"))
                .andReturn();
        assertThat(started.getResponse().getStatus())
                .as(started.getResponse().getContentAsString())
                .isEqualTo(200);
        JsonNode device = json(started);
        String deviceCode = device.get("device_code").asString();
        String userCode = device.get("user_code").asString();
        assertThat(userCode).matches("[A-Z]{4}-[A-Z]{4}");
        assertThat(device.get("verification_uri").asString()).isEqualTo("http://localhost/activate");
        assertThat(device.get("verification_uri_complete").asString())
                .isEqualTo("http://localhost/activate?user_code=" + userCode);
        assertThat(device.get("expires_in").asInt()).isPositive();

        assertThat(json(deviceToken(deviceCode)).get("error").asString()).isEqualTo("authorization_pending");

        String consentUrl = mvc.perform(get("/oauth2/device_verification?user_code={code}", userCode)
                        .session(ana.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        String page = mvc.perform(get(URI.create(consentUrl)).session(ana.session()))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(page)
                .contains("Spendline collector")
                .contains("send the usage of your AI coding tools")
                .contains(ana.email())
                .contains("cannot read the workspace")
                .doesNotContain("through MCP");
        assertThat(consent(ana.session(), consentUrl, ana.workspaceId())).isEqualTo("/activate?success");

        MvcResult issued = deviceToken(deviceCode);
        assertThat(issued.getResponse().getStatus())
                .as(issued.getResponse().getContentAsString())
                .isEqualTo(200);
        JsonNode tokens = json(issued);
        assertThat(tokens.get("scope").asString()).isEqualTo("usage:write");
        assertThat(tokens.has("refresh_token")).isTrue();
        Map<String, Object> claims = claims(tokens.get("access_token").asString());
        assertThat(claims.get("aud")).isEqualTo(INGEST);
        assertThat(claims.get("iss")).isEqualTo("http://localhost");
        assertThat(claims.get("scope")).isEqualTo(List.of("usage:write"));
        assertThat(claims.get("email")).isEqualTo(ana.email());
        assertThat(claims.get("name")).isEqualTo("Ana");
        assertThat(claims.get("workspace_id")).isEqualTo(ana.workspaceId());
        assertThat(claims.get("workspace_name"))
                .isEqualTo(workspaces.findById(ana.workspaceId()).orElseThrow().name());
        assertThat(claims.get("grant_id")).isNotNull();

        // Not a token for the MCP endpoint.
        refused(tokens.get("access_token").asString());
        // The grant is listed with the workspace's others, under the collector's name.
        assertThat(grants.listForWorkspace(ana.workspaceId()))
                .anySatisfy(grant -> assertThat(grant.clientName()).isEqualTo("Spendline collector"));
        // Refreshing keeps the audience.
        JsonNode refreshed = json(refresh(COLLECTOR, tokens.get("refresh_token").asString()));
        assertThat(claims(refreshed.get("access_token").asString()).get("aud")).isEqualTo(INGEST);
    }

    @Test
    void theCollectorMayNameItsResourceButNoOther() throws Exception {
        assertThat(mvc.perform(post("/oauth2/device_authorization")
                                .param("client_id", COLLECTOR)
                                .param("scope", "usage:write")
                                .param("resource", INGEST))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(200);
        MvcResult mcp = mvc.perform(post("/oauth2/device_authorization")
                        .param("client_id", COLLECTOR)
                        .param("scope", "usage:write")
                        .param("resource", RESOURCE))
                .andReturn();
        assertThat(mcp.getResponse().getStatus()).isEqualTo(400);
        assertThat(json(mcp).get("error").asString()).isEqualTo("invalid_target");
        MvcResult otherScope = mvc.perform(post("/oauth2/device_authorization")
                        .param("client_id", COLLECTOR)
                        .param("scope", "mcp"))
                .andReturn();
        assertThat(json(otherScope).get("error").asString()).isEqualTo("invalid_scope");
    }

    @Test
    void theCollectorAuthorizesWithPkceOnAnyLoopbackPort() throws Exception {
        Account ana = signUp("Ana");
        Pkce pkce = Pkce.create();
        String redirect = "http://127.0.0.1:" + (30000 + (int) (Math.random() * 1000)) + "/callback";
        String mcpResource = mvc.perform(get(URI.create(
                                authorizeUrl(COLLECTOR, redirect, pkce, "S256", RESOURCE) + "&scope=usage:write"))
                        .session(ana.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(mcpResource).startsWith(redirect + "?error=invalid_target");

        String consentUrl = startAuthorization(
                ana.session(), authorizeUrl(COLLECTOR, redirect, pkce, "S256", null) + "&scope=usage:write");
        String callback = consent(ana.session(), consentUrl, ana.workspaceId());
        assertThat(callback).startsWith(redirect + "?code=");
        JsonNode tokens = exchange(COLLECTOR, code(callback), redirect, pkce, null);
        Map<String, Object> claims = claims(tokens.get("access_token").asString());
        assertThat(claims.get("aud")).isEqualTo(INGEST);
        assertThat(claims.get("email")).isEqualTo(ana.email());
    }

    @Test
    void theCollectorGetsItsScopeWhenItAsksForNone() throws Exception {
        Account ana = signUp("Ana");
        JsonNode device = json(mvc.perform(post("/oauth2/device_authorization").param("client_id", COLLECTOR))
                .andExpect(status().isOk())
                .andReturn());
        assertThat(device.has("scope") ? device.get("scope").asString() : "usage:write")
                .isEqualTo("usage:write");
        String consentUrl = mvc.perform(get(
                                "/oauth2/device_verification?user_code={code}",
                                device.get("user_code").asString())
                        .session(ana.session()))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        consent(ana.session(), consentUrl, ana.workspaceId());
        JsonNode deviceTokens = json(deviceToken(device.get("device_code").asString()));
        assertThat(claims(deviceTokens.get("access_token").asString()).get("scope"))
                .isEqualTo(List.of("usage:write"));

        Pkce pkce = Pkce.create();
        String redirect = "http://127.0.0.1:" + (31000 + (int) (Math.random() * 1000)) + "/callback";
        String callback = consent(
                ana.session(),
                startAuthorization(ana.session(), authorizeUrl(COLLECTOR, redirect, pkce, "S256", null)),
                ana.workspaceId());
        JsonNode codeTokens = exchange(COLLECTOR, code(callback), redirect, pkce, null);
        assertThat(claims(codeTokens.get("access_token").asString()).get("scope"))
                .isEqualTo(List.of("usage:write"));
    }

    @Test
    void mcpTokensCarryTheUserAndWorkspaceClaimsToo() throws Exception {
        Account ana = signUp("Ana");
        Map<String, Object> claims = claims(
                authorizedTokens(ana, ana.workspaceId()).get("access_token").asString());
        assertThat(claims.get("aud")).isEqualTo(RESOURCE);
        assertThat(claims.get("email")).isEqualTo(ana.email());
        assertThat(claims.get("name")).isEqualTo("Ana");
        assertThat(claims.get("workspace_name")).isNotNull();
    }

    @Test
    void aPublicClientRevokingItsRefreshTokenEndsItsGrant() throws Exception {
        Account ana = signUp("Ana");
        String clientId = registerClient("Revoker", "http://127.0.0.1/callback");
        JsonNode tokens = authorizedTokens(ana, ana.workspaceId(), clientId);
        String grantId = (String) claims(tokens.get("access_token").asString()).get("grant_id");

        // Revoking the access token alone keeps the grant: the client may refresh.
        mvc.perform(post("/oauth2/revoke")
                        .param("token", tokens.get("access_token").asString())
                        .param("token_type_hint", "access_token")
                        .param("client_id", clientId))
                .andExpect(status().isOk());
        refused(tokens.get("access_token").asString());
        assertThat(grants.find(grantId)).isPresent();

        // Another client cannot revoke it.
        String other = registerClient("Other", "http://127.0.0.1/callback");
        mvc.perform(post("/oauth2/revoke")
                        .param("token", tokens.get("refresh_token").asString())
                        .param("client_id", other))
                .andExpect(status().is4xxClientError());
        assertThat(grants.find(grantId)).isPresent();

        mvc.perform(post("/oauth2/revoke")
                        .param("token", tokens.get("refresh_token").asString())
                        .param("token_type_hint", "refresh_token")
                        .param("client_id", clientId))
                .andExpect(status().isOk());
        assertThat(grants.find(grantId)).isEmpty();
        assertThat(grants.listForWorkspace(ana.workspaceId()))
                .noneMatch(grant -> grant.id().equals(grantId));
        assertThat(refresh(clientId, tokens.get("refresh_token").asString())
                        .getResponse()
                        .getStatus())
                .isEqualTo(400);
    }

    private MvcResult deviceToken(String deviceCode) throws Exception {
        return mvc.perform(post("/oauth2/token")
                        .param("grant_type", "urn:ietf:params:oauth:grant-type:device_code")
                        .param("device_code", deviceCode)
                        .param("client_id", COLLECTOR))
                .andReturn();
    }

    // ----- settings

    @Test
    void settingsListTheWorkspacesGrantsAndOnlyManagersRevokeThem() throws Exception {
        Account owner = signUp("Owner");
        Account member = signUp("Member");
        memberships.add(owner.workspaceId(), member.userId(), Role.MEMBER);
        String accessToken = authorizedTokens(member, owner.workspaceId())
                .get("access_token")
                .asString();
        String grantId = (String) claims(accessToken).get("grant_id");
        mvc.perform(post("/app/workspaces/switch")
                        .session(member.session())
                        .with(csrf())
                        .param("workspaceId", owner.workspaceId()))
                .andExpect(status().isFound());

        String list = mvc.perform(get("/app/settings/grants").session(owner.session()))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(list).contains("Test client").contains(member.email()).contains("Revoke Test client");
        String memberView = mvc.perform(get("/app/settings/grants").session(member.session()))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(memberView).contains("Test client").doesNotContain("Revoke Test client");

        mvc.perform(post("/app/settings/grants/" + grantId + "/revoke")
                        .session(member.session())
                        .with(csrf()))
                .andExpect(status().isForbidden());
        whoami(accessToken);
        Account stranger = signUp("Stranger");
        mvc.perform(post("/app/settings/grants/" + grantId + "/revoke")
                        .session(stranger.session())
                        .with(csrf()))
                .andExpect(status().isNotFound());
        whoami(accessToken);

        mvc.perform(post("/app/settings/grants/" + grantId + "/revoke")
                        .session(owner.session())
                        .with(csrf()))
                .andExpect(redirectedUrl("/app/settings/grants"));
        refused(accessToken);
        assertThat(grants.listForWorkspace(owner.workspaceId())).isEmpty();
    }

    // ----- helpers

    record Account(String email, String userId, String workspaceId, MockHttpSession session) {}

    record Pkce(String verifier, String challenge) {
        static Pkce create() throws Exception {
            String verifier = Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString((UUID.randomUUID() + "-" + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8));
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return new Pkce(verifier, Base64.getUrlEncoder().withoutPadding().encodeToString(digest));
        }
    }

    private Account signUp(String name) throws Exception {
        String email = name.toLowerCase() + "-" + UUID.randomUUID() + "@example.com";
        MvcResult result = mvc.perform(post("/signup")
                        .with(csrf())
                        .param("email", email)
                        .param("name", name)
                        .param("password", PASSWORD))
                .andExpect(redirectedUrl("/app"))
                .andReturn();
        String userId = users.findByEmail(email).orElseThrow().id();
        String workspaceId = memberships.forUser(userId).get(0).workspaceId();
        return new Account(email, userId, workspaceId, (MockHttpSession)
                result.getRequest().getSession());
    }

    private MvcResult register(Map<String, Object> metadata, String address) throws Exception {
        return mvc.perform(post("/oauth2/register")
                        .with(request -> {
                            request.setRemoteAddr(address);
                            return request;
                        })
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(JSON.writeValueAsString(metadata)))
                .andReturn();
    }

    private String registerClient(String name, String redirectUri) throws Exception {
        MvcResult result = register(
                Map.of(
                        "client_name", name,
                        "redirect_uris", List.of(redirectUri),
                        "grant_types", List.of("authorization_code", "refresh_token"),
                        "response_types", List.of("code"),
                        "token_endpoint_auth_method", "none"),
                uniqueAddress());
        assertThat(result.getResponse().getStatus())
                .as(result.getResponse().getContentAsString())
                .isEqualTo(201);
        return json(result).get("client_id").asString();
    }

    private static String authorizeUrl(String clientId, String redirectUri, Pkce pkce, String method, String resource) {
        UriComponentsBuilder url = UriComponentsBuilder.fromUriString("http://localhost/oauth2/authorize")
                .queryParam("response_type", "code")
                .queryParam("client_id", clientId)
                .queryParam("redirect_uri", redirectUri)
                .queryParam("state", "client-state")
                .queryParam("code_challenge", pkce.challenge())
                .queryParam("code_challenge_method", method);
        if (resource != null) {
            url.queryParam("resource", resource);
        }
        return url.encode().build().toUriString();
    }

    /** A signed-in browser asks to authorize: the consent page's URL. */
    private String startAuthorization(MockHttpSession session, String authorizeUrl) throws Exception {
        String consentUrl = mvc.perform(get(URI.create(authorizeUrl)).session(session))
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
        assertThat(consentUrl).contains("/oauth2/consent");
        return consentUrl;
    }

    /** Submits the consent page with {@code workspaceId} chosen (null: Cancel); where the browser goes next. */
    private String consent(MockHttpSession session, String consentUrl, String workspaceId) throws Exception {
        String page = mvc.perform(get(URI.create(consentUrl)).session(session))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        Matcher action =
                Pattern.compile("<form class=\"stack\" action=\"([^\"]+)\"").matcher(page);
        assertThat(action.find()).isTrue();
        var request = post(action.group(1)).session(session).with(csrf());
        Matcher hidden = Pattern.compile(
                        "<input type=\"hidden\" name=\"(client_id|state|user_code|scope)\" value=\"([^\"]*)\"")
                .matcher(page.substring(0, page.indexOf("</form>")));
        while (hidden.find()) {
            request.param(hidden.group(1), org.springframework.web.util.HtmlUtils.htmlUnescape(hidden.group(2)));
        }
        if (workspaceId != null) {
            request.param("workspace", workspaceId);
        }
        return mvc.perform(request)
                .andExpect(status().isFound())
                .andReturn()
                .getResponse()
                .getRedirectedUrl();
    }

    private static String code(String callback) {
        return UriComponentsBuilder.fromUriString(callback)
                .build()
                .getQueryParams()
                .getFirst("code");
    }

    private JsonNode exchange(String clientId, String code, String redirectUri, Pkce pkce, String resource)
            throws Exception {
        var request = post("/oauth2/token")
                .param("grant_type", "authorization_code")
                .param("code", code)
                .param("redirect_uri", redirectUri)
                .param("client_id", clientId)
                .param("code_verifier", pkce.verifier());
        if (resource != null) {
            request.param("resource", resource);
        }
        MvcResult result = mvc.perform(request).andReturn();
        assertThat(result.getResponse().getStatus())
                .as(result.getResponse().getContentAsString())
                .isEqualTo(200);
        return json(result);
    }

    private JsonNode authorizedTokens(Account user, String workspaceId) throws Exception {
        return authorizedTokens(user, workspaceId, registerClient("Test client", "http://127.0.0.1/callback"));
    }

    private JsonNode authorizedTokens(Account user, String workspaceId, String clientId) throws Exception {
        Pkce pkce = Pkce.create();
        String redirect = "http://127.0.0.1:" + (20000 + (int) (Math.random() * 1000)) + "/callback";
        String callback = consent(
                user.session(),
                startAuthorization(user.session(), authorizeUrl(clientId, redirect, pkce, "S256", RESOURCE)),
                workspaceId);
        return exchange(clientId, code(callback), redirect, pkce, RESOURCE);
    }

    private MvcResult refresh(String clientId, String refreshToken) throws Exception {
        return mvc.perform(post("/oauth2/token")
                        .param("grant_type", "refresh_token")
                        .param("refresh_token", refreshToken)
                        .param("client_id", clientId))
                .andReturn();
    }

    private String whoami(String accessToken) throws Exception {
        return mvc.perform(post("/api/mcp").header(HttpHeaders.AUTHORIZATION, "Bearer " + accessToken))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
    }

    private void refused(String accessToken) throws Exception {
        mvc.perform(post("/api/mcp").header(HttpHeaders.AUTHORIZATION, "Bearer " + accessToken))
                .andExpect(status().isUnauthorized())
                .andExpect(header().string(
                                HttpHeaders.WWW_AUTHENTICATE,
                                org.hamcrest.Matchers.containsString("resource_metadata=")));
    }

    private String sign(JwtClaimsSet claims) {
        return new NimbusJwtEncoder(jwkSource)
                .encode(JwtEncoderParameters.from(
                        JwsHeader.with(SignatureAlgorithm.RS256).build(), claims))
                .getTokenValue();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> claims(String jwt) {
        String payload = jwt.split("\\.")[1];
        return JSON.readValue(Base64.getUrlDecoder().decode(payload), Map.class);
    }

    private static JsonNode json(MvcResult result) throws Exception {
        return JSON.readTree(result.getResponse().getContentAsString());
    }

    private static List<String> strings(JsonNode array) {
        return array.valueStream().map(JsonNode::asString).toList();
    }

    private static String uniqueAddress() {
        return "10." + (int) (Math.random() * 250) + "." + (int) (Math.random() * 250) + "."
                + (1 + (int) (Math.random() * 250));
    }

    /** A stand-in for the MCP servlet: says whom the request acts for. */
    @RestController
    static class McpStandIn {
        @PostMapping("/api/mcp")
        String whoami(@AuthenticationPrincipal Principal principal) {
            return principal.workspaceId() + " " + principal.credential().reference() + " " + principal.plan();
        }

        @GetMapping("/api/mcp")
        String get(@AuthenticationPrincipal Principal principal) {
            return whoami(principal);
        }
    }

    /** The application's clock, moved by a test and put back after it. */
    static final class TestClock extends Clock {
        private volatile Duration offset = Duration.ZERO;

        void advance(Duration duration) {
            offset = offset.plus(duration);
        }

        void reset() {
            offset = Duration.ZERO;
        }

        @Override
        public Instant instant() {
            return Instant.now().plus(offset);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @SpringBootConfiguration
    @Import({
        ControlPlaneConfiguration.class,
        SecurityConfiguration.class,
        InternalPortSecurity.class,
        SessionSecurity.class,
        AuthorizationServerSecurity.class,
        DashboardFrame.class,
        OAuthGrantsConfiguration.class,
        McpStandIn.class
    })
    static class Config {

        @Bean
        DataSource controlPlane() {
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(
                    "jdbc:h2:mem:oauth_" + UUID.randomUUID().toString().replace("-", ""));
            dataSource.setUsername("sa");
            dataSource.setMinimumIdle(1);
            ControlPlaneMigrations.migrate(dataSource);
            return dataSource;
        }

        @Bean
        TestClock clock() {
            return new TestClock();
        }
    }
}
