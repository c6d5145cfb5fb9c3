package dev.spendline.controlplane.slack;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The Slack channel a workspace's alerts are posted to, and which of them: an alert is posted when
 * both its type and its severity are among the chosen ones.
 *
 * @param channelId Slack's id of the channel ({@code C…} public, {@code G…} private)
 * @param lastError the error Slack last answered for this channel ({@code not_in_channel}, …), or null
 *     when the last post worked
 */
public record SlackAlertChannel(
        String workspaceId,
        String channelId,
        Set<AlertType> types,
        Set<AlertSeverity> severities,
        String lastError,
        Instant lastErrorAt,
        String updatedBy,
        Instant updatedAt) {

    public SlackAlertChannel {
        Objects.requireNonNull(workspaceId, "workspaceId");
        Objects.requireNonNull(channelId, "channelId");
        if (types.isEmpty() || severities.isEmpty()) {
            throw new IllegalArgumentException("at least one alert type and one severity");
        }
        types = Set.copyOf(EnumSet.copyOf(types));
        severities = Set.copyOf(EnumSet.copyOf(severities));
    }

    /** Whether an alert of this type and severity is posted to the channel. */
    public boolean wants(AlertType type, AlertSeverity severity) {
        return types.contains(type) && severities.contains(severity);
    }
}
