package dev.spendline.controlplane.keys;

import dev.spendline.controlplane.support.RandomIds;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Stores API keys by the hash of their secret; the secret itself never reaches the database. Stateless apart
 * from its collaborators, so one instance can be shared by all threads.
 */
public class ApiKeyRepository {

    private static final String COLUMNS = "id, workspace_id, name, prefix, created_at, last_used_at, revoked_at";

    private final JdbcClient jdbc;
    private final Clock clock;

    public ApiKeyRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Issues a new key for a workspace. The returned secret is the only copy: show it once.
     *
     * @throws IllegalArgumentException if the workspace does not exist or the name is blank or too long
     */
    public IssuedApiKey issue(String workspaceId, String name) {
        WorkspaceRepository.requireName(name);
        if (workspaceId == null || !workspaceExists(workspaceId)) {
            throw new IllegalArgumentException("No such workspace: " + workspaceId);
        }
        String secret = ApiKeySecrets.generate();
        ApiKey key = new ApiKey(
                RandomIds.next("key_"),
                workspaceId,
                name,
                ApiKeySecrets.prefix(secret),
                Timestamps.now(clock),
                null,
                null);
        jdbc.sql("insert into api_keys (id, workspace_id, name, prefix, key_hash, created_at)"
                        + " values (:id, :workspaceId, :name, :prefix, :keyHash, :createdAt)")
                .param("id", key.id())
                .param("workspaceId", key.workspaceId())
                .param("name", key.name())
                .param("prefix", key.prefix())
                .param("keyHash", ApiKeySecrets.hash(secret))
                .param("createdAt", Timestamps.toDb(key.createdAt()))
                .update();
        return new IssuedApiKey(key, secret);
    }

    /**
     * Looks a key up by {@link ApiKeySecrets#hash the hash of its secret}, revoked or not. An indexed equality
     * lookup on a hash leaks nothing useful through timing, so no constant-time comparison is needed.
     */
    public Optional<ApiKey> findByHash(String hash) {
        return jdbc.sql("select " + COLUMNS + " from api_keys where key_hash = :hash")
                .param("hash", hash)
                .query(ApiKeyRepository::map)
                .optional();
    }

    /** All keys of a workspace, including revoked ones, oldest first. */
    public List<ApiKey> listForWorkspace(String workspaceId) {
        return jdbc.sql("select " + COLUMNS + " from api_keys where workspace_id = :workspaceId"
                        + " order by created_at, id")
                .param("workspaceId", workspaceId)
                .query(ApiKeyRepository::map)
                .list();
    }

    /**
     * Revokes a key. Idempotent: revoking again keeps the original revocation time.
     *
     * @return whether a key with this id exists
     */
    public boolean revoke(String keyId) {
        return jdbc.sql("update api_keys set revoked_at = coalesce(revoked_at, :now) where id = :id")
                        .param("now", Timestamps.toDb(Timestamps.now(clock)))
                        .param("id", keyId)
                        .update()
                > 0;
    }

    /**
     * Revokes a key only if it belongs to {@code workspaceId}: what a workspace's own settings page calls, so
     * a key id of another workspace (guessed or copied) is indistinguishable from one that does not exist.
     * Idempotent like {@link #revoke}.
     *
     * @return whether the workspace has a key with this id
     */
    public boolean revokeInWorkspace(String workspaceId, String keyId) {
        return jdbc.sql("update api_keys set revoked_at = coalesce(revoked_at, :now)"
                                + " where id = :id and workspace_id = :workspaceId")
                        .param("now", Timestamps.toDb(Timestamps.now(clock)))
                        .param("id", keyId)
                        .param("workspaceId", workspaceId)
                        .update()
                > 0;
    }

    /**
     * Records that a key was used. Never moves {@code last_used_at} backwards, so processes reporting out of
     * order cannot make a key look older than it is.
     */
    public void markUsed(String keyId, Instant at) {
        jdbc.sql("update api_keys set last_used_at = :at"
                        + " where id = :id and (last_used_at is null or last_used_at < :at)")
                .param("at", Timestamps.toDb(at))
                .param("id", keyId)
                .update();
    }

    // Checked up front rather than by translating the foreign-key violation: the error message is clearer and
    // does not depend on how each database reports constraint names.
    private boolean workspaceExists(String workspaceId) {
        return jdbc.sql("select count(*) from workspaces where id = :id")
                        .param("id", workspaceId)
                        .query(Long.class)
                        .single()
                > 0;
    }

    private static ApiKey map(ResultSet rs, int rowNum) throws SQLException {
        return new ApiKey(
                rs.getString("id"),
                rs.getString("workspace_id"),
                rs.getString("name"),
                rs.getString("prefix"),
                Timestamps.fromDb(rs, "created_at"),
                Timestamps.fromDb(rs, "last_used_at"),
                Timestamps.fromDb(rs, "revoked_at"));
    }
}
