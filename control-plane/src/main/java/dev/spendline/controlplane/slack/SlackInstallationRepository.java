package dev.spendline.controlplane.slack;

import dev.spendline.controlplane.support.RandomSecrets;
import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The Slack app's state in the control-plane database (V7): installations (one Slack team to one
 * workspace and back), the single-use OAuth states of installs started from settings, and the event ids
 * already handled.
 */
public class SlackInstallationRepository {

    /** What an install state was bound to when settings issued it. */
    public record InstallState(String workspaceId, String userId, String sessionHash, Instant expiresAt) {}

    private static final String COLUMNS = "team_id, workspace_id, team_name, enterprise_id, app_id, bot_user_id,"
            + " bot_id, bot_scopes, bot_token_ciphertext, token_key_id, installed_by, installed_at";

    private final JdbcClient jdbc;
    private final Clock clock;

    public SlackInstallationRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Saves an installation: a new binding, or a re-install of the team by the workspace it is already
     * bound to (the token and scopes are replaced). The caller checks first that the team is not bound
     * to another workspace; the unique keys refuse it anyway if two installs race.
     */
    public void save(SlackInstallation installation) {
        jdbc.sql("delete from slack_installations where team_id = :teamId and workspace_id = :workspaceId")
                .param("teamId", installation.teamId())
                .param("workspaceId", installation.workspaceId())
                .update();
        jdbc.sql("insert into slack_installations (" + COLUMNS + ") values (:teamId, :workspaceId, :teamName,"
                        + " :enterpriseId, :appId, :botUserId, :botId, :botScopes, :ciphertext, :keyId, :installedBy,"
                        + " :installedAt)")
                .param("teamId", installation.teamId())
                .param("workspaceId", installation.workspaceId())
                .param("teamName", installation.teamName())
                .param("enterpriseId", installation.enterpriseId())
                .param("appId", installation.appId())
                .param("botUserId", installation.botUserId())
                .param("botId", installation.botId())
                .param("botScopes", installation.botScopes())
                .param("ciphertext", installation.botTokenCiphertext())
                .param("keyId", installation.tokenKeyId())
                .param("installedBy", installation.installedBy())
                .param("installedAt", Timestamps.toDb(installation.installedAt()))
                .update();
    }

    public Optional<SlackInstallation> findByTeam(String teamId) {
        return jdbc.sql("select " + COLUMNS + " from slack_installations where team_id = :teamId")
                .param("teamId", teamId)
                .query(SlackInstallationRepository::installation)
                .optional();
    }

    public Optional<SlackInstallation> findByWorkspace(String workspaceId) {
        return jdbc.sql("select " + COLUMNS + " from slack_installations where workspace_id = :workspaceId")
                .param("workspaceId", workspaceId)
                .query(SlackInstallationRepository::installation)
                .optional();
    }

    /** Removes the team's binding; whether there was one. */
    public boolean deleteTeam(String teamId) {
        return jdbc.sql("delete from slack_installations where team_id = :teamId")
                        .param("teamId", teamId)
                        .update()
                > 0;
    }

    /**
     * Remembers a new install state bound to the workspace, the user and the session, valid for {@code ttl}.
     * Only its hash is stored.
     */
    public void issueState(String state, String workspaceId, String userId, String sessionHash, Duration ttl) {
        Instant now = Timestamps.now(clock);
        jdbc.sql("delete from slack_oauth_states where expires_at < :now")
                .param("now", Timestamps.toDb(now))
                .update();
        jdbc.sql("insert into slack_oauth_states (state_hash, workspace_id, user_id, session_hash, expires_at)"
                        + " values (:hash, :workspaceId, :userId, :sessionHash, :expiresAt)")
                .param("hash", RandomSecrets.hash(state))
                .param("workspaceId", workspaceId)
                .param("userId", userId)
                .param("sessionHash", sessionHash)
                .param("expiresAt", Timestamps.toDb(now.plus(ttl)))
                .update();
    }

    /**
     * Takes an install state: what it was bound to, and it is gone, so a second use finds nothing. Expired
     * states are returned too (the caller says why it refuses); a state never issued or already used is
     * empty.
     */
    public Optional<InstallState> consumeState(String state) {
        String hash = RandomSecrets.hash(state);
        Optional<InstallState> found = jdbc.sql("select workspace_id, user_id, session_hash, expires_at"
                        + " from slack_oauth_states where state_hash = :hash")
                .param("hash", hash)
                .query((rs, n) -> new InstallState(
                        rs.getString(1), rs.getString(2), rs.getString(3), Timestamps.fromDb(rs, "expires_at")))
                .optional();
        // Only the request that deletes the row may use it: two callbacks racing with one state get one answer.
        boolean taken = found.isPresent()
                && jdbc.sql("delete from slack_oauth_states where state_hash = :hash")
                                .param("hash", hash)
                                .update()
                        == 1;
        return taken ? found : Optional.empty();
    }

    /**
     * Records that an event was received; false when it already was (a retry), so it is handled once.
     * Ids older than {@code horizon} are forgotten: Slack retries within minutes.
     */
    public boolean firstDelivery(String eventId, Duration horizon) {
        Instant now = Timestamps.now(clock);
        jdbc.sql("delete from slack_events where received_at < :before")
                .param("before", Timestamps.toDb(now.minus(horizon)))
                .update();
        try {
            return jdbc.sql("insert into slack_events (event_id, received_at) values (:id, :now)")
                            .param("id", eventId)
                            .param("now", Timestamps.toDb(now))
                            .update()
                    == 1;
        } catch (DuplicateKeyException e) {
            return false;
        }
    }

    private static SlackInstallation installation(ResultSet rs, int row) throws SQLException {
        return new SlackInstallation(
                rs.getString("team_id"),
                rs.getString("workspace_id"),
                rs.getString("team_name"),
                rs.getString("enterprise_id"),
                rs.getString("app_id"),
                rs.getString("bot_user_id"),
                rs.getString("bot_id"),
                rs.getString("bot_scopes"),
                rs.getString("bot_token_ciphertext"),
                rs.getString("token_key_id"),
                rs.getString("installed_by"),
                Timestamps.fromDb(rs, "installed_at"));
    }
}
