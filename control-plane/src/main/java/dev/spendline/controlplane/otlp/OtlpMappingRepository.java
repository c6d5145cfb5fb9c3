package dev.spendline.controlplane.otlp;

import dev.spendline.controlplane.support.Timestamps;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Stores each workspace's own OTLP mapping (table {@code otlp_mappings}, one row per workspace that
 * changed something). Every method takes the workspace id from the caller's credential: there is no
 * way to name another workspace's row. Thread-safe.
 */
public class OtlpMappingRepository {

    private final JdbcClient jdbc;
    private final Clock clock;

    public OtlpMappingRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The workspace's own mapping; empty when it uses the default. */
    public Optional<StoredOtlpMapping> find(String workspaceId) {
        return jdbc.sql("select mapping, updated_at from otlp_mappings where workspace_id = :ws")
                .param("ws", workspaceId)
                .query((rs, row) -> new StoredOtlpMapping(
                        OtlpMapping.fromJson(rs.getString("mapping")), Timestamps.fromDb(rs, "updated_at")))
                .optional();
    }

    /**
     * Replaces the workspace's mapping; a mapping that changes nothing removes the row (the same as
     * {@link #reset}). Returns what is stored, empty for the default.
     */
    public Optional<StoredOtlpMapping> save(String workspaceId, OtlpMapping mapping) {
        Objects.requireNonNull(mapping, "mapping");
        if (mapping.isDefault()) {
            reset(workspaceId);
            return Optional.empty();
        }
        StoredOtlpMapping stored = new StoredOtlpMapping(mapping, Timestamps.now(clock));
        // Update first, so that a reader never sees the row missing while it is replaced.
        if (update(workspaceId, stored) == 0) {
            try {
                jdbc.sql("insert into otlp_mappings (workspace_id, mapping, updated_at) values (:ws, :mapping, :at)")
                        .param("ws", workspaceId)
                        .param("mapping", mapping.toJson())
                        .param("at", Timestamps.toDb(stored.updatedAt()))
                        .update();
            } catch (DuplicateKeyException concurrentInsert) {
                // Another request inserted it in between: the last write wins, as for an update.
                update(workspaceId, stored);
            }
        }
        return Optional.of(stored);
    }

    /** Back to the default mapping. Resetting a workspace that uses the default is not an error. */
    public void reset(String workspaceId) {
        jdbc.sql("delete from otlp_mappings where workspace_id = :ws")
                .param("ws", workspaceId)
                .update();
    }

    private int update(String workspaceId, StoredOtlpMapping stored) {
        return jdbc.sql("update otlp_mappings set mapping = :mapping, updated_at = :at where workspace_id = :ws")
                .param("mapping", stored.mapping().toJson())
                .param("at", Timestamps.toDb(stored.updatedAt()))
                .param("ws", workspaceId)
                .update();
    }
}
