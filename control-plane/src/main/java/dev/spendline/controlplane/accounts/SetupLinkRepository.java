package dev.spendline.controlplane.accounts;

import dev.spendline.controlplane.support.RandomSecrets;
import dev.spendline.controlplane.support.Timestamps;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The one-time setup link of a workspace that was created without an owner (the standalone's first
 * workspace): whoever opens it and signs up becomes the owner, once. The token is stored as its SHA-256.
 */
public class SetupLinkRepository {

    public static final String TOKEN_PREFIX = "setup_";

    private final JdbcClient jdbc;
    private final Clock clock;

    public SetupLinkRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * A new token for the workspace's setup link, replacing an unclaimed earlier one (whose link stops
     * working). Empty once the workspace has been claimed: then there is nothing to set up.
     */
    public Optional<String> issue(String workspaceId) {
        String token = RandomSecrets.generate(TOKEN_PREFIX);
        String hash = RandomSecrets.hash(token);
        int replaced = jdbc.sql("update setup_links set token_hash = :hash, created_at = :now"
                        + " where workspace_id = :workspaceId and claimed_at is null")
                .param("hash", hash)
                .param("now", Timestamps.toDb(Timestamps.now(clock)))
                .param("workspaceId", workspaceId)
                .update();
        if (replaced > 0) {
            return Optional.of(token);
        }
        boolean exists = jdbc.sql("select count(*) from setup_links where workspace_id = :workspaceId")
                        .param("workspaceId", workspaceId)
                        .query(Long.class)
                        .single()
                > 0;
        if (exists) {
            return Optional.empty();
        }
        jdbc.sql("insert into setup_links (workspace_id, token_hash, created_at) values (:workspaceId, :hash, :now)")
                .param("workspaceId", workspaceId)
                .param("hash", hash)
                .param("now", Timestamps.toDb(Timestamps.now(clock)))
                .update();
        return Optional.of(token);
    }

    /** The workspace an unclaimed link sets up; empty for a claimed, replaced or unknown token. */
    public Optional<String> unclaimedWorkspace(String token) {
        if (!RandomSecrets.hasFormat(TOKEN_PREFIX, token)) {
            return Optional.empty();
        }
        return jdbc.sql("select workspace_id from setup_links where token_hash = :hash and claimed_at is null")
                .param("hash", RandomSecrets.hash(token))
                .query(String.class)
                .optional();
    }

    /**
     * Claims the link for {@code userId}, only if nobody has: exactly one of two concurrent claims wins.
     *
     * @return the workspace set up, or empty if the link is claimed, replaced or unknown
     */
    public Optional<String> claim(String token, String userId) {
        Optional<String> workspace = unclaimedWorkspace(token);
        if (workspace.isEmpty()) {
            return Optional.empty();
        }
        int claimed = jdbc.sql("update setup_links set claimed_by = :userId, claimed_at = :now"
                        + " where token_hash = :hash and claimed_at is null")
                .param("userId", userId)
                .param("now", Timestamps.toDb(Timestamps.now(clock)))
                .param("hash", RandomSecrets.hash(token))
                .update();
        return claimed > 0 ? workspace : Optional.empty();
    }
}
