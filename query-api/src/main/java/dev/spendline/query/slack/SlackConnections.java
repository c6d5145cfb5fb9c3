package dev.spendline.query.slack;

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

    SlackConnections(SlackProperties properties, SlackInstallationRepository repository) {
        this.properties = properties;
        this.repository = repository;
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
