package dev.spendline.query.settings.web;

import static dev.spendline.query.settings.web.PageAssertions.html;
import static dev.spendline.query.settings.web.SettingsPagesTestApplication.viewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.otlp.OtlpMapping;
import dev.spendline.controlplane.otlp.OtlpMappingRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.settings.OperatorCommands;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * {@code /app/settings}: the workspace name, the plan, the Ask section; renaming is for owners and
 * admins. Spring Boot's default security chain (CSRF on) stands in for the session chain.
 */
@WebMvcTest(controllers = WorkspaceSettingsController.class)
@Import(WorkspaceSettingsControllerTest.Commands.class)
class WorkspaceSettingsControllerTest {

    /** The installation's commands as the standalone spells them (its own test runs them: PrintedCommandsIT). */
    @TestConfiguration
    static class Commands {
        @Bean
        OperatorCommands operatorCommands() {
            return new OperatorCommands() {
                @Override
                public Optional<String> setPlan(String workspaceId, String plan) {
                    return Optional.of("bin/spendline-local set-plan --workspace " + workspaceId + " " + plan
                            + " --data-dir ./data");
                }

                @Override
                public Optional<String> redriveDeadLetters(String workspaceId) {
                    return Optional.of("bin/spendline-local redrive-dead-letters --workspace " + workspaceId
                            + " --data-dir ./data");
                }
            };
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    OtlpMappingRepository otlpMappings;

    @Autowired
    SettingsPagesTestApplication.KafkaRevenue revenue;

    private Workspace workspace;

    @BeforeEach
    void createWorkspace() {
        workspace = workspaces.create("Acme", Plan.FREE);
    }

    @Test
    void showsTheNameThePlanWhatTeamEnablesAndHowAnOperatorChangesIt() throws Exception {
        String page = html(
                mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.OWNER))))
                        .andReturn(),
                200);

        assertThat(page)
                .contains("Name: <strong>Acme</strong>")
                .contains("This workspace is on the <strong>FREE</strong> plan.")
                .contains("creating budgets, snoozing alerts and setting experiment")
                .contains("bin/spendline-local set-plan --workspace " + workspace.id() + " TEAM --data-dir ./data")
                .contains("The Slack app is not configured by the operator of this Spendline.")
                .contains(
                        "href=\"/app/settings/keys\"",
                        "href=\"/app/settings/revenue\"",
                        "href=\"/app/settings/members\"")
                .contains("action=\"/app/settings/name\"");
    }

    /** Issue #28: the workspace sees that records were set aside, how many, since when, and what helps. */
    @Test
    void showsHowManyRecordsWereSetAsideAndHowAnOperatorReDrivesThem() throws Exception {
        String before = html(
                mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.MEMBER))))
                        .andReturn(),
                200);
        assertThat(before).doesNotContain("id=\"dead-letters\"");

        revenue.deadLetters.put(
                workspace.id(),
                new DeadLetterCount(
                        workspace.id(),
                        3,
                        Instant.parse("2026-11-20T08:05:00Z"),
                        Instant.parse("2026-11-21T09:00:00Z"),
                        "invalid"));
        String page = html(
                mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.MEMBER))))
                        .andReturn(),
                200);

        assertThat(page)
                .contains("id=\"dead-letters\"")
                .contains("<strong>3 records</strong>")
                .contains("could not be processed since")
                .contains("bin/spendline-local redrive-dead-letters --workspace " + workspace.id()
                        + " --data-dir ./data");
    }

    @Test
    void showsTheOtlpMappingEachFieldSaysWhetherTheWorkspaceOrTheDefaultSetsIt() throws Exception {
        java.util.List<dev.spendline.contracts.validation.FieldError> errors = new java.util.ArrayList<>();
        otlpMappings.save(
                workspace.id(),
                OtlpMapping.read(
                        dev.spendline.contracts.json.Json.MAPPER.readTree(
                                "{\"tenantId\": [\"app.customer\", \"spendline.tenant_id\"]}"),
                        "",
                        errors));
        Workspace other = workspaces.create("Other", Plan.FREE);

        String page = html(
                mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.MEMBER))))
                        .andReturn(),
                200);
        String others = html(
                mvc.perform(get("/app/settings").with(authentication(viewer(other, Role.OWNER))))
                        .andReturn(),
                200);

        assertThat(page)
                .contains(
                        "<td><code>tenantId</code></td><td><code>app.customer, </code><code>spendline.tenant_id</code></td><td>this workspace</td>")
                .contains(
                        "<td><code>runId</code></td><td><code>session.id, </code><code>gen_ai.conversation.id</code></td><td>default</td>");
        assertThat(others)
                .contains("<td><code>tenantId</code></td><td><code>spendline.tenant_id</code></td><td>default</td>")
                .doesNotContain("<code>app.customer, </code>");
    }

    @Test
    void anOwnerRenamesTheWorkspace() throws Exception {
        MvcResult result = mvc.perform(post("/app/settings/name")
                        .param("name", "  Acme Inc.  ")
                        .with(authentication(viewer(workspace, Role.OWNER)))
                        .with(csrf()))
                .andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(302);
        assertThat(result.getResponse().getRedirectedUrl()).isEqualTo("/app/settings");
        assertThat(result.getFlashMap().get("notice")).isEqualTo("The workspace is now called “Acme Inc.”.");
        assertThat(workspaces.findById(workspace.id())).map(Workspace::name).contains("Acme Inc.");
    }

    @Test
    void aMemberSeesNoRenameFormAndARenameIsRefusedWith403() throws Exception {
        String page = html(
                mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.MEMBER))))
                        .andReturn(),
                200);
        assertThat(page).doesNotContain("action=\"/app/settings/name\"").contains("Owners and admins can rename");

        String refused = html(
                mvc.perform(post("/app/settings/name")
                                .param("name", "Taken over")
                                .with(authentication(viewer(workspace, Role.MEMBER)))
                                .with(csrf()))
                        .andReturn(),
                403);

        assertThat(refused).contains("<h1>Only owners and admins can change this</h1>");
        assertThat(workspaces.findById(workspace.id())).map(Workspace::name).contains("Acme");
    }

    @Test
    void aBlankOrOverlongNameIsRefusedWithTheReasonAndNothingChanges() throws Exception {
        String blank = html(
                mvc.perform(post("/app/settings/name")
                                .param("name", "   ")
                                .with(authentication(viewer(workspace, Role.ADMIN)))
                                .with(csrf()))
                        .andReturn(),
                400);
        assertThat(blank).contains("The name must not be blank.").contains("aria-invalid=\"true\"");

        String overlong = html(
                mvc.perform(post("/app/settings/name")
                                .param("name", "x".repeat(201))
                                .with(authentication(viewer(workspace, Role.ADMIN)))
                                .with(csrf()))
                        .andReturn(),
                400);
        assertThat(overlong).contains("The name must be at most 200 characters.");

        assertThat(workspaces.findById(workspace.id())).map(Workspace::name).contains("Acme");
    }
}
