package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Questions that ask for a change: a complete budget request becomes the {@code create_budget}
 * prepare request filled in (never prepared), an incomplete one asks for what is missing, other
 * changes say where they are made, a denied verb is no write, and FREE workspaces are told it needs Team.
 */
class WriteIntentsTest {

    private static final String BASE = "https://spendline.example";
    private final Asker asker =
            new Asker(Reports.tools(), workspace -> AskCorpus.VOCABULARY, Clock.fixed(AskCorpus.NOW, ZoneOffset.UTC));

    private static WriteIntent read(String question) {
        return new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC)
                .interpret(question)
                .write();
    }

    private static Map<String, Object> budget(String name, String limit, String scope, String value, String period) {
        return new WriteIntent.Budget(name, new BigDecimal(limit), scope, value, period).request();
    }

    @Test
    void aCompleteBudgetRequestIsFilledIn() {
        assertThat(read("set a $500 monthly budget for search").budget().request())
                .isEqualTo(budget("search monthly", "500", "FEATURE", "search", "MONTHLY"));
        assertThat(read("add a budget for customer acme at $1k per month")
                        .budget()
                        .request())
                .isEqualTo(budget("acme monthly", "1000", "TENANT", "acme", "MONTHLY"));
        assertThat(read("Please create a weekly budget of 1,250.50 dollars for gpt-4.1")
                        .budget()
                        .request())
                .isEqualTo(budget("gpt-4.1 weekly", "1250.5", "MODEL", "gpt-4.1", "WEEKLY"));
        assertThat(read("set up a $2000 budget").budget().request())
                .isEqualTo(budget("Workspace monthly", "2000", "WORKSPACE", null, "MONTHLY"));
        assertThat(read("set up a $2000 budget").notes())
                .anySatisfy(n -> assertThat(n).contains("whole workspace"))
                .anySatisfy(n -> assertThat(n).contains("No period named"));
        // "No," answering something else is no denial of the verb after it.
        assertThat(read("No, set a $500 monthly budget for search").budget().request())
                .isEqualTo(budget("search monthly", "500", "FEATURE", "search", "MONTHLY"));
        assertThat(read("cap the triage-agent agent at $50 a day").budget().request())
                .isEqualTo(budget("triage-agent daily", "50", "AGENT", "triage-agent", "DAILY"));
    }

    @Test
    void anAlertAtAnAmountIsABudget() {
        WriteIntent write = read("alert me when feature checkout passes $300 this month");
        assertThat(write.budget().request())
                .isEqualTo(budget("checkout monthly", "300", "FEATURE", "checkout", "MONTHLY"));
        // A name not seen yet is kept as typed (a budget may come before the first call), with a note.
        assertThat(write.notes()).anySatisfy(n -> assertThat(n).contains("No feature 'checkout'"));
        assertThat(read("notify us if openai goes over 400 usd per week")
                        .budget()
                        .request())
                .isEqualTo(budget("openai weekly", "400", "PROVIDER", "openai", "WEEKLY"));
    }

    @Test
    void anIncompleteOrImpossibleRequestAsksForWhatIsMissing() {
        assertThat(read("set a monthly budget for search").reply()).contains("needs its limit: how much");
        assertThat(read("alert me when search gets expensive").reply()).contains("needs its limit");
        assertThat(read("create a budget of 200 dollars a month for the team platform")
                        .reply())
                .contains("team 'platform'")
                .contains("have no budgets");
        assertThat(read("set a $500 budget for nosuchthing").reply())
                .contains("no feature, customer, model, provider or agent 'nosuchthing'");
        assertThat(read("set a $500 budget for acme and search").reply()).contains("one scope");
        assertThat(read("set a $500 daily budget for search per month").reply()).contains("one period");
        assertThat(read("set a $0 budget for search").reply()).contains("more than $0");
        // A name of two dimensions with budgets: which one is asked, none is picked.
        assertThat(new QuestionInterpreter(
                                new Vocabulary(java.util.Map.of(
                                        dev.spendline.contracts.query.Dimension.FEATURE, java.util.Set.of("atlas"),
                                        dev.spendline.contracts.query.Dimension.AGENT, java.util.Set.of("atlas"))),
                                AskCorpus.NOW,
                                ZoneOffset.UTC)
                        .interpret("set a $100 budget for atlas")
                        .write()
                        .reply())
                .contains("'atlas' is the name of a feature and of an agent")
                .contains("say which");
    }

    @Test
    void otherChangesSayWhereTheyAreMade() {
        assertThat(read("delete the search budget").reply()).contains("DELETE /api/v1/budgets/{id}");
        assertThat(read("raise the acme budget to $2000").reply()).contains("cannot be changed in place");
        assertThat(read("change our monthly budget").reply()).contains("cannot be changed in place");
        assertThat(read("revoke the CI api key").reply()).contains("/app/settings/keys");
        assertThat(read("snooze the budget alert for 2 hours").reply()).contains("prepare-alert-snooze");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "don't set a budget for search, just show its spend this month",
                "do not create a budget; what did search cost this month",
                "which budgets did we set",
                "what budget is set for search",
                "budgets over their limit",
                "spend by feature this month",
                "spend by feature, limit the list to 5 rows",
                "tell me when we spent the most this month",
                "let me know if search is the top feature",
            })
    void deniedVerbsAndQuestionsAboutBudgetsAreNoWrite(String question) {
        assertThat(read(question)).isNull();
        Interpretation reading =
                new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC).interpret(question);
        assertThat(reading.reason() == null || !reading.reason().contains(QuestionWords.READS_ONLY))
                .as(String.valueOf(reading))
                .isTrue();
    }

    @Test
    void onTheTeamPlanTheAnswerCarriesTheRequestTheFormAndTheCommandAndPreparesNothing() {
        AskAnswer answer = asker.ask("ws_1", WorkspacePlan.TEAM, "set a $500 monthly budget for search", BASE);
        assertThat(answer.answered()).isFalse();
        assertThat(answer.writeRequest()).isTrue();
        assertThat(answer.tool()).isNull();
        assertThat(answer.data()).isNull();
        assertThat(answer.answer())
                .contains("nothing has been prepared")
                .contains("a MONTHLY budget 'search monthly' of $500.00 on feature search");
        assertThat(answer.form().action()).isEqualTo("create_budget");
        assertThat(answer.form().prepare()).isEqualTo("POST /api/v1/ask/actions/prepare");
        assertThat(answer.form().request()).isEqualTo(budget("search monthly", "500", "FEATURE", "search", "MONTHLY"));
        assertThat(answer.form().dashboardUrl())
                .isEqualTo(BASE + "/app/budgets/new?name=search%20monthly&limitUsd=500&scope=FEATURE"
                        + "&scopeValue=search&period=MONTHLY");
        assertThat(answer.form().command())
                .isEqualTo("spendline action prepare-budget --name 'search monthly' --limit-usd 500 --scope FEATURE"
                        + " --scope-value search --period MONTHLY");
    }

    @Test
    void aFreeWorkspaceIsToldItNeedsTheTeamPlan() {
        AskAnswer answer = asker.ask("ws_1", WorkspacePlan.FREE, "set a $500 monthly budget for search", BASE);
        assertThat(answer.form()).isNull();
        assertThat(answer.answer()).contains("needs the Team plan").contains("FREE plan");
        assertThat(answer.writeRequest()).isTrue();
    }

    @Test
    void theCommandQuotesWhatTheShellWouldSplit() {
        assertThat(WriteAnswers.shell("it's")).isEqualTo("'it'\\''s'");
        assertThat(WriteAnswers.shell("gpt-4.1")).isEqualTo("gpt-4.1");
    }
}
