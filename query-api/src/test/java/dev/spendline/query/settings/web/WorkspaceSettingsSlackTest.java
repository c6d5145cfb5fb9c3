package dev.spendline.query.settings.web;

import static dev.spendline.query.settings.web.PageAssertions.html;
import static dev.spendline.query.settings.web.SettingsPagesTestApplication.viewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.slack.SlackInstallation;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.ask.AskConfiguration;
import dev.spendline.query.slack.SlackConfiguration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Settings → Ask with the Slack app configured: owners and admins get "Add to Slack", then the
 * connected Slack workspace and "Disconnect Slack"; members see the connection without the buttons.
 */
@WebMvcTest(controllers = WorkspaceSettingsController.class)
@Import({AskConfiguration.class, SlackConfiguration.class, WorkspaceSettingsSlackTest.SessionStandIn.class})
@TestPropertySource(
        properties = {
            "spendline.slack.client-id=1111.2222",
            "spendline.slack.client-secret=secret",
            "spendline.slack.signing-secret=signing",
            "spendline.slack.token-encryption-keys.k1=MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
            "spendline.slack.token-encryption-key-id=k1",
            "spendline.slack.api-url=http://127.0.0.1:9/api/"
        })
class WorkspaceSettingsSlackTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    UserRepository users;

    @Autowired
    SlackInstallationRepository installations;

    @Autowired
    SlackAlertRepository alerts;

    private Workspace workspace;

    @BeforeEach
    void createWorkspace() {
        workspace = workspaces.create("Acme", Plan.FREE);
    }

    @Test
    void anOwnerAddsSlackAndThenSeesTheConnectionAndDisconnect() throws Exception {
        String before = page(Role.OWNER);
        assertThat(before)
                .contains("Not connected.")
                .contains("action=\"/app/settings/slack/install\"")
                .contains("<button type=\"submit\">Add to Slack</button>")
                .doesNotContain("not configured by the operator");

        connect();
        assertThat(page(Role.ADMIN))
                .contains("Connected to the Slack workspace <strong>Acme Slack</strong>")
                .contains("2026-11-22 10:17 UTC")
                .contains("<code>/spendline &lt;question&gt;</code>")
                .contains("action=\"/app/settings/slack/disconnect\"")
                .doesNotContain("Add to Slack");
    }

    @Test
    void aMemberSeesTheConnectionButNoButtons() throws Exception {
        assertThat(page(Role.MEMBER))
                .doesNotContain("action=\"/app/settings/slack/install\"")
                .contains("Owners and admins connect and disconnect Slack.");
        connect();
        assertThat(page(Role.MEMBER))
                .contains("Connected to the Slack workspace <strong>Acme Slack</strong>")
                .doesNotContain("action=\"/app/settings/slack/disconnect\"");
    }

    @Test
    void theAlertChannelIsShownWithSlacksLastErrorInWordsAndOnlyManagersGetTheForm() throws Exception {
        connect();
        assertThat(page(Role.OWNER))
                .contains("Alerts are not posted to Slack.")
                .contains("action=\"/app/settings/slack/alerts\"")
                .doesNotContain("action=\"/app/settings/slack/alerts/stop\"");

        String ownerId = users.create("admin-" + workspace.id() + "@example.com", "Ada", null)
                .id();
        alerts.saveChannel(
                workspace.id(),
                "C0ALERTS01",
                List.of(AlertType.BUDGET_THRESHOLD, AlertType.SPEND_ANOMALY),
                List.of(AlertSeverity.CRITICAL),
                ownerId);
        alerts.recordResult(workspace.id(), "C0ALERTS01", "not_in_channel");

        String admin = page(Role.ADMIN);
        assertThat(admin)
                .contains("Alerts are posted to the channel <code>C0ALERTS01</code>")
                .contains("BUDGET_THRESHOLD, SPEND_ANOMALY")
                .contains("of severity <span>CRITICAL</span>")
                .contains("<code>not_in_channel</code>")
                .contains("Spendline is not a member of the channel. Invite it there")
                .contains("action=\"/app/settings/slack/alerts/stop\"")
                .contains("value=\"C0ALERTS01\"");
        String member = page(Role.MEMBER);
        assertThat(member)
                .contains("Alerts are posted to the channel <code>C0ALERTS01</code>")
                .contains("Spendline is not a member of the channel")
                .doesNotContain("action=\"/app/settings/slack/alerts\"")
                .doesNotContain("action=\"/app/settings/slack/alerts/stop\"");

        alerts.recordResult(workspace.id(), "C0ALERTS01", null);
        assertThat(page(Role.ADMIN)).doesNotContain("Slack refused the last alert message");
    }

    private void connect() {
        String userId = users.create("owner-" + workspace.id() + "@example.com", "Olga", null)
                .id();
        installations.save(new SlackInstallation(
                "T" + workspace.id().substring(3, 12).toUpperCase(),
                workspace.id(),
                "Acme Slack",
                null,
                "A1",
                "U0BOT",
                null,
                "commands,app_mentions:read,chat:write",
                "v1:k1:not-a-real-token",
                "k1",
                userId,
                SettingsPagesTestApplication.NOW));
    }

    /** The Slack chain replaces Boot's default one; this stands in for the session chain elsewhere. */
    @TestConfiguration(proxyBeanMethods = false)
    static class SessionStandIn {

        @Bean
        @Order(100)
        SecurityFilterChain sessionStandIn(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(
                            authorize -> authorize.anyRequest().authenticated())
                    .build();
        }
    }

    private String page(Role role) throws Exception {
        return html(
                mvc.perform(get("/app/settings").with(authentication(viewer(workspace, role))))
                        .andReturn(),
                200);
    }
}
