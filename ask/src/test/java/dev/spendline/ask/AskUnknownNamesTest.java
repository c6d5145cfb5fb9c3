package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
                "spend for team platfrom-x | team 'platfrom-x' | 'platform'"
            })
    void saysTheNameIsNotInTheDataAndOffersTheNearest(String question, String missing, String nearest) {
        Interpretation reading = read(question);
        assertThat(reading.answered()).as(reading.toString()).isFalse();
        assertThat(reading.reason())
                .contains("Ask found no " + missing + " in this workspace's data")
                .contains("Did you mean " + nearest);
    }
}
