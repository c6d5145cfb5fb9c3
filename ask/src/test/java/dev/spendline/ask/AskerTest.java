package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.tools.ReadTool;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus question end to end through {@link Asker} over read tools that answer with real
 * records: an answered question has words, a reading, the tool call, the tool's answer and a
 * dashboard link; an unanswered one says so and offers examples, and nothing else.
 */
class AskerTest {

    private static final String BASE = "https://spendline.example";

    private final Asker asker =
            new Asker(Reports.tools(), workspace -> AskCorpus.VOCABULARY, Clock.fixed(AskCorpus.NOW, ZoneOffset.UTC));

    static List<AskCorpus.Entry> entries() {
        return AskCorpus.entries();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void everyAnswerHasItsReadingCallDataAndLink(AskCorpus.Entry entry) {
        AskAnswer answer = asker.ask("ws_1", entry.question(), BASE);
        assertThat(answer.answered()).isEqualTo(entry.answered());
        assertThat(answer.question()).isEqualTo(entry.question());
        assertThat(answer.answer()).isNotBlank();
        assertThat(answer.notes()).isNotNull();
        if (entry.answered()) {
            assertThat(answer.interpretation()).startsWith("Read as: ");
            assertThat(answer.tool().name()).isEqualTo(entry.tool());
            assertThat(answer.data()).isInstanceOf(ReadTool.named(entry.tool()).answer());
            assertThat(answer.dashboardUrl()).startsWith(BASE + "/app/");
            assertThat(answer.examples()).isNull();
            assertThat(answer.answer()).doesNotContain("null");
        } else if (entry.write() != null || entry.reply() != null) {
            // A change asked for: where and how to make it, never a read of another question.
            assertThat(answer.writeRequest()).isTrue();
            assertThat(answer.tool()).isNull();
            assertThat(answer.data()).isNull();
            assertThat(answer.form() != null).isEqualTo(entry.write() != null);
        } else {
            assertThat(answer.answer()).startsWith("I can't answer that: ");
            assertThat(answer.examples()).isNotEmpty();
            assertThat(answer.interpretation()).isNull();
            assertThat(answer.tool()).isNull();
            assertThat(answer.data()).isNull();
            assertThat(answer.dashboardUrl()).isNull();
        }
    }

    @Test
    void theExamplesOfferedAreThemselvesAnswered() {
        for (String example : AskExamples.QUESTIONS) {
            assertThat(asker.ask("ws_1", example, BASE).answered()).as(example).isTrue();
        }
    }

    @Test
    void aRefusalOffersTheExamplesNearestToTheQuestion() {
        AskAnswer waste = asker.ask("ws_1", "why are we wasting money by feature", BASE);
        assertThat(waste.answered()).isFalse();
        assertThat(waste.examples())
                .hasSize(AskExamples.OFFERED)
                .first()
                .isEqualTo("Where are we wasting money by feature?");
        AskAnswer poem = asker.ask("ws_1", "write a poem about our daily spend this month", BASE);
        assertThat(poem.answered()).isFalse();
        assertThat(poem.answer()).contains("not a question about this workspace");
        assertThat(poem.examples()).contains("daily spend this month");
    }

    @Test
    void aComparisonAndASeriesLinkToTheirViewsWithEveryArgument() {
        assertThat(asker.ask("ws_1", "error rate by model this week vs last week", BASE)
                        .dashboardUrl())
                .isEqualTo(BASE + "/app/compare?report=spend&by=model&usage=product&from=2026-11-16"
                        + "&to=2026-11-22&baseFrom=2026-11-09&baseTo=2026-11-15&limit=20&metric=error_rate");
        assertThat(asker.ask("ws_1", "daily spend of acme on search this week", BASE)
                        .dashboardUrl())
                .isEqualTo(BASE + "/app/spend?by=day&usage=product&from=2026-11-16&to=2026-11-22&tenant=acme"
                        + "&feature=search");
    }

    @Test
    void dashboardLinksOpenTheSameView() {
        assertThat(asker.ask("ws_1", "What did we spend by feature this month?", BASE)
                        .dashboardUrl())
                .isEqualTo(BASE + "/app/spend?by=feature&usage=product&from=2026-11-01&to=2026-11-22&limit=10");
        assertThat(asker.ask("ws_1", "spend by model for customer acme", BASE + "/")
                        .dashboardUrl())
                .isEqualTo(BASE + "/app/spend?by=model&usage=product&from=2026-10-24&to=2026-11-22&limit=10"
                        + "&tenant=acme");
        assertThat(asker.ask("ws_1", "margin by customer last month", BASE).dashboardUrl())
                .isEqualTo(BASE + "/app/margin/customers?from=2026-10&to=2026-10&limit=50");
        assertThat(asker.ask("ws_1", "margin by feature", BASE).dashboardUrl())
                .isEqualTo(BASE + "/app/margin/features?from=2026-11&to=2026-11&limit=50");
        assertThat(asker.ask("ws_1", "waste by model", BASE).dashboardUrl())
                .isEqualTo(BASE + "/app/waste?from=2026-10-24&to=2026-11-22&by=model&limit=10");
        assertThat(asker.ask("ws_1", "savings", BASE).dashboardUrl())
                .isEqualTo(BASE + "/app/savings?from=2026-10-24&to=2026-11-22&limit=10");
        assertThat(asker.ask("ws_1", "budgets", BASE).dashboardUrl()).isEqualTo(BASE + "/app/budgets");
        assertThat(asker.ask("ws_1", "budgets at the end of last month", BASE).dashboardUrl())
                .isEqualTo(BASE + "/app/budgets?asOf=2026-10-31T23%3A59%3A59Z");
        assertThat(asker.ask("ws_1", "alerts", BASE).dashboardUrl()).isEqualTo(BASE + "/app/alerts");
    }
}
