package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reading stages one at a time, each over its own input: the text ({@link QuestionText}), what no
 * tool answers ({@link NotForAsk}), the period ({@link Periods}),
 * how many ({@link TopN}), the options named by phrase
 * ({@link PhraseOptions}), the words of measures, groupings, labels and usage ({@link Terms}), what the
 * names make of it ({@link DimensionReading}) and the intent, the read tool a measure is answered by. Their results are facts: immutable once read.
 */
class ReadingStagesTest {

    private final EntityMatcher matcher = new EntityMatcher(AskCorpus.VOCABULARY);

    private Terms terms(String question) {
        List<String> words = new ArrayList<>(Arrays.asList(question.split(" ")));
        List<Mention> mentions = matcher.find(words, QuestionWords.RESERVED, new ArrayList<>());
        return Terms.read(words, mentions, matcher);
    }

    @Test
    void theTextIsNormalisedCorrectedAndPutInAsksWords() {
        VocabularyCorrection correction = new VocabularyCorrection(QuestionWords.LEXICON, AskCorpus.VOCABULARY);
        QuestionText text = QuestionText.read("Which customers are we making money on?", correction);
        assertThat(text.text()).isEqualTo("which customers are we margin on");
        assertThat(text.budgetWords()).isFalse();
        QuestionText budget = QuestionText.read("status of the budget named q4 pilot", correction);
        assertThat(budget.budgetName()).isEqualTo("q4 pilot");
        assertThat(budget.text()).isEqualTo("status of the budget ");
        assertThat(QuestionText.read(" ?! ", correction)).isNull();
    }

    @Test
    void thePeriodsAreReadInTheOrderCurrentThenBase() {
        java.time.LocalDate today = java.time.LocalDate.ofInstant(AskCorpus.NOW, java.time.ZoneOffset.UTC);
        String text = "how did spend change from september to october";
        Periods fromTo = Periods.read(text, text, today, AskCorpus.NOW);
        assertThat(fromTo.comparing()).isTrue();
        assertThat(fromTo.range())
                .isEqualTo(TimeRange.months(java.time.YearMonth.of(2026, 10), java.time.YearMonth.of(2026, 10)));
        assertThat(fromTo.second())
                .isEqualTo(TimeRange.months(java.time.YearMonth.of(2026, 9), java.time.YearMonth.of(2026, 9)));
        text = "spend compared to last month";
        Periods against = Periods.read(text, text, today, AskCorpus.NOW);
        assertThat(against.range()).isEqualTo(TimeRange.days(today.withDayOfMonth(1), today));
        assertThat(against.second().firstDay())
                .isEqualTo(today.withDayOfMonth(1).minusMonths(1));
        text = "spend by feature from september to october";
        Periods one = Periods.read(text, text, today, AskCorpus.NOW);
        assertThat(one.comparing()).isFalse();
        assertThat(one.second()).isNull();
        text = "spend this week and last week";
        assertThat(Periods.read(text, text, today, AskCorpus.NOW).refusal()).contains("it names two periods");
    }

    @Test
    void aReadingIsImmutableButForTheNotesItsCallAdds() {
        Reading reading = Reading.read(
                        matcher,
                        new VocabularyCorrection(QuestionWords.LEXICON, AskCorpus.VOCABULARY),
                        AskCorpus.NOW,
                        "spend by feature without chat for acme this month")
                .reading();
        assertThat(reading.range).isNotNull();
        assertThat(reading.excluded).extracting(Mention::value).containsExactly("chat");
        assertThat(reading.mentions).extracting(Mention::value).containsExactly("acme");
        assertThatThrownBy(() -> reading.words.add("globex")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> reading.mentions.clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> reading.excluded.clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Reading.read(
                                matcher,
                                new VocabularyCorrection(QuestionWords.LEXICON, AskCorpus.VOCABULARY),
                                AskCorpus.NOW,
                                "tell me a joke")
                        .refused()
                        .answered())
                .isFalse();
    }

    @Test
    void readIsAWordAsWrittenNotATypoOfReads() {
        VocabularyCorrection correction = new VocabularyCorrection(QuestionWords.LEXICON, AskCorpus.VOCABULARY);
        QuestionText text = QuestionText.read("cache read tokens by model", correction);
        assertThat(text.text()).isEqualTo("cache read tokens by model");
        assertThat(text.notes()).isEmpty();
    }

