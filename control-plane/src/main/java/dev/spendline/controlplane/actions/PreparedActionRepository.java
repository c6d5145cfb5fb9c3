package dev.spendline.controlplane.actions;

import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Stores prepared write actions by the hash of their confirmation token. Every status change is one
 * conditional UPDATE, so concurrent confirms on any number of processes sharing the database agree on who
 * executes. Times come from the caller (the {@link PreparedActions} clock), which keeps expiry testable.
 */
public class PreparedActionRepository {

    private static final String COLUMNS = "id, workspace_id, credential_id, action, arguments, summary, phrase,"
            + " created_at, expires_at, status, result, executed_at";

    private final JdbcClient jdbc;

    public PreparedActionRepository(JdbcClient jdbc) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
    }

    /** Stores a new action (status PREPARED) under the hash of its token; the token itself is not stored. */
    void insert(PreparedAction action, String tokenHash) {
        jdbc.sql("insert into prepared_actions (" + COLUMNS + ", token_hash) values (:id, :workspaceId,"
                        + " :credentialId, :action, :arguments, :summary, :phrase, :createdAt, :expiresAt, :status,"
                        + " :result, :executedAt, :tokenHash)")
                .param("id", action.id())
                .param("workspaceId", action.workspaceId())
                .param("credentialId", action.credentialId())
                .param("action", action.action())
                .param("arguments", action.arguments())
                .param("summary", action.summary())
                .param("phrase", action.phrase())
                .param("createdAt", Timestamps.toDb(action.createdAt()))
                .param("expiresAt", Timestamps.toDb(action.expiresAt()))
                .param("status", action.status().name())
                .param("result", action.result())
                .param("executedAt", Timestamps.toDb(action.executedAt()))
                .param("tokenHash", tokenHash)
                .update();
    }

    public Optional<PreparedAction> findByTokenHash(String tokenHash) {
        return jdbc.sql("select " + COLUMNS + " from prepared_actions where token_hash = :hash")
                .param("hash", tokenHash)
                .query(PreparedActionRepository::map)
                .optional();
    }

    public Optional<PreparedAction> findById(String id) {
        return jdbc.sql("select " + COLUMNS + " from prepared_actions where id = :id")
                .param("id", id)
                .query(PreparedActionRepository::map)
                .optional();
    }

    /**
     * PREPARED → EXECUTING, only while unexpired at {@code now}. The single conditional UPDATE is the lock:
     * both databases let exactly one of any number of concurrent callers change the row.
     *
     * @return whether this caller won and must execute the action
     */
    boolean claim(String id, Instant now) {
        return jdbc.sql("update prepared_actions set status = 'EXECUTING', executed_at = :now"
                                + " where id = :id and status = 'PREPARED' and expires_at > :now")
                        .param("now", Timestamps.toDb(now))
                        .param("id", id)
                        .update()
                == 1;
    }

    /** EXECUTING → SUCCEEDED or FAILED with the stored result; final. */
    void finish(String id, PreparedActionStatus status, String result) {
        if (status != PreparedActionStatus.SUCCEEDED && status != PreparedActionStatus.FAILED) {
            throw new IllegalArgumentException("not a final status: " + status);
        }
        change(id, status, result, "finish");
    }

    /** EXECUTING → PREPARED: the execution did not happen (it threw), so the action may be confirmed again. */
    void release(String id) {
        change(id, PreparedActionStatus.PREPARED, null, "release");
    }

    private void change(String id, PreparedActionStatus status, String result, String what) {
        int updated = jdbc.sql("update prepared_actions set status = :status, result = :result"
                        + (status == PreparedActionStatus.PREPARED ? ", executed_at = null" : "")
                        + " where id = :id and status = 'EXECUTING'")
                .param("status", status.name())
                .param("result", result)
                .param("id", id)
                .update();
        if (updated != 1) {
            // Only the claimer moves a row out of EXECUTING; anything else is a bug worth failing loudly on.
            throw new IllegalStateException("Cannot " + what + " prepared action " + id + ": it is not executing");
        }
    }

    /** Deletes every action that expired before {@code cutoff}, whatever its status; returns how many. */
    int deleteExpiredBefore(Instant cutoff) {
        return jdbc.sql("delete from prepared_actions where expires_at < :cutoff")
                .param("cutoff", Timestamps.toDb(cutoff))
                .update();
    }

    private static PreparedAction map(ResultSet rs, int rowNum) throws SQLException {
        return new PreparedAction(
                rs.getString("id"),
                rs.getString("workspace_id"),
                rs.getString("credential_id"),
                rs.getString("action"),
                rs.getString("arguments"),
                rs.getString("summary"),
                rs.getString("phrase"),
                Timestamps.fromDb(rs, "created_at"),
                Timestamps.fromDb(rs, "expires_at"),
                PreparedActionStatus.valueOf(rs.getString("status")),
                rs.getString("result"),
                Timestamps.fromDb(rs, "executed_at"));
    }
}
