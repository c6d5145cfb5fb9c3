package dev.spendline.query.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.ask.AskAnswer;
import dev.spendline.ask.AskCorpus;
import dev.spendline.ask.AskExamples;
import dev.spendline.ask.Asker;
import dev.spendline.ask.Reports;
import dev.spendline.query.dashboard.DashboardTests;
import java.time.Clock;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.util.HtmlUtils;

/**
 * The Ask page runs the same asker as {@code POST /api/v1/ask} for the signed-in workspace and shows
 * the answer, how it was read, the answer's rows and the link to the view with the same figures
 * (relative to this host); a refusal shows why and the examples.
 */
@WebMvcTest
@ContextConfiguration(classes = AskPageTest.Slice.class)
class AskPageTest {

    private static final String QUESTION = "What did we spend by feature this month?";

    private final Asker asker = Slice.asker();

    @Autowired
    MockMvc mvc;

    @Test
    void showsTheAnswerItsReadingItsRowsAndTheLinkToTheView() throws Exception {
        AskAnswer expected = asker.ask(DashboardTests.WORKSPACE, QUESTION, "");
        String page = page("/app/ask?q={q}", QUESTION);
        assertThat(expected.answer()).contains("$1,234.56");
        assertThat(page)
                .contains(escape(expected.answer()))
                .contains("<p>" + escape(expected.interpretation()) + "</p>")
                .doesNotContain("Read as: Read as:")
                .contains("href=\"/app/spend?by=feature&amp;usage=product&amp;from=2026-11-01&amp;to=2026-11-22"
                        + "&amp;limit=10\"")
                .contains("<th scope=\"row\">search</th>")
                .contains(">$800.00<")
                .contains("<th scope=\"col\">Cost (USD)</th>")
                // The Ask box of the frame holds the question asked.
                .contains("value=\"" + escape(QUESTION) + "\"");
    }

    @Test
    void aRefusalShowsWhyAndTheExamples() throws Exception {
        String page = page("/app/ask?q=what+is+the+weather+in+Paris");
        assertThat(page)
                .contains("I can&#39;t answer that")
                .contains("Questions like these can be answered:")
                .contains("href=\"/app/ask?q=")
                .doesNotContain("Read as:");
    }

    /** Every answer's rows are on the page; a series also has the chart its view has. */
    @Test
    void aSeriesShowsItsChartAndItsTableWithNamedColumns() throws Exception {
        String page = page("/app/ask?q={q}", "daily spend this week");
        assertThat(page)
                .contains("data-chart=\"{&quot;label&quot;:&quot;Cost (USD)&quot;,&quot;unit&quot;:&quot;usd&quot;")
                .contains("/assets/charts.js")
                .contains("<th scope=\"col\">Day</th>")
                .contains("<th scope=\"row\">2026-11-16</th>")
                .contains(">$800.00<")
                .doesNotContain(">Value<")
                .doesNotContain(">Metric value<");
        String compare = page("/app/ask?q={q}", "compare spend by feature this month vs last month");
        assertThat(compare)
                .contains("<th scope=\"col\">Feature</th>")
                .contains("<th scope=\"col\">Before</th>")
                .contains(">$500.00<")
                .doesNotContain("data-chart");
    }

    /** A budget asked for: the prepare request, the filled-in form and the CLI command; nothing prepared. */
    @Test
    void aBudgetAskedForShowsHowToPrepareItAndPreparesNothing() throws Exception {
        String page = page("/app/ask?q={q}", "set a $500 monthly budget for search");
        assertThat(page)
                .contains("Ask only reads, so nothing has been prepared or changed.")
                .contains("href=\"/app/budgets/new?name=search%20monthly&amp;limitUsd=500&amp;scope=FEATURE"
                        + "&amp;scopeValue=search&amp;period=MONTHLY\"")
                .contains(escape("spendline action prepare-budget --name 'search monthly' --limit-usd 500"
                        + " --scope FEATURE --scope-value search --period MONTHLY"))
                .contains(escape("{\"action\":\"create_budget\",\"name\":\"search monthly\",\"limitUsd\":500,"
                        + "\"scope\":\"FEATURE\",\"scopeValue\":\"search\",\"period\":\"MONTHLY\"}"))
                .doesNotContain("I can&#39;t answer that")
                .doesNotContain("Questions like these can be answered:");
        assertThat(page("/app/ask?q={q}", "delete the search budget"))
                .contains("DELETE /api/v1/budgets/{id}")
                .doesNotContain("Prepare it");
    }

    @Test
    void withoutAQuestionItOffersExamples() throws Exception {
        assertThat(page("/app/ask"))
                .contains("Ask about this workspace's AI spend in words")
                .contains(">" + escape(AskExamples.QUESTIONS.get(0)) + "<");
        assertThat(page("/app/ask?q={q}", "   ")).contains("Ask about this workspace");
    }

    @Test
    void theFollowUpBoxCarriesTheAnswersContextAndChangesItsCall() throws Exception {
        AskAnswer first = asker.ask(DashboardTests.WORKSPACE, QUESTION, "");
        assertThat(page("/app/ask?q={q}", QUESTION))
                .contains("<label for=\"follow-up-q\">Follow-up</label>")
                .contains("<input type=\"hidden\" name=\"context\" value=\"" + first.context() + "\">");
        String followUp = page("/app/ask?q={q}&context={c}", "only for acme", first.context());
        assertThat(followUp)
                .contains("Read as: a follow-up of the previous answer: only customer &#39;acme&#39;.")
                .contains("href=\"/app/spend?by=feature&amp;usage=product&amp;from=2026-11-01&amp;to=2026-11-22"
                        + "&amp;limit=10&amp;tenant=acme\"");
    }

    @Test
    void aContextThatWasChangedIsA400Page() throws Exception {
        MvcResult result = mvc.perform(get("/app/ask")
                        .param("q", "and last month?")
                        .param("context", "v1.e30.AAAA")
                        .with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        assertThat(result.getResponse().getContentAsString()).contains("is not a context Ask wrote");
    }

    @Test
    void aQuestionLongerThanAskTakesIsA400Page() throws Exception {
        MvcResult result = mvc.perform(
                        get("/app/ask").param("q", "x".repeat(501)).with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        assertThat(result.getResponse().getContentAsString()).contains("q: must be at most 500 characters");
    }

    /** As Thymeleaf writes text: markup characters escaped, the rest as is (the page is UTF-8). */
    private static String escape(String text) {
        return HtmlUtils.htmlEscape(text, "UTF-8");
    }

    private String page(String url, Object... values) throws Exception {
        return DashboardTests.render(mvc, 200, url, values);
    }

    /** The dashboard slice with the Ask page over the stand-in read tools and the corpus vocabulary. */
    @Configuration(proxyBeanMethods = false)
    @Import({DashboardTests.Slice.class, AskPageController.class})
    static class Slice {

        @Bean
        Asker pageAsker() {
            return asker();
        }

        static Asker asker() {
            return new Asker(
                    Reports.tools(), workspace -> AskCorpus.VOCABULARY, Clock.fixed(AskCorpus.NOW, ZoneOffset.UTC));
        }
    }
}
