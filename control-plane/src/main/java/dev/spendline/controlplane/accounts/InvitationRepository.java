package dev.spendline.controlplane.accounts;

import dev.spendline.controlplane.support.RandomIds;
import dev.spendline.controlplane.support.RandomSecrets;
import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Invitations by link. The token is 256 random bits shown once in the link and stored as its SHA-256,
 * so a leaked database admits no one; a link admits one person, until it expires or is revoked.
 */
public class InvitationRepository {

    /** The prefix of an invitation token, so one is recognizable in a log or a chat message. */
    public static final String TOKEN_PREFIX = "inv_";

    private static final String COLUMNS =
            "id, workspace_id, role, created_by, created_at, expires_at, accepted_by, accepted_at, revoked_at";

    private final JdbcClient jdbc;
    private final Clock clock;

    public InvitationRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public IssuedInvitation create(String workspaceId, Role role, String createdBy, Duration validity) {
        if (role == Role.OWNER) {
            throw new IllegalArgumentException("An invitation admits an admin or a member; owners are made by owners");
        }
        String token = RandomSecrets.generate(TOKEN_PREFIX);
        Instant now = Timestamps.now(clock);
        Invitation invitation = new Invitation(
                RandomIds.next("inv_"), workspaceId, role, createdBy, now, now.plus(validity), null, null, null);
        jdbc.sql("insert into invitations (id, workspace_id, role, token_hash, created_by, created_at, expires_at)"
                        + " values (:id, :workspaceId, :role, :hash, :createdBy, :createdAt, :expiresAt)")
                .param("id", invitation.id())
                .param("workspaceId", workspaceId)
                .param("role", role.name())
                .param("hash", RandomSecrets.hash(token))
                .param("createdBy", createdBy)
                .param("createdAt", Timestamps.toDb(now))
                .param("expiresAt", Timestamps.toDb(invitation.expiresAt()))
                .update();
        return new IssuedInvitation(invitation, token);
    }

    /** The invitation a token belongs to, open or not; empty for a token that never was one. */
    public Optional<Invitation> findByToken(String token) {
        if (!RandomSecrets.hasFormat(TOKEN_PREFIX, token)) {
            return Optional.empty();
        }
        return jdbc.sql("select " + COLUMNS + " from invitations where token_hash = :hash")
                .param("hash", RandomSecrets.hash(token))
                .query(InvitationRepository::map)
                .optional();
    }

    /**
     * Marks the invitation accepted by {@code userId}, only if it is still open: of two people opening
     * one link at once, exactly one gets in.
     *
     * @return whether this call accepted it
     */
    public boolean accept(String invitationId, String userId) {
        Instant now = Timestamps.now(clock);
        return jdbc.sql("update invitations set accepted_by = :userId, accepted_at = :now where id = :id"
                                + " and accepted_at is null and revoked_at is null and expires_at > :now")
                        .param("userId", userId)
                        .param("now", Timestamps.toDb(now))
                        .param("id", invitationId)
                        .update()
                > 0;
    }

    /** Invitations of the workspace not yet accepted, revoked or expired, newest first. */
    public List<Invitation> open(String workspaceId) {
        return jdbc.sql("select " + COLUMNS + " from invitations where workspace_id = :workspaceId"
                        + " and accepted_at is null and revoked_at is null and expires_at > :now"
                        + " order by created_at desc, id")
                .param("workspaceId", workspaceId)
                .param("now", Timestamps.toDb(Timestamps.now(clock)))
                .query(InvitationRepository::map)
                .list();
    }

    /** Revokes an invitation of this workspace; another workspace's id changes nothing. */
    public boolean revoke(String workspaceId, String invitationId) {
        return jdbc.sql("update invitations set revoked_at = :now where id = :id and workspace_id = :workspaceId"
                                + " and revoked_at is null and accepted_at is null")
                        .param("now", Timestamps.toDb(Timestamps.now(clock)))
                        .param("id", invitationId)
                        .param("workspaceId", workspaceId)
                        .update()
                > 0;
    }

    private static Invitation map(ResultSet rs, int rowNum) throws SQLException {
        return new Invitation(
                rs.getString("id"),
                rs.getString("workspace_id"),
                Role.valueOf(rs.getString("role")),
                rs.getString("created_by"),
                Timestamps.fromDb(rs, "created_at"),
                Timestamps.fromDb(rs, "expires_at"),
                rs.getString("accepted_by"),
                Timestamps.fromDb(rs, "accepted_at"),
                Timestamps.fromDb(rs, "revoked_at"));
    }
}
