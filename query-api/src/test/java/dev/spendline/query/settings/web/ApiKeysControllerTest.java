package dev.spendline.query.settings.web;

import static dev.spendline.query.settings.web.PageAssertions.html;
import static dev.spendline.query.settings.web.SettingsPagesTestApplication.viewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.keys.ApiKey;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.ApiKeySecrets;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * {@code /app/settings/keys} with the real key repository: a key is shown in full once, then only
 * its prefix; members cannot create or revoke; another workspace's key id is not found.
 */
@WebMvcTest(controllers = ApiKeysController.class)
class ApiKeysControllerTest {

    private static final Pattern SECRET = Pattern.compile("<p class=\"secret\" id=\"new-key\">(spl_[^<]+)</p>");

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    ApiKeyRepository keys;

    private Workspace workspace;

    @BeforeEach
    void createWorkspace() {
        workspace = workspaces.create("Acme", Plan.FREE);
    }

    @Test
    void aCreatedKeyIsShownOnceWithACopyButtonThenOnlyItsPrefix() throws Exception {
        MvcResult created = mvc.perform(post("/app/settings/keys")
                        .param("name", "production")
                        .with(authentication(viewer(workspace, Role.ADMIN)))
                        .with(csrf()))
                .andReturn();
        String page = html(created, 200);
        Matcher shown = SECRET.matcher(page);
        assertThat(shown.find()).as(page).isTrue();
        String secret = shown.group(1);

        assertThat(page)
                .contains("<button type=\"button\" data-copy=\"#new-key\">Copy key</button>")
                .contains("it will not be shown again");
        assertThat(created.getResponse().getHeader("Cache-Control")).isEqualTo("no-store");
        ApiKey stored = keys.findByHash(ApiKeySecrets.hash(secret)).orElseThrow();
        assertThat(stored.workspaceId()).isEqualTo(workspace.id());
        assertThat(stored.name()).isEqualTo("production");

        String list = html(
                mvc.perform(get("/app/settings/keys").with(authentication(viewer(workspace, Role.ADMIN))))
                        .andReturn(),
                200);
        assertThat(list)
                .contains("<th scope=\"row\">production</th><td><code>" + stored.prefix() + "…</code></td>")
                .contains("<td>never</td><td>Active</td>")
                .doesNotContain(secret);
    }

    @Test
    void aMemberSeesTheKeysButNeitherFormAndCreateAndRevokeAre403() throws Exception {
        IssuedApiKey existing = keys.issue(workspace.id(), "ci");

        String list = html(
                mvc.perform(get("/app/settings/keys").with(authentication(viewer(workspace, Role.MEMBER))))
                        .andReturn(),
                200);
        assertThat(list)
                .contains("<th scope=\"row\">ci</th>")
                .doesNotContain("Create key")
                .doesNotContain("/revoke");

        String create = html(
                mvc.perform(post("/app/settings/keys")
                                .param("name", "sneaky")
                                .with(authentication(viewer(workspace, Role.MEMBER)))
                                .with(csrf()))
                        .andReturn(),
                403);
        assertThat(create).contains("Only owners and admins can change this");
        html(
                mvc.perform(post(
                                        "/app/settings/keys/{id}/revoke",
                                        existing.key().id())
                                .with(authentication(viewer(workspace, Role.MEMBER)))
                                .with(csrf()))
                        .andReturn(),
                403);

        assertThat(keys.listForWorkspace(workspace.id())).singleElement().satisfies(key -> assertThat(key.revoked())
                .isFalse());
    }

    @Test
    void anOwnerRevokesAKeyOfTheWorkspace() throws Exception {
        IssuedApiKey key = keys.issue(workspace.id(), "ci");

        MvcResult result = mvc.perform(
                        post("/app/settings/keys/{id}/revoke", key.key().id())
                                .with(authentication(viewer(workspace, Role.OWNER)))
                                .with(csrf()))
                .andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(302);
        assertThat(result.getResponse().getRedirectedUrl()).isEqualTo("/app/settings/keys");
        assertThat(keys.listForWorkspace(workspace.id())).singleElement().satisfies(k -> assertThat(k.revokedAt())
                .isEqualTo(SettingsPagesTestApplication.NOW));
        String list = html(
                mvc.perform(get("/app/settings/keys").with(authentication(viewer(workspace, Role.OWNER))))
                        .andReturn(),
                200);
        assertThat(list).contains("<td>Revoked 2026-11-22 10:17 UTC</td>").doesNotContain("Revoke ci");
    }

    @Test
    void aKeyIdOfAnotherWorkspaceIsNotFoundAndStaysActive() throws Exception {
        Workspace other = workspaces.create("Other", Plan.TEAM);
        IssuedApiKey foreign = keys.issue(other.id(), "theirs");

        String page = html(
                mvc.perform(post("/app/settings/keys/{id}/revoke", foreign.key().id())
                                .with(authentication(viewer(workspace, Role.OWNER)))
                                .with(csrf()))
                        .andReturn(),
                404);

        assertThat(page).contains("This workspace has no API key with that id.");
        assertThat(keys.listForWorkspace(other.id())).singleElement().satisfies(k -> assertThat(k.revoked())
                .isFalse());
        html(
                mvc.perform(post("/app/settings/keys/{id}/revoke", "key_missing")
                                .with(authentication(viewer(workspace, Role.OWNER)))
                                .with(csrf()))
                        .andReturn(),
                404);
    }

    @Test
    void aBlankNameIsRefusedAndNoKeyIsMade() throws Exception {
        String page = html(
                mvc.perform(post("/app/settings/keys")
                                .param("name", " ")
                                .with(authentication(viewer(workspace, Role.OWNER)))
                                .with(csrf()))
                        .andReturn(),
                400);

        assertThat(page).contains("The name must not be blank.").doesNotContain("new-key");
        assertThat(keys.listForWorkspace(workspace.id())).isEmpty();
    }

    @Test
    void theCsvExportListsTheKeysWithoutSecrets() throws Exception {
        IssuedApiKey key = keys.issue(workspace.id(), "ci");

        MvcResult csv = mvc.perform(
                        get("/app/settings/keys?format=csv").with(authentication(viewer(workspace, Role.MEMBER))))
                .andReturn();

        assertThat(csv.getResponse().getContentAsString())
                .isEqualTo("id,name,prefix,createdAt,lastUsedAt,revokedAt\r\n"
                        + key.key().id() + ",ci," + key.key().prefix() + ",2026-11-22T10:17:00Z,,\r\n");
    }
}
