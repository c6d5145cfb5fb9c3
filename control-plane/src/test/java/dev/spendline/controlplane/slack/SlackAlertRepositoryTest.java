package dev.spendline.controlplane.slack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.slack.SlackAlertRepository.PostedMessage;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Alerts in Slack (V10) on H2 and PostgreSQL: each workspace's channel, its last error, posted messages. */
class SlackAlertRepositoryTest extends DatabaseTest {

    SlackAlertRepository alerts;
    Workspace acme;
    Workspace other;
    User ana;

    @BeforeEach
    void repositories() {
        alerts = new SlackAlertRepository(jdbc, clock);
        acme = workspaces.create("Acme", Plan.TEAM);
        other = workspaces.create("Other", Plan.FREE);
        ana = new UserRepository(jdbc, clock).create("ana@example.com", "Ana", null);
    }

    @Test
    void aWorkspaceHasOneChannelWhoseErrorIsKeptUntilAPostWorksOrTheChannelChanges() {
        alerts.saveChannel(acme.id(), "C1", List.of(AlertType.SPEND_ANOMALY), List.of(AlertSeverity.WARNING), ana.id());
        alerts.recordResult(acme.id(), "C1", "not_in_channel");

        SlackAlertChannel channel = alerts.findChannel(acme.id()).orElseThrow();
        assertThat(channel.lastError()).isEqualTo("not_in_channel");
        assertThat(channel.lastErrorAt()).isEqualTo(Timestamps.now(clock));
        assertThat(channel.types()).containsExactly(AlertType.SPEND_ANOMALY);
        assertThat(alerts.findChannel(other.id())).isEmpty();

        // An error of a channel that is no longer the setting is not shown against the new one.
        alerts.saveChannel(
                acme.id(),
                "C2",
                List.of(AlertType.BUDGET_THRESHOLD, AlertType.BUDGET_FORECAST),
                List.of(AlertSeverity.CRITICAL, AlertSeverity.WARNING),
                ana.id());
        alerts.recordResult(acme.id(), "C1", "channel_not_found");
        channel = alerts.findChannel(acme.id()).orElseThrow();
        assertThat(channel.channelId()).isEqualTo("C2");
        assertThat(channel.lastError()).isNull();
        assertThat(channel.wants(AlertType.BUDGET_FORECAST, AlertSeverity.CRITICAL))
                .isTrue();
        assertThat(channel.wants(AlertType.SPEND_ANOMALY, AlertSeverity.CRITICAL))
                .isFalse();

        alerts.recordResult(acme.id(), "C2", "invalid_auth");
        alerts.recordResult(acme.id(), "C2", null);
        assertThat(alerts.findChannel(acme.id()).orElseThrow().lastError()).isNull();

        assertThat(alerts.deleteChannel(acme.id())).isTrue();
        assertThat(alerts.deleteChannel(acme.id())).isFalse();
    }

    @Test
    void aPostedMessageIsFoundByItsWorkspaceAndAlertAndForgottenLongAfter() {
        alerts.saveMessage(acme.id(), "alr_1", new PostedMessage("C1", "1764066999.000001"));
        alerts.saveMessage(acme.id(), "alr_1", new PostedMessage("C1", "1764066999.000002"));

        assertThat(alerts.findMessage(acme.id(), "alr_1")).contains(new PostedMessage("C1", "1764066999.000002"));
        assertThat(alerts.findMessage(other.id(), "alr_1")).isEmpty();

        clock.advance(SlackAlertRepository.MESSAGE_MEMORY.plus(Duration.ofDays(1)));
        alerts.saveMessage(other.id(), "alr_2", new PostedMessage("C9", "1.2"));
        assertThat(alerts.findMessage(acme.id(), "alr_1")).isEmpty();
        assertThat(alerts.findMessage(other.id(), "alr_2")).isPresent();
    }
}
