package dev.spendline.query.slack;

import dev.spendline.controlplane.slack.SlackAlertChannel;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.slack.SlackInstallation;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import java.time.Instant;
import java.util.Optional;

/**
 * What the settings page shows in its Ask section: whether the operator configured the Slack app, and
 * which Slack workspace this workspace is connected to.
 */
public final class SlackConnections {

    /** A workspace's connection: the Slack workspace's name and when it was installed. */
    public record Connection(String teamName, String teamId, Instant installedAt) {}

    private final SlackProperties properties;
    private final SlackInstallationRepository repository;
    private final SlackAlertRepository alerts;

    SlackConnections(SlackProperties properties, SlackInstallationRepository repository, SlackAlertRepository alerts) {
        this.properties = properties;
        this.repository = repository;
        this.alerts = alerts;
    }

    /** The channel the workspace's alerts are posted to, if one was chosen. */
    public Optional<SlackAlertChannel> alertChannel(String workspaceId) {
        return alerts.findChannel(workspaceId);
    }

    /** What the settings page says about Slack's last error for the alert channel, or null for none. */
    public static String explain(String error) {
        return SlackAlertErrors.explain(error);
    }

    public boolean configured() {
        return properties.configured();
    }

    /** The slash command, as the manifest names it. */
    public String command() {
        return properties.command();
    }

    public Optional<Connection> of(String workspaceId) {
        return repository.findByWorkspace(workspaceId).map(SlackConnections::connection);
    }

    private static Connection connection(SlackInstallation installation) {
        return new Connection(installation.teamName(), installation.teamId(), installation.installedAt());
    }
}
