package dev.spendline.controlplane.slack;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Alerts in Slack (V10): each workspace's alert channel with the types and severities it wants and the
 * last error Slack gave for it, and the message posted for each alert (channel and {@code ts}) so that
 * a later change of the alert updates that message.
 */
public class SlackAlertRepository {

    /** The message posted for an alert. */
    public record PostedMessage(String channelId, String ts) {}

    /**
     * How long a posted message is remembered: longer than any alert stays open (a monthly budget's
     * period, 35 days of resolved alerts), so every change of an alert still finds its message.
     */
    static final Duration MESSAGE_MEMORY = Duration.ofDays(70);

    private static final String CHANNEL_COLUMNS =
            "workspace_id, channel_id, alert_types, severities, last_error, last_error_at, updated_by, updated_at";

    private final JdbcClient jdbc;
    private final Clock clock;

    public SlackAlertRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Sets the workspace's alert channel (replacing the one it had); a new setting has no error yet. */
    public void saveChannel(
            String workspaceId,
            String channelId,
            Collection<AlertType> types,
            Collection<AlertSeverity> severities,
            String updatedBy) {
        if (types.isEmpty() || severities.isEmpty()) {
            throw new IllegalArgumentException("at least one alert type and one severity");
        }
        jdbc.sql("delete from slack_alert_channels where workspace_id = :ws")
                .param("ws", workspaceId)
                .update();
        jdbc.sql("insert into slack_alert_channels (" + CHANNEL_COLUMNS + ") values (:ws, :channel, :types,"
                        + " :severities, null, null, :by, :at)")
                .param("ws", workspaceId)
                .param("channel", channelId)
                .param("types", names(types))
                .param("severities", names(severities))
                .param("by", updatedBy)
                .param("at", Timestamps.toDb(Timestamps.now(clock)))
                .update();
    }

    public Optional<SlackAlertChannel> findChannel(String workspaceId) {
        return jdbc.sql("select " + CHANNEL_COLUMNS + " from slack_alert_channels where workspace_id = :ws")
                .param("ws", workspaceId)
                .query(SlackAlertRepository::channel)
                .optional();
    }

    /** Stops posting the workspace's alerts; whether it had a channel. */
    public boolean deleteChannel(String workspaceId) {
        return jdbc.sql("delete from slack_alert_channels where workspace_id = :ws")
                        .param("ws", workspaceId)
                        .update()
                > 0;
    }

    /**
     * Records Slack's error for the channel, or clears it ({@code error} null) after a post that worked.
     * Only while the setting still names that channel: an error of a channel that was just replaced is
     * not shown against the new one.
     */
    public void recordResult(String workspaceId, String channelId, String error) {
        jdbc.sql("update slack_alert_channels set last_error = :error, last_error_at = :at"
                        + " where workspace_id = :ws and channel_id = :channel")
                .param("error", error)
                .param("at", error == null ? null : Timestamps.toDb(Timestamps.now(clock)))
                .param("ws", workspaceId)
                .param("channel", channelId)
                .update();
    }

    public Optional<PostedMessage> findMessage(String workspaceId, String alertId) {
        return jdbc.sql("select channel_id, message_ts from slack_alert_messages"
                        + " where workspace_id = :ws and alert_id = :alert")
                .param("ws", workspaceId)
                .param("alert", alertId)
                .query((rs, n) -> new PostedMessage(rs.getString(1), rs.getString(2)))
                .optional();
    }

    /** Remembers the message posted for an alert (replacing an earlier one); old ones are forgotten. */
    public void saveMessage(String workspaceId, String alertId, PostedMessage message) {
        Instant now = Timestamps.now(clock);
        jdbc.sql(
                        "delete from slack_alert_messages where posted_at < :before or (workspace_id = :ws and alert_id = :alert)")
                .param("before", Timestamps.toDb(now.minus(MESSAGE_MEMORY)))
                .param("ws", workspaceId)
                .param("alert", alertId)
                .update();
        jdbc.sql("insert into slack_alert_messages (workspace_id, alert_id, channel_id, message_ts, posted_at)"
                        + " values (:ws, :alert, :channel, :ts, :at)")
                .param("ws", workspaceId)
                .param("alert", alertId)
                .param("channel", message.channelId())
                .param("ts", message.ts())
                .param("at", Timestamps.toDb(now))
                .update();
    }

    private static String names(Collection<? extends Enum<?>> values) {
        return values.stream().map(Enum::name).sorted().distinct().collect(Collectors.joining(","));
    }

    private static SlackAlertChannel channel(ResultSet rs, int row) throws SQLException {
        return new SlackAlertChannel(
                rs.getString("workspace_id"),
                rs.getString("channel_id"),
                parse(rs.getString("alert_types"), AlertType.class),
                parse(rs.getString("severities"), AlertSeverity.class),
                rs.getString("last_error"),
                rs.getObject("last_error_at") == null ? null : Timestamps.fromDb(rs, "last_error_at"),
                rs.getString("updated_by"),
                Timestamps.fromDb(rs, "updated_at"));
    }

    /** Names this version does not know (written by a newer one) are skipped, not an error. */
    private static <E extends Enum<E>> EnumSet<E> parse(String names, Class<E> type) {
        EnumSet<E> set = EnumSet.noneOf(type);
        Arrays.stream(names.split(",")).forEach(name -> {
            try {
                set.add(Enum.valueOf(type, name.strip()));
            } catch (IllegalArgumentException e) {
                // unknown: ignored
            }
        });
        return set;
    }
}