    @Test
    void agentsLoopingInEverydayWordsAreRunawayRuns() {
        VocabularyCorrection correction = new VocabularyCorrection(QuestionWords.LEXICON, AskCorpus.VOCABULARY);
        assertThat(QuestionText.read("waste from agents looping this week", correction)
                        .text())
                .isEqualTo("waste from runaway runs this week");
        assertThat(QuestionText.read("looping agents cost", correction).text()).isEqualTo("runaway runs cost");
        assertThat(QuestionText.read("agents stuck in an endless loop", correction)
                        .text())
                .isEqualTo("runaway runs");
        // Never a name: "looping" is not an agent the workspace lacks.
        Interpretation reading = new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, java.time.ZoneOffset.UTC)
                .interpret("waste from agents looping this week");
        assertThat(reading.answered()).isTrue();
        assertThat(reading.call().arguments()).containsEntry("kind", "RUNAWAY_RUN");
    }

    @Test
    void whatNoToolAnswersIsRefusedWithTheReason() {
        assertThat(NotForAsk.reason("write me a poem about tokens", false)).startsWith("that is not a question");
        assertThat(NotForAsk.reason("why did spend go up", false))
                .isEqualTo("Ask reports figures; it does not explain causes");
        assertThat(NotForAsk.reason("forecast spend for next month", false)).startsWith("Ask reports what happened");
        assertThat(NotForAsk.reason("forecast of the search budget", true)).isNull();
        assertThat(NotForAsk.reason("spend by feature this month", false)).isNull();
    }

    @Test
    void howManyIsTakenOutOfTheText() {
        assertThat(TopN.take("top 5 customers by spend")).isEqualTo(new TopN(5, "top   customers by spend"));
        assertThat(TopN.take("which two teams spent most").limit()).isEqualTo(2);
        assertThat(TopN.take("spend by feature")).isEqualTo(new TopN(null, "spend by feature"));
    }

    @Test
    void optionsAreReadFromPhrases() {
        PhraseOptions options = PhraseOptions.read("error rate per day smallest first", false);
        assertThat(options.spendMetric()).isEqualTo(SpendMetric.ERROR_RATE);
        assertThat(options.grain()).isEqualTo(TimeGrain.DAY);
        assertThat(options.ascending()).isTrue();
        assertThat(options.overPeriod()).isNull();
        assertThat(PhraseOptions.read("spend by feature", false)).isEqualTo(PhraseOptions.NONE);
    }

    @Test
    void inAComparisonFastestIsAboutGrowthNotLatency() {
        assertThat(PhraseOptions.read("fastest growing features", false).spendMetric())
                .isEqualTo(SpendMetric.LATENCY);
        assertThat(PhraseOptions.read("fastest growing features", true).spendMetric())
                .isNull();
    }

    @Test
    void termsNameTheMeasureTheGroupingAndTheLabelOfAName() {
        Terms terms = terms("tokens by model for customer acme");
        assertThat(terms.metrics()).containsExactly(Metric.TOKENS);
        assertThat(terms.groupings()).hasSize(1);
        assertThat(terms.groupings().get(0).getKey().product()).isEqualTo(Dimension.MODEL);
        assertThat(terms.groupings().get(0).getValue()).as("'by' preceded it").isTrue();
        assertThat(terms.labels().keySet()).extracting(Mention::value).containsExactly("acme");
        assertThat(terms.unknownName()).isNull();
        assertThat(terms.notes()).isEmpty();
    }

    @Test
    void internalWordsAndTyposOfMeasuresAreRead() {
        Terms terms = terms("internal spnd by team");
        assertThat(terms.usageSaid()).containsExactly(UsageKind.INTERNAL);
        assertThat(terms.metrics()).isEmpty();
        Terms typo = terms("tokenss by feature");
        assertThat(typo.metrics()).containsExactly(Metric.TOKENS);
        assertThat(typo.notes()).containsExactly("'tokenss' read as 'tokens'");
    }

    @Test
    void aNameAfterADimensionWordThatIsNotInTheWorkspaceIsKept() {
        Terms terms = terms("spend for customer zzqx");
        assertThat(terms.unknownName()).isEqualTo("customer 'zzqx'");
        assertThat(terms.didYouMean()).isEmpty();
        assertThat(terms("spend for customer acme").unknownName()).isNull();
    }

    @Test
    void theDimensionsOfTheNamesAreTheUsageTheGroupingTheFiltersAndTheExclusions() {
        List<String> words =
                new ArrayList<>(Arrays.asList("tokens by model for customer acme without search".split(" ")));
        List<Mention> mentions = matcher.find(words, QuestionWords.RESERVED, new ArrayList<>());
        Terms terms = Terms.read(words, mentions, matcher);
        List<Mention> excluded = Negation.negated(words, mentions, Lexicon.NOUNS.keySet());
        List<Mention> kept = new ArrayList<>(mentions);
        kept.removeAll(excluded);
        List<String> notes = new ArrayList<>();
        DimensionReading dimensions = new DimensionReading(terms, kept, excluded, notes);

        DimensionReading.Subject subject = dimensions.subject();
        assertThat(subject.refused()).isNull();
        assertThat(subject.usage()).isEqualTo(UsageKind.PRODUCT);
        assertThat(subject.by()).isEqualTo(Dimension.MODEL);
        assertThat(subject.filters()).containsExactly(Map.entry(Dimension.TENANT, "acme"));
        assertThat(dimensions.exclusions(UsageKind.PRODUCT, Dimension.MODEL))
                .containsExactly(Map.entry(Dimension.FEATURE, List.of("search")));
        assertThat(notes).isEmpty();
    }

    @Test
    void theIntentIsTheToolThatAnswersTheMeasure() {
        assertThat(QuestionInterpreter.tool(Metric.SPEND, false)).isEqualTo(ReadTool.SPEND_BY);
        assertThat(QuestionInterpreter.tool(Metric.TOKENS, true)).isEqualTo(ReadTool.COMPARE);
        assertThat(QuestionInterpreter.tool(Metric.MARGIN, false)).isEqualTo(ReadTool.MARGIN_BY_CUSTOMER);
        assertThat(QuestionInterpreter.tool(Metric.MARGIN, true)).isEqualTo(ReadTool.COMPARE);
        assertThat(QuestionInterpreter.tool(Metric.WASTE, false)).isEqualTo(ReadTool.TOP_WASTE);
        assertThat(QuestionInterpreter.tool(Metric.SAVINGS, false)).isEqualTo(ReadTool.SAVINGS_RECOMMENDATIONS);
        assertThat(QuestionInterpreter.tool(Metric.BUDGETS, false)).isEqualTo(ReadTool.BUDGET_STATUS);
        assertThat(QuestionInterpreter.tool(Metric.ALERTS, false)).isEqualTo(ReadTool.ACTIVE_ALERTS);
    }

    @Test
    void theFactsCannotBeChanged() {
        Terms terms = terms("tokens by model for customer acme");
        assertThatThrownBy(() -> terms.metrics().add(Metric.SPEND)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> terms.groupings().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> terms.labels().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> terms.notes().add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Map.copyOf(terms.labels())).hasSize(1);
    }
}
