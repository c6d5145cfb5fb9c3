package dev.spendline.controlplane.accounts;

import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Plan;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Who belongs to which workspace, with which role. */
public class MembershipRepository {

    private final JdbcClient jdbc;
    private final Clock clock;

    public MembershipRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Adds a member; a user already in the workspace keeps the role they have.
     *
     * @return whether the user was added
     */
    public boolean add(String workspaceId, String userId, Role role) {
        if (find(workspaceId, userId).isPresent()) {
            return false;
        }
        jdbc.sql("insert into memberships (workspace_id, user_id, role, created_at)"
                        + " values (:workspaceId, :userId, :role, :createdAt)")
                .param("workspaceId", workspaceId)
                .param("userId", userId)
                .param("role", role.name())
                .param("createdAt", Timestamps.toDb(Timestamps.now(clock)))
                .update();
        return true;
    }

    /** The user's workspaces, oldest membership first. */
    public List<Membership> forUser(String userId) {
        return jdbc.sql("select w.id, w.name, w.plan, m.role from memberships m"
                        + " join workspaces w on w.id = m.workspace_id"
                        + " where m.user_id = :userId order by m.created_at, w.id")
                .param("userId", userId)
                .query((rs, n) -> new Membership(
                        rs.getString("id"),
                        rs.getString("name"),
                        Plan.valueOf(rs.getString("plan")),
                        Role.valueOf(rs.getString("role"))))
                .list();
    }

    public Optional<Role> find(String workspaceId, String userId) {
        return jdbc.sql("select role from memberships where workspace_id = :workspaceId and user_id = :userId")
                .param("workspaceId", workspaceId)
                .param("userId", userId)
                .query((rs, n) -> Role.valueOf(rs.getString("role")))
                .optional();
    }

    /** The workspace's members, owners first, then by e-mail. */
    public List<Member> members(String workspaceId) {
        return jdbc.sql("select u.id, u.email, u.display_name, m.role, m.created_at from memberships m"
                        + " join users u on u.id = m.user_id where m.workspace_id = :workspaceId"
                        + " order by case m.role when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end, u.email")
                .param("workspaceId", workspaceId)
                .query((rs, n) -> new Member(
                        rs.getString("id"),
                        rs.getString("email"),
                        rs.getString("display_name"),
                        Role.valueOf(rs.getString("role")),
                        Timestamps.fromDb(rs, "created_at")))
                .list();
    }

    public long owners(String workspaceId) {
        return jdbc.sql("select count(*) from memberships where workspace_id = :workspaceId and role = 'OWNER'")
                .param("workspaceId", workspaceId)
                .query(Long.class)
                .single();
    }

    /** @return whether the user is a member of the workspace (and so was changed) */
    public boolean changeRole(String workspaceId, String userId, Role role) {
        return jdbc.sql("update memberships set role = :role where workspace_id = :workspaceId and user_id = :userId")
                        .param("role", role.name())
                        .param("workspaceId", workspaceId)
                        .param("userId", userId)
                        .update()
                > 0;
    }

    /** @return whether the user was a member */
    public boolean remove(String workspaceId, String userId) {
        return jdbc.sql("delete from memberships where workspace_id = :workspaceId and user_id = :userId")
                        .param("workspaceId", workspaceId)
                        .param("userId", userId)
                        .update()
                > 0;
    }
}
