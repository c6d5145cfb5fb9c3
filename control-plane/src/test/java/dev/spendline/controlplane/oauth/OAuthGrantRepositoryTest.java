package dev.spendline.controlplane.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The authorization server's tables (V6) and Spendline's grant records, on H2 and PostgreSQL. */
class OAuthGrantRepositoryTest extends DatabaseTest {

    OAuthGrantRepository grants;
    SigningKeyRepository signingKeys;
    Workspace acme;
    User ana;

    @BeforeEach
    void repositories() {
        grants = new OAuthGrantRepository(jdbc, clock);
        signingKeys = new SigningKeyRepository(jdbc, clock);
        acme = workspaces.create("Acme", Plan.TEAM);
        ana = new UserRepository(jdbc, clock).create("ana@example.com", "Ana", null);
    }

    @Test
    void aGrantIsListedForItsWorkspaceOnlyAndRevokingDeletesItsAuthorization() {
        Workspace other = workspaces.create("Other", Plan.FREE);
        client("rc-1", "Claude Code");
        authorization("auth-1", "rc-1", "a-long-jwt-".repeat(200));
        grants.record("auth-1", acme.id(), ana.id(), "rc-1");
        clock.advance(Duration.ofMinutes(5));
        grants.touch("auth-1");

        assertThat(grants.listForWorkspace(acme.id())).singleElement().satisfies(grant -> {
            assertThat(grant.id()).isEqualTo("auth-1");
            assertThat(grant.clientName()).isEqualTo("Claude Code");
            assertThat(grant.userEmail()).isEqualTo("ana@example.com");
            assertThat(grant.lastUsedAt()).isEqualTo(grant.createdAt().plus(Duration.ofMinutes(5)));
        });
        assertThat(grants.listForWorkspace(other.id())).isEmpty();
        assertThat(grants.find("auth-1")).contains(new OAuthGrantRepository.Binding("auth-1", acme.id(), ana.id()));

        assertThat(grants.revokeInWorkspace(other.id(), "auth-1")).isFalse();
        assertThat(grants.revokeInWorkspace(acme.id(), "auth-1")).isTrue();
        assertThat(grants.find("auth-1")).isEmpty();
        assertThat(count("oauth2_authorization")).isZero();
    }

    @Test
    void theReplacedRefreshTokenIsRememberedUntilTheNextRotation() {
        client("rc-1", "Cursor");
        authorization("auth-1", "rc-1", "jwt");
        grants.record("auth-1", acme.id(), ana.id(), "rc-1");

        grants.rotated("auth-1", "hash-1", "hash-2");
        assertThat(grants.replacedRefreshToken("hash-1"))
                .hasValueSatisfying(
                        rotation -> assertThat(rotation.currentRefreshHash()).isEqualTo("hash-2"));
        grants.rotated("auth-1", "hash-2", "hash-3");
        assertThat(grants.replacedRefreshToken("hash-1")).isEmpty();
        assertThat(grants.replacedRefreshToken("hash-2")).isPresent();
    }

    @Test
    void clientsNeverAuthorizedExpireAndAuthorizedOnesStay() {
        client("rc-unused", "Tried once");
        authorization("pending", "rc-unused", null);
        client("rc-used", "Used");
        authorization("auth-1", "rc-used", "jwt");
        grants.record("auth-1", acme.id(), ana.id(), "rc-used");

        assertThat(grants.deleteUnusedClients(Duration.ofHours(24))).isZero();
        clock.advance(Duration.ofHours(25));
        assertThat(grants.deleteUnusedClients(Duration.ofHours(24))).isEqualTo(1);
        assertThat(jdbc.sql("select id from oauth2_registered_client")
                        .query(String.class)
                        .list())
                .containsExactly("rc-used");
        assertThat(jdbc.sql("select id from oauth2_authorization")
                        .query(String.class)
                        .list())
                .containsExactly("auth-1");
    }

    @Test
    void theCollectorClientNeverExpiresThoughNoOneAuthorizedIt() {
        jdbc.sql("insert into oauth2_registered_client (id, client_id, client_id_issued_at, client_name,"
                        + " client_authentication_methods, authorization_grant_types, scopes, client_settings,"
                        + " token_settings) values ('spendline-collector', 'spendline-collector', :issuedAt,"
                        + " 'Spendline collector', 'none', 'authorization_code', 'usage:write', '{}', '{}')")
                .param("issuedAt", Timestamps.toDb(Timestamps.now(clock)))
                .update();
        client("rc-unused", "Tried once");
        clock.advance(Duration.ofDays(30));

        assertThat(grants.deleteUnusedClients(Duration.ofHours(24))).isEqualTo(1);
        assertThat(jdbc.sql("select client_id from oauth2_registered_client")
                        .query(String.class)
                        .list())
                .containsExactly("spendline-collector");
    }

    @Test
    void theSigningKeyIsCreatedOnceAndThenKept() {
        String first = signingKeys.findOrCreate(() -> "{\"kid\":\"one\"}");
        String second = signingKeys.findOrCreate(() -> "{\"kid\":\"two\"}");

        assertThat(first).isEqualTo("{\"kid\":\"one\"}").isEqualTo(second);
    }

    private void client(String id, String name) {
        jdbc.sql("insert into oauth2_registered_client (id, client_id, client_id_issued_at, client_name,"
                        + " client_authentication_methods, authorization_grant_types, redirect_uris, scopes,"
                        + " client_settings, token_settings) values (:id, :clientId, :issuedAt, :name, 'none',"
                        + " 'authorization_code', 'http://127.0.0.1/callback', 'mcp', '{}', '{}')")
                .param("id", id)
                .param("clientId", "client-" + id)
                .param("issuedAt", Timestamps.toDb(Timestamps.now(clock)))
                .param("name", name)
                .update();
    }

    private void authorization(String id, String clientId, String accessToken) {
        jdbc.sql("insert into oauth2_authorization (id, registered_client_id, principal_name,"
                        + " authorization_grant_type, access_token_value) values (:id, :clientId, :principal,"
                        + " 'authorization_code', :token)")
                .param("id", id)
                .param("clientId", clientId)
                .param("principal", ana.id())
                .param("token", accessToken)
                .update();
    }

    private long count(String table) {
        return jdbc.sql("select count(*) from " + table).query(Long.class).single();
    }
}
