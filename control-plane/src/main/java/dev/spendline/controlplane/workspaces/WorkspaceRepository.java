package dev.spendline.controlplane.workspaces;

import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import dev.spendline.controlplane.support.RandomIds;
import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Stores workspaces. Stateless apart from its collaborators, so one instance can be shared by all threads. */
public class WorkspaceRepository {

    static final int MAX_NAME_LENGTH = Limits.MAX_DISPLAY_NAME_LENGTH;

    private final JdbcClient jdbc;
    private final Clock clock;

    public WorkspaceRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Creates a workspace with a new random id.
     *
     * @throws IllegalArgumentException if the name is not a valid display name ({@link #requireName})
     */
    public Workspace create(String name, Plan plan) {
        requireName(name);
        Objects.requireNonNull(plan, "plan");
        Workspace workspace = new Workspace(RandomIds.next("ws_"), name, plan, Timestamps.now(clock));
        jdbc.sql("insert into workspaces (id, name, plan, created_at) values (:id, :name, :plan, :createdAt)")
                .param("id", workspace.id())
                .param("name", workspace.name())
                .param("plan", workspace.plan().name())
                .param("createdAt", Timestamps.toDb(workspace.createdAt()))
                .update();
        return workspace;
    }

    public Optional<Workspace> findById(String id) {
        return jdbc.sql("select id, name, plan, created_at from workspaces where id = :id")
                .param("id", id)
                .query(WorkspaceRepository::map)
                .optional();
    }

    /** All workspaces, oldest first (id breaks ties so the order is stable). */
    public List<Workspace> findAll() {
        return jdbc.sql("select id, name, plan, created_at from workspaces order by created_at, id")
                .query(WorkspaceRepository::map)
                .list();
    }

    public long count() {
        return jdbc.sql("select count(*) from workspaces").query(Long.class).single();
    }

    /**
     * Changes a workspace's plan. Authenticators that cache principals pick the change up within their cache
     * TTL.
     *
     * @throws IllegalArgumentException if the workspace does not exist
     */
    public void updatePlan(String id, Plan plan) {
        Objects.requireNonNull(plan, "plan");
        int updated = jdbc.sql("update workspaces set plan = :plan where id = :id")
                .param("plan", plan.name())
                .param("id", id)
                .update();
        if (updated == 0) {
            throw new IllegalArgumentException("No such workspace: " + id);
        }
    }

    /**
     * Renames a workspace, under the same rules as {@link #create}. The name is only a label: ids, keys and
     * data stay as they are.
     *
     * @throws IllegalArgumentException if the name is blank or too long, or the workspace does not exist
     */
    public void rename(String id, String name) {
        requireName(name);
        int updated = jdbc.sql("update workspaces set name = :name where id = :id")
                .param("name", name)
                .param("id", id)
                .update();
        if (updated == 0) {
            throw new IllegalArgumentException("No such workspace: " + id);
        }
    }

    /**
     * Inserts the single bootstrap claim row. Throws {@link org.springframework.dao.DuplicateKeyException} when
     * another process already claimed the bootstrap; inside a transaction, a concurrent claimer blocks here
     * until the first one commits or rolls back.
     */
    public void claimBootstrap() {
        jdbc.sql("insert into control_plane_bootstrap (id, claimed_at) values (1, :claimedAt)")
                .param("claimedAt", Timestamps.toDb(Timestamps.now(clock)))
                .update();
    }

    /**
     * The rule for workspace and API key names: a {@link TextRules#DISPLAY_NAME}, not blank, at most
     * {@value #MAX_NAME_LENGTH} characters, without control characters, bidirectional controls or
     * invalid UTF-16, since names are printed on terminals and pages.
     *
     * @throws IllegalArgumentException with a message a person can read ("name must not be blank")
     */
    public static void requireName(String name) {
        String problem = TextRules.DISPLAY_NAME.problem(name, MAX_NAME_LENGTH);
        if (problem != null) {
            throw new IllegalArgumentException("name " + problem);
        }
    }

    private static Workspace map(ResultSet rs, int rowNum) throws SQLException {
        return new Workspace(
                rs.getString("id"),
                rs.getString("name"),
                Plan.valueOf(rs.getString("plan")),
                Timestamps.fromDb(rs, "created_at"));
    }
}
