package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.controlplane.Credential;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.signin.WorkspaceAuthentication;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Without {@code spendline.slack.*} the app is off: Slack's endpoints and the settings actions answer
 * 404, and half a configuration is refused at start-up naming what is missing.
 */
@WebMvcTest
@ContextConfiguration(classes = SlackTestApplication.class)
class SlackNotConfiguredTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    SlackConnections connections;

    @Test
    void slacksEndpointsAreNotFoundAndSettingsKnowItIsNotConfigured() throws Exception {
        assertThat(mvc.perform(post("/slack/events").content("{}"))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(404);
        assertThat(mvc.perform(post("/slack/commands").content("command=/spendline"))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(404);
        assertThat(connections.configured()).isFalse();
    }

    @Test
    void theSettingsActionsAreNotFound() throws Exception {
        WorkspaceAuthentication owner = new WorkspaceAuthentication(
                new Principal("ws_1", Credential.sessionUser("usr_1"), Plan.TEAM),
                "Acme",
                "usr_1",
                "ana@example.com",
                Role.OWNER,
                List.of());
        assertThat(mvc.perform(post("/app/settings/slack/install").with(csrf()).with(authentication(owner)))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(404);
    }

    @Test
    void halfAConfigurationNamesWhatIsMissing() {
        assertThatThrownBy(() -> new SlackProperties("1.2", null, "secret", Map.of(), null, "/spendline", "x", "y"))
                .hasMessage("spendline.slack is partly configured; also set spendline.slack.client-secret,"
                        + " token-encryption-keys.<id> (as an environment variable"
                        + " SPENDLINE_SLACK_TOKENENCRYPTIONKEYS_<ID>),"
                        + " token-encryption-key-id (naming one of token-encryption-keys)");
        assertThat(new SlackProperties(null, null, null, null, null, "/spendline", "http://fake/api", "y").apiUrl())
                .isEqualTo("http://fake/api/");
    }
}
