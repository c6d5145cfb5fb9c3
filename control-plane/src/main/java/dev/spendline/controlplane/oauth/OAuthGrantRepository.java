package dev.spendline.controlplane.oauth;

import dev.spendline.controlplane.support.Timestamps;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Spendline's record of OAuth grants ({@code oauth_grants}), beside Spring Authorization Server's
 * {@code oauth2_authorization} row of the same id: the workspace the grant acts for, the user who gave
 * it, its use, and the rotation of its refresh token. Revoking deletes both rows, so the grant's tokens
 * stop working at their next request.
 */
public class OAuthGrantRepository {

    /** A grant's workspace and user: what a request made with one of its tokens acts as. */
    public record Binding(String authorizationId, String workspaceId, String userId) {}

    /**
     * A grant that still exists, with its current access token as Spring's authorization server stored
     * it: the value, and whether that token was invalidated (revoked at the revocation endpoint).
     */
    public record ActiveGrant(
            String authorizationId,
            String workspaceId,
            String userId,
            String accessTokenValue,
            boolean accessTokenInvalidated) {}

    /** The refresh token a grant replaced, and when. */
    public record Rotation(String authorizationId, String currentRefreshHash, Instant refreshedAt) {}

    private final JdbcClient jdbc;
    private final Clock clock;

    public OAuthGrantRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Records a grant the user just gave, for the workspace they chose. */
    public void record(String authorizationId, String workspaceId, String userId, String registeredClientId) {
        jdbc.sql("insert into oauth_grants (authorization_id, workspace_id, user_id, registered_client_id, created_at)"
                        + " values (:id, :workspaceId, :userId, :clientId, :createdAt)")
                .param("id", authorizationId)
                .param("workspaceId", workspaceId)
                .param("userId", userId)
                .param("clientId", registeredClientId)
                .param("createdAt", Timestamps.toDb(Timestamps.now(clock)))
                .update();
    }

    public Optional<Binding> find(String authorizationId) {
        return jdbc.sql("select authorization_id, workspace_id, user_id from oauth_grants where authorization_id = :id")
                .param("id", authorizationId)
                .query((rs, n) -> new Binding(rs.getString(1), rs.getString(2), rs.getString(3)))
                .optional();
    }

    /**
     * The grant with its authorization row, if both still exist (revoking deletes them). What a
     * resource checks on a request with one of the grant's access tokens.
     */
    public Optional<ActiveGrant> findActive(String authorizationId) {
        return jdbc.sql("select g.authorization_id, g.workspace_id, g.user_id, a.access_token_value,"
                        + " a.access_token_metadata from oauth_grants g"
                        + " join oauth2_authorization a on a.id = g.authorization_id"
                        + " where g.authorization_id = :id")
                .param("id", authorizationId)
                .query((rs, n) -> new ActiveGrant(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        invalidated(rs.getString(5))))
                .optional();
    }

    /**
     * Whether Spring's token metadata (JSON, as its JDBC authorization service writes it) marks the
     * token invalidated.
     */
    static boolean invalidated(String metadata) {
        return metadata != null && INVALIDATED.matcher(metadata).find();
    }

    private static final java.util.regex.Pattern INVALIDATED =
            java.util.regex.Pattern.compile("\"metadata\\.token\\.invalidated\"\\s*:\\s*true");

    /** The workspace's grants that still exist, newest first. */
    public List<OAuthGrant> listForWorkspace(String workspaceId) {
        return jdbc.sql("select g.authorization_id, g.workspace_id, g.user_id, u.email, c.client_id, c.client_name,"
                        + " g.created_at, g.last_used_at from oauth_grants g"
                        + " join oauth2_authorization a on a.id = g.authorization_id"
                        + " join oauth2_registered_client c on c.id = g.registered_client_id"
                        + " join users u on u.id = g.user_id"
                        + " where g.workspace_id = :workspaceId order by g.created_at desc, g.authorization_id")
                .param("workspaceId", workspaceId)
                .query((rs, n) -> new OAuthGrant(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        Timestamps.fromDb(rs, "created_at"),
                        Timestamps.fromDb(rs, "last_used_at")))
                .list();
    }

