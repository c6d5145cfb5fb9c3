package dev.spendline.query.dashboard;

import static dev.spendline.query.dashboard.DashboardSlice.NOW;
import static dev.spendline.query.dashboard.DashboardSlice.TEAM_WS;
import static dev.spendline.query.dashboard.DashboardSlice.signedIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.dashboard.DashboardSlice.FixedQueries;
import dev.spendline.query.dashboard.DashboardSlice.MovableClock;
import dev.spendline.query.plan.PlanGate;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.RequestPostProcessor;
import org.springframework.web.util.HtmlUtils;

/**
 * The one plan rule ({@link PlanGate}) on every surface that writes: the REST budgets and snoozes
 * refuse a FREE workspace with 403 {@code plan_required} before anything is written, the dashboard's
 * forms refuse it with a page that says why, and a TEAM workspace is still allowed. (Prepare and
 * confirm are covered by {@link DashboardActionsTest} and the MCP tools by {@code McpServerTest}.)
 */
@WebMvcTest
@ContextConfiguration(classes = DashboardSlice.class)
class PlanGateSurfacesTest {

    private static final String BUDGET =
            """
            {"name": "Support bot", "scope": "FEATURE", "scopeValue": "support-bot", "period": "MONTHLY",
             "limitUsd": 500}""";

    @Autowired
    MockMvc mvc;

    @Autowired
    FixedQueries queries;

    @Autowired
    MovableClock clock;

    @Autowired
    SettingsWriter settings;

    @BeforeEach
    void reset() {
        clock.set(NOW);
        Mockito.reset(settings);
        queries.reset();
        queries.set(QueryType.BUDGET_STATUS, q -> ReportViewsTest.budgets());
        queries.set(QueryType.ACTIVE_ALERTS, q -> ReportViewsTest.alerts());
        queries.set(QueryType.EXPERIMENTS, q -> ReportViewsTest.experiments());
    }

    @Test
    void aFreeWorkspaceCannotCreateOrDeleteABudgetThroughTheApiAndNothingIsStored() throws Exception {
        assertPlanRequired(mvc.perform(api(post("/api/v1/budgets").content(BUDGET), Plan.FREE))
                .andReturn());
        assertPlanRequired(
                mvc.perform(api(delete("/api/v1/budgets/bud_1"), Plan.FREE)).andReturn());
        verify(settings, never()).put(any(), any(), any(), any());
    }

    @Test
    void aTeamWorkspaceStillCreatesABudgetThroughTheApi() throws Exception {
        queries.set(QueryType.BUDGET_STATUS, q -> new BudgetStatusReport(TEAM_WS, NOW, 0, 0, 0, List.of()));

        MvcResult created = mvc.perform(api(post("/api/v1/budgets").content(BUDGET), Plan.TEAM))
                .andReturn();

        assertThat(created.getResponse().getStatus()).isEqualTo(201);
        verify(settings, times(1)).put(eq(Topics.BUDGETS), eq(TEAM_WS), any(), any());
    }

    @Test
    void aFreeWorkspaceCannotSnoozeOrUnsnoozeThroughTheApi() throws Exception {
        assertPlanRequired(mvc.perform(api(
                        post("/api/v1/alerts/alr_1/snooze").content("{\"hours\": 24, \"reason\": \"launch\"}"),
                        Plan.FREE))
                .andReturn());
        assertPlanRequired(mvc.perform(api(delete("/api/v1/alerts/alr_1/snooze"), Plan.FREE))
                .andReturn());
        verify(settings, never()).put(any(), any(), any(), any());
    }

    @Test
    void aTeamWorkspaceStillSnoozesThroughTheApi() throws Exception {
        MvcResult snoozed = mvc.perform(api(
                        post("/api/v1/alerts/alr_1/snooze").content("{\"hours\": 24, \"reason\": \"launch\"}"),
                        Plan.TEAM))
                .andReturn();

        assertThat(snoozed.getResponse().getStatus()).isEqualTo(200);
        verify(settings, times(1)).put(eq(Topics.ALERT_SNOOZES), eq(TEAM_WS), any(), any());
    }

    @Test
    void theDashboardsSnoozeAndGuardrailFormsAreRefusedToAFreeWorkspaceWithAMessage() throws Exception {
        MvcResult snooze = mvc.perform(post("/app/alerts/snooze")
                        .param("alertId", "alr_1")
                        .param("hours", "24")
                        .param("reason", "launch")
                        .with(user(Plan.FREE))
                        .with(csrf()))
                .andReturn();
        MvcResult guardrail = mvc.perform(post("/app/experiments/guardrails")
                        .param("experimentId", "prompt-v2")
                        .with(user(Plan.FREE))
                        .with(csrf()))
                .andReturn();

        for (MvcResult refused : List.of(snooze, guardrail)) {
            assertThat(refused.getResponse().getStatus()).isEqualTo(403);
            assertThat(HtmlUtils.htmlUnescape(refused.getResponse().getContentAsString()))
                    .contains("Write actions need the Team plan")
                    .contains("This workspace is on the FREE plan.");
        }
        verify(settings, never()).put(any(), any(), any(), any());
    }

    @Test
    void theAlertsPageOffersTheSnoozeFormOnlyWhenThePlanAllowsIt() throws Exception {
        String free = mvc.perform(get("/app/alerts").with(user(Plan.FREE)))
                .andReturn()
                .getResponse()
                .getContentAsString();
        String team = mvc.perform(get("/app/alerts").with(user(Plan.TEAM)))
                .andReturn()
                .getResponse()
                .getContentAsString();

        assertThat(HtmlUtils.htmlUnescape(free))
                .contains("Snoozing alerts needs the Team plan")
                .doesNotContain("action=\"/app/alerts/snooze\"");
        assertThat(team).contains("action=\"/app/alerts/snooze\"");
    }

    private static MockHttpServletRequestBuilder api(MockHttpServletRequestBuilder request, Plan plan) {
        return request.contentType(MediaType.APPLICATION_JSON).with(user(plan)).with(csrf());
    }

    private static RequestPostProcessor user(Plan plan) {
        return authentication(signedIn(plan == Plan.TEAM ? "usr_team" : "usr_free", plan));
    }

    private static void assertPlanRequired(MvcResult result) throws Exception {
        assertThat(result.getResponse().getStatus()).isEqualTo(403);
        assertThat(result.getResponse().getContentType()).startsWith("application/problem+json");
        assertThat(result.getResponse().getContentAsString()).contains("\"code\":\"" + PlanGate.CODE + "\"");
    }
}
