package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A name the workspace's data does not have is never answered for another one: the answer says
 * which name is missing and offers the nearest (the corpus vocabulary has gpt-4.1, gpt-4.1-mini,
 * claude-sonnet-4, gpt-5-codex, acme and the team platform).
 */
class AskUnknownNamesTest {

    private static Interpretation read(String question) {
        return new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC).interpret(question);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "spend on gpt-4.1-2025-04-14 this month | model 'gpt-4.1-2025-04-14' | 'gpt-4.1'",
                "claude-sonnet-4-5 spend by feature | model 'claude-sonnet-4-5' | 'claude-sonnet-4'",
                "how much did we spend on gpt-4.2 last week | model 'gpt-4.2' | 'gpt-4.1'",
                "spend on gpt-5 by employee | model 'gpt-5' | 'gpt-5-codex'",
                "spend for customer acme-eu | customer 'acme-eu' | 'acme'",
                "spend for team platfrom-x | team 'platfrom-x' | 'platform'",
                // Without a dimension word before it: between "the" and one, or shaped like a name.
                "what did the invoicing feature cost last week | feature 'invoicing' | 'chat'",
                "spend of the legal team this month | team 'legal' | 'growth'",
                "how much did the reporting agent cost | agent 'reporting' | 'research-agent'",
                "what did llama-3-70b cost us | model 'llama-3-70b' | 'gpt-4.1'",
                "spend by customer on claude-instant-2 | model 'claude-instant-2' | 'claude-sonnet-4'",
                "cost of the refund-agent yesterday | agent 'refund-agent' | 'research-agent'",
                "spend on the sales-team last month | team 'sales-team' | 'platform'",
                "tokens used by gpt4 this week | model 'gpt4' | 'gpt-4.1'"
            })
    void saysTheNameIsNotInTheDataAndOffersTheNearest(String question, String missing, String nearest) {
        Interpretation reading = read(question);
        assertThat(reading.answered()).as(reading.toString()).isFalse();
        assertThat(reading.reason())
                .contains("Ask found no " + missing + " in this workspace's data")
                .contains("Did you mean " + nearest);
    }

    /** Ask's own words in those shapes are no names: the question is answered. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "per-feature spend this month",
                "coding-agent spend by team",
                "spend of the new model this week",
                "cost of the main feature",
                "what did the default model cost",
                "what did the growth team spend",
                "spend of the search feature last week",
                "cost of the data-science team",
                "p95 latency by model",
                "spend in the last 30 days by feature",
                "spend of the cheap models this week"
            })
    void wordsAskUsesInTheShapeOfANameAreAnswered(String question) {
        Interpretation reading = read(question);
        assertThat(reading.answered()).as(reading.toString()).isTrue();
    }
}