    /** Notes a use of the grant now. */
    public void touch(String authorizationId) {
        jdbc.sql("update oauth_grants set last_used_at = :now where authorization_id = :id")
                .param("now", Timestamps.toDb(Timestamps.now(clock)))
                .param("id", authorizationId)
                .update();
    }

    /**
     * Revokes a grant of the workspace: its authorization (and with it every token) and its record.
     *
     * @return whether the workspace had that grant
     */
    public boolean revokeInWorkspace(String workspaceId, String authorizationId) {
        if (jdbc.sql("delete from oauth_grants where authorization_id = :id and workspace_id = :workspaceId")
                        .param("id", authorizationId)
                        .param("workspaceId", workspaceId)
                        .update()
                == 0) {
            return false;
        }
        deleteAuthorization(authorizationId);
        return true;
    }

    /** Revokes a grant whatever its workspace (a replayed refresh token, a member who left). */
    public void revoke(String authorizationId) {
        jdbc.sql("delete from oauth_grants where authorization_id = :id")
                .param("id", authorizationId)
                .update();
        deleteAuthorization(authorizationId);
    }

    private void deleteAuthorization(String authorizationId) {
        jdbc.sql("delete from oauth2_authorization where id = :id")
                .param("id", authorizationId)
                .update();
    }

    /**
     * Remembers that the grant's refresh token was just replaced: {@code previousHash} is the hash of the
     * one the client sent, {@code currentHash} that of the new one.
     */
    public void rotated(String authorizationId, String previousHash, String currentHash) {
        jdbc.sql("update oauth_grants set previous_refresh_hash = :previous, refresh_token_hash = :current,"
                        + " refreshed_at = :now where authorization_id = :id")
                .param("previous", previousHash)
                .param("current", currentHash)
                .param("now", Timestamps.toDb(Timestamps.now(clock)))
                .param("id", authorizationId)
                .update();
    }

    /** The grant whose refresh token {@code previousHash} was replaced (by its latest rotation), if any. */
    public Optional<Rotation> replacedRefreshToken(String previousHash) {
        return jdbc.sql("select authorization_id, refresh_token_hash, refreshed_at from oauth_grants"
                        + " where previous_refresh_hash = :hash")
                .param("hash", previousHash)
                .query((rs, n) -> new Rotation(rs.getString(1), rs.getString(2), Timestamps.fromDb(rs, "refreshed_at")))
                .optional();
    }

    /**
     * Deletes clients registered more than {@code unusedFor} ago that no user ever authorized, with their
     * abandoned authorization requests. Registration is open to anyone, so this keeps the table from
     * filling with clients that were tried once and never used.
     *
     * @return how many clients were deleted
     */
    public int deleteUnusedClients(Duration unusedFor) {
        Instant before = Timestamps.now(clock).minus(unusedFor);
        // First-party clients (the collector) are registered by the server and never expire.
        String unused = "select c.id from oauth2_registered_client c where c.client_id_issued_at < :before"
                + " and c.client_id not in ('" + String.join("', '", FirstPartyClients.CLIENT_IDS) + "')"
                + " and not exists (select 1 from oauth_grants g where g.registered_client_id = c.id)";
        jdbc.sql("delete from oauth2_authorization where registered_client_id in (" + unused + ")")
                .param("before", Timestamps.toDb(before))
                .update();
        jdbc.sql("delete from oauth2_authorization_consent where registered_client_id in (" + unused + ")")
                .param("before", Timestamps.toDb(before))
                .update();
        return jdbc.sql("delete from oauth2_registered_client where id in (" + unused + ")")
                .param("before", Timestamps.toDb(before))
                .update();
    }
}
