package dev.spendline.controlplane.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.DatabaseTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.OAuth2AccessToken;
import org.springframework.security.oauth2.core.OAuth2RefreshToken;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2Authorization;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationCode;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2TokenType;
import org.springframework.security.oauth2.server.authorization.client.JdbcRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;

/**
 * Spring Security's own JDBC stores of the authorization server (clients, authorizations,
 * consents) on the V6 tables, on H2 and on PostgreSQL: the tables replace Spring's {@code blob}
 * columns with {@code varchar}, and Spring picks each value's SQL type from the column's metadata,
 * so this is where a type mismatch on PostgreSQL would show (the application's tests run on H2).
 */
class SpringAuthorizationStoresTest extends DatabaseTest {

    private JdbcRegisteredClientRepository clients;
    private JdbcOAuth2AuthorizationService authorizations;
    private JdbcOAuth2AuthorizationConsentService consents;

    @BeforeEach
    void stores() {
        JdbcTemplate template = new JdbcTemplate(dataSource());
        template.update("delete from oauth2_authorization");
        template.update("delete from oauth2_authorization_consent");
        template.update("delete from oauth2_registered_client");
        clients = new JdbcRegisteredClientRepository(template);
        authorizations = new JdbcOAuth2AuthorizationService(template, clients);
        consents = new JdbcOAuth2AuthorizationConsentService(template, clients);
    }

    @Test
    void aPublicClientItsAuthorizationAndItsConsentAreStoredAndFoundByEveryToken() {
        RegisteredClient client = RegisteredClient.withId("rc-1")
                .clientId("client-1")
                .clientIdIssuedAt(Instant.now().truncatedTo(ChronoUnit.SECONDS))
                .clientName("Claude Code")
                .clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .authorizationGrantType(AuthorizationGrantType.REFRESH_TOKEN)
                .redirectUri("http://127.0.0.1/callback")
                .scope("mcp")
                .clientSettings(ClientSettings.builder().requireProofKey(true).build())
                .build();
        clients.save(client);
        assertThat(clients.findByClientId("client-1")).isNotNull().satisfies(found -> {
            assertThat(found.getClientName()).isEqualTo("Claude Code");
            assertThat(found.getClientSettings().isRequireProofKey()).isTrue();
        });

        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String jwt = "eyJ" + "a".repeat(1200);
        OAuth2Authorization authorization = OAuth2Authorization.withRegisteredClient(client)
                .id("auth-1")
                .principalName("user-1")
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .authorizedScopes(Set.of("mcp"))
                .attribute("workspace_id", "ws_1")
                .token(new OAuth2AuthorizationCode("code-1", now, now.plusSeconds(300)))
                .accessToken(new OAuth2AccessToken(
                        OAuth2AccessToken.TokenType.BEARER, jwt, now, now.plusSeconds(3600), Set.of("mcp")))
                .refreshToken(new OAuth2RefreshToken("refresh-1", now, now.plusSeconds(86400)))
                .build();
        authorizations.save(authorization);

        assertThat(authorizations.findById("auth-1")).isNotNull();
        assertThat(authorizations.findByToken("code-1", new OAuth2TokenType("code")))
                .isNotNull()
                .extracting(OAuth2Authorization::getId)
                .isEqualTo("auth-1");
        assertThat(authorizations.findByToken(jwt, OAuth2TokenType.ACCESS_TOKEN))
                .isNotNull()
                .satisfies(found ->
                        assertThat((String) found.getAttribute("workspace_id")).isEqualTo("ws_1"));
        assertThat(authorizations.findByToken("refresh-1", OAuth2TokenType.REFRESH_TOKEN))
                .isNotNull();
        assertThat(authorizations.findByToken("refresh-1", null)).isNotNull();
        assertThat(authorizations.findByToken("no-such-token", null)).isNull();

        consents.save(
                OAuth2AuthorizationConsent.withId("rc-1", "user-1").scope("mcp").build());
        assertThat(consents.findById("rc-1", "user-1")).isNotNull();

        authorizations.remove(authorization);
        assertThat(authorizations.findById("auth-1")).isNull();
    }

    @Test
    void theGrantsCurrentAccessTokenAndItsRevocationAreReadAsSpringStoresThem() {
        RegisteredClient client = RegisteredClient.withId("spendline-collector")
                .clientId("spendline-collector")
                .clientName("Spendline collector")
                .clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
                .authorizationGrantType(AuthorizationGrantType.DEVICE_CODE)
                .scope("usage:write")
                .build();
        clients.save(client);
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        OAuth2AccessToken token = new OAuth2AccessToken(
                OAuth2AccessToken.TokenType.BEARER, "eyJ.token.1", now, now.plusSeconds(3600), Set.of("usage:write"));
        OAuth2RefreshToken refresh = new OAuth2RefreshToken("refresh-2", now, now.plusSeconds(86400));
        OAuth2Authorization authorization = OAuth2Authorization.withRegisteredClient(client)
                .id("auth-2")
                .principalName("user-2")
                .authorizationGrantType(AuthorizationGrantType.DEVICE_CODE)
                .authorizedScopes(Set.of("usage:write"))
                .accessToken(token)
                .refreshToken(refresh)
                .build();
        authorizations.save(authorization);
        var jdbc = org.springframework.jdbc.core.simple.JdbcClient.create(dataSource());
        var clock = java.time.Clock.systemUTC();
        String workspaceId = new dev.spendline.controlplane.workspaces.WorkspaceRepository(jdbc, clock)
                .create("Collector " + java.util.UUID.randomUUID(), dev.spendline.controlplane.workspaces.Plan.FREE)
                .id();
        String userId = new dev.spendline.controlplane.accounts.UserRepository(jdbc, clock)
                .create(java.util.UUID.randomUUID() + "@example.com", "Ada", null)
                .id();
        OAuthGrantRepository grants = new OAuthGrantRepository(jdbc, clock);
        grants.record("auth-2", workspaceId, userId, "spendline-collector");

        assertThat(grants.findActive("auth-2")).hasValueSatisfying(active -> {
            assertThat(active.workspaceId()).isEqualTo(workspaceId);
            assertThat(active.userId()).isEqualTo(userId);
            assertThat(active.accessTokenValue()).isEqualTo("eyJ.token.1");
            assertThat(active.accessTokenInvalidated()).isFalse();
        });

        // What the revocation endpoint does with a refresh token: its access token is invalidated too.
        authorizations.save(OAuth2Authorization.from(authorization)
                .invalidate(refresh)
                .invalidate(token)
                .build());
        assertThat(grants.findActive("auth-2")).hasValueSatisfying(active -> assertThat(active.accessTokenInvalidated())
                .isTrue());

        grants.revoke("auth-2");
        assertThat(grants.findActive("auth-2")).isEmpty();
    }
}
