package dev.spendline.controlplane.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

/** The Slack app's tables (V7) on H2 and PostgreSQL. */
class SlackInstallationRepositoryTest extends DatabaseTest {

    SlackInstallationRepository slack;
    Workspace acme;
    Workspace other;
    User ana;

    @BeforeEach
    void repositories() {
        slack = new SlackInstallationRepository(jdbc, clock);
        acme = workspaces.create("Acme", Plan.TEAM);
        other = workspaces.create("Other", Plan.FREE);
        ana = new UserRepository(jdbc, clock).create("ana@example.com", "Ana", null);
    }

    @Test
    void aTeamIsBoundToOneWorkspaceAndAReinstallReplacesItsToken() {
        slack.save(installation("T1", acme, "v1:k1:first"));
        slack.save(installation("T1", acme, "v1:k1:second"));

        assertThat(slack.findByTeam("T1"))
                .map(SlackInstallation::botTokenCiphertext)
                .contains("v1:k1:second");
        assertThat(slack.findByWorkspace(acme.id()))
                .map(SlackInstallation::teamId)
                .contains("T1");
        assertThat(slack.findByWorkspace(other.id())).isEmpty();
        assertThatThrownBy(() -> slack.save(installation("T1", other, "v1:k1:x")))
                .isInstanceOf(DataIntegrityViolationException.class);
        assertThatThrownBy(() -> slack.save(installation("T2", acme, "v1:k1:x")))
                .isInstanceOf(DataIntegrityViolationException.class);

        assertThat(slack.deleteTeam("T1")).isTrue();
        assertThat(slack.deleteTeam("T1")).isFalse();
        assertThat(slack.findByTeam("T1")).isEmpty();
    }

    @Test
    void aStateIsTakenOnceAndKeepsWhatItWasBoundTo() {
        slack.issueState("state-1", acme.id(), ana.id(), "session-hash", Duration.ofMinutes(10));

        assertThat(jdbc.sql("select count(*) from slack_oauth_states where state_hash = 'state-1'")
                        .query(Integer.class)
                        .single())
                .as("only the hash is stored")
                .isZero();
        assertThat(slack.consumeState("state-1"))
                .contains(new SlackInstallationRepository.InstallState(
                        acme.id(),
                        ana.id(),
                        "session-hash",
                        Timestamps.now(clock).plus(Duration.ofMinutes(10))));
        assertThat(slack.consumeState("state-1")).isEmpty();
        assertThat(slack.consumeState("never-issued")).isEmpty();
    }

    @Test
    void anEventIsAFirstDeliveryOnceWithinTheHorizon() {
        assertThat(slack.firstDelivery("Ev1", Duration.ofHours(1))).isTrue();
        assertThat(slack.firstDelivery("Ev1", Duration.ofHours(1))).isFalse();
        clock.advance(Duration.ofHours(2));
        assertThat(slack.firstDelivery("Ev2", Duration.ofHours(1))).isTrue();
        assertThat(slack.firstDelivery("Ev1", Duration.ofHours(1)))
                .as("forgotten after the horizon")
                .isTrue();
    }

    private SlackInstallation installation(String teamId, Workspace workspace, String ciphertext) {
        return new SlackInstallation(
                teamId,
                workspace.id(),
                "Acme Slack",
                null,
                "A1",
                "U0BOT",
                "B1",
                "commands,app_mentions:read,chat:write",
                ciphertext,
                "k1",
                ana.id(),
                Timestamps.now(clock));
    }
}
