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
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.dashboard.DashboardSlice.FixedQueries;
import dev.spendline.query.dashboard.DashboardSlice.MovableClock;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.RequestPostProcessor;
import org.springframework.web.util.HtmlUtils;

/**
 * Creating a budget and snoozing an alert from the dashboard go through the API's prepare and
 * confirm ({@code ActionService} over {@code PreparedActions} on H2): the page shows the summary
 * and the exact phrase; only that phrase, typed by the same user within ten minutes, executes the
 * action, once; every refusal is a page that says why, with the API's status.
 */
@WebMvcTest
@ContextConfiguration(classes = DashboardSlice.class)
class DashboardActionsTest {

    private static final Pattern PHRASE =
            Pattern.compile("<code class=\"secret\" id=\"phrase-to-type\">([^<]+)</code>");
    private static final Pattern TOKEN = Pattern.compile("name=\"confirmationToken\" value=\"([^\"]+)\"");

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
        queries.set(QueryType.BUDGET_STATUS, q -> new BudgetStatusReport(TEAM_WS, NOW, 0, 0, 0, List.of()));
        queries.set(QueryType.ACTIVE_ALERTS, q -> ReportViewsTest.alerts());
    }

    @Test
    void preparingABudgetShowsTheSummaryAndThePhraseAndChangesNothing() throws Exception {
        Prepared prepared = prepareSupportBot(ann());
        assertThat(prepared.page())
                .contains("Confirm to go ahead")
                .contains("Create a MONTHLY budget 'Support bot' of $500.00 on feature support-bot")
                .contains("Confirm before 2026-11-22 10:27 UTC.");
        assertThat(prepared.phrase()).matches("create budget \\d{4}");
        verify(settings, never()).put(any(), any(), any(), any());
    }

    @Test
    void aWrongPhraseIsRefusedAndTheSameConfirmationIsOfferedAgain() throws Exception {
        Prepared prepared = prepareSupportBot(ann());
        MvcResult wrong = confirm("/app/budgets/confirm", prepared, "create budget", ann());
        assertThat(wrong.getResponse().getStatus()).isEqualTo(422);
        assertThat(text(wrong))
                .contains("Wrong confirmation phrase")
                .contains("nothing was executed and the token can still be used")
                .contains("value=\"" + prepared.token() + "\"")
                .contains(prepared.phrase());
        verify(settings, never()).put(any(), any(), any(), any());

        MvcResult right = confirm("/app/budgets/confirm", prepared, prepared.phrase(), ann());
        assertThat(right.getResponse().getStatus()).isEqualTo(200);
        assertThat(text(right)).contains("Done").contains("Create a MONTHLY budget 'Support bot' of $500.00");
        verify(settings, times(1)).put(eq(Topics.BUDGETS), eq(TEAM_WS), any(), any());
    }

    /** The budget reaches the reads a moment after "Done": the page waits for it rather than say none match. */
    @Test
    void aConfirmedBudgetIsListedOnThePageThatSaysDone() throws Exception {
        Prepared prepared = prepareSupportBot(ann());
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        // The read before confirming and the next two find nothing yet; the fourth finds the new budget.
        queries.set(
                QueryType.BUDGET_STATUS,
                q -> reads.incrementAndGet() < 4
                        ? new BudgetStatusReport(TEAM_WS, NOW, 0, 0, 0, List.of())
                        : ReportViewsTest.budgets());
        MvcResult right = confirm("/app/budgets/confirm", prepared, prepared.phrase(), ann());
        assertThat(text(right))
                .contains("Done")
                .contains("<th scope=\"row\">Support bot</th>")
                .doesNotContain("No budgets match");
    }

    @Test
    void aRepeatedConfirmationSaysItWasAlreadyDoneAndDoesNothingAgain() throws Exception {
        Prepared prepared = prepareSupportBot(ann());
        confirm("/app/budgets/confirm", prepared, prepared.phrase(), ann());
        MvcResult again = confirm("/app/budgets/confirm", prepared, prepared.phrase(), ann());
        assertThat(again.getResponse().getStatus()).isEqualTo(200);
        assertThat(text(again)).contains("Already done").contains("it was not done again");
        verify(settings, times(1)).put(eq(Topics.BUDGETS), eq(TEAM_WS), any(), any());
    }

    @Test
    void aConfirmationAfterTenMinutesHasExpired() throws Exception {
        Prepared prepared = prepareSupportBot(ann());
        clock.advance(Duration.ofMinutes(11));
        MvcResult late = confirm("/app/budgets/confirm", prepared, prepared.phrase(), ann());
        assertThat(late.getResponse().getStatus()).isEqualTo(410);
        assertThat(text(late)).contains("Confirmation expired").contains("prepare it again");
        verify(settings, never()).put(any(), any(), any(), any());
    }

    @Test
    void anotherUserOfTheWorkspaceCannotConfirm() throws Exception {
        Prepared prepared = prepareSupportBot(ann());
        MvcResult bob = confirm(
                "/app/budgets/confirm", prepared, prepared.phrase(), authentication(signedIn("usr_bob", Plan.TEAM)));
        assertThat(bob.getResponse().getStatus()).isEqualTo(403);
        assertThat(text(bob)).contains("Prepared with another credential");
        verify(settings, never()).put(any(), any(), any(), any());
    }

    @Test
    void aFreeWorkspaceIsToldThatWriteActionsNeedTeam() throws Exception {
        MvcResult free = mvc.perform(supportBot().with(authentication(signedIn("usr_free", Plan.FREE))))
                .andReturn();
        assertThat(free.getResponse().getStatus()).isEqualTo(403);
        assertThat(text(free))
                .contains("Write actions need the Team plan")
                .contains("This workspace is on the FREE plan.");
    }

    @Test
    void anInvalidBudgetFormListsEveryProblemByField() throws Exception {
        MvcResult invalid = mvc.perform(post("/app/budgets/prepare")
                        .param("name", "")
                        .param("limitUsd", "lots")
                        .param("scope", "FEATURE")
                        .param("period", "MONTHLY")
                        .with(ann())
                        .with(csrf()))
                .andReturn();
        assertThat(invalid.getResponse().getStatus()).isEqualTo(400);
        assertThat(text(invalid))
                .contains("name is required")
                .contains("limitUsd must be a number of US dollars, not text")
                .contains("scopeValue is required for scope FEATURE (the feature)")
                .contains("value=\"lots\""); // the form keeps what was typed
    }

    @Test
    void snoozingAnAlertIsPreparedWithItsSummaryAndPhrase() throws Exception {
        MvcResult prepared = mvc.perform(post("/app/alerts/snooze")
                        .param("alertId", "alr_1")
                        .param("hours", "24")
                        .param("reason", "known launch traffic")
                        .with(ann())
                        .with(csrf()))
                .andReturn();
        assertThat(prepared.getResponse().getStatus()).isEqualTo(200);
        String page = text(prepared);
        assertThat(page)
                .contains("Snooze the WARNING alert alr_1 (\"Budget Support bot reached 80 %\") for 24 hour(s)"
                        + " from confirmation, because: known launch traffic")
                .contains("action=\"/app/alerts/snooze/confirm\"");
        assertThat(find(PHRASE, page)).matches("snooze alert \\d{4}");
    }

    @Test
    void aFormWithoutTheCsrfTokenIsRefused() throws Exception {
        assertThat(mvc.perform(post("/app/budgets/prepare").param("name", "x").with(ann()))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(403);
    }

    private record Prepared(String page, String token, String phrase) {}

    private Prepared prepareSupportBot(RequestPostProcessor user) throws Exception {
        MvcResult result = mvc.perform(supportBot().with(user)).andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        String page = text(result);
        return new Prepared(page, find(TOKEN, page), find(PHRASE, page));
    }

    private static MockHttpServletRequestBuilder supportBot() {
        return post("/app/budgets/prepare")
                .param("name", "Support bot")
                .param("limitUsd", "500")
                .param("scope", "FEATURE")
                .param("scopeValue", "support-bot")
                .param("period", "MONTHLY")
                .with(csrf());
    }

    /** The confirm form as the page sends it, with {@code typed} as the phrase the person typed. */
    private MvcResult confirm(String path, Prepared prepared, String typed, RequestPostProcessor user)
            throws Exception {
        return mvc.perform(post(path)
                        .param("confirmationToken", prepared.token())
                        .param("confirmationPhrase", typed)
                        .param("summary", "shown again only")
                        .param("phraseToType", prepared.phrase())
                        .with(user)
                        .with(csrf()))
                .andReturn();
    }

    private static RequestPostProcessor ann() {
        return authentication(signedIn("usr_ann", Plan.TEAM));
    }

    private static String text(MvcResult result) throws Exception {
        return HtmlUtils.htmlUnescape(result.getResponse().getContentAsString());
    }

    private static String find(Pattern pattern, String page) {
        Matcher matcher = pattern.matcher(page);
        assertThat(matcher.find()).as("%s in the page", pattern).isTrue();
        return matcher.group(1);
    }
}
