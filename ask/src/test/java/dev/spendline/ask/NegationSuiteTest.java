package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.tools.ReadTool;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #30's negation suite: every way of leaving a name out, with every kind of name, read as an
 * exclusion and never as the opposite. The property checked for each question: no negated value is
 * a filter of the call, and each is in its {@code exclude}.
 */
class NegationSuiteTest {

    private static final List<String> CUES = List.of(
            "without",
            "except",
            "except for",
            "excluding",
            "exclude",
            "other than",
            "apart from",
            "aside from",
            "but not",
            "leaving out",
            "not including",
            "not counting",
            "minus",
            "ignoring");

    private static final Map<Dimension, List<String>> NAMES = Map.of(
            Dimension.FEATURE, List.of("search", "onboarding-assistant"),
            Dimension.TENANT, List.of("acme", "umbrella-corp"),
            Dimension.MODEL, List.of("gpt-4.1-mini", "claude-sonnet-4"));

    private static final List<String> TEMPLATES = List.of(
            "cost per feature %s %s",
            "spend by customer %s %s this month",
            "what did we spend by model last week %s %s",
            "tokens by agent %s %s in the last 30 days",
            "daily spend %s %s");

    /** Comparisons of spend, tokens and calls as the corpus asks them, the negation at the end. */
    private static final List<String> COMPARISONS = List.of(
            "compare spend this month vs last month %s %s",
            "spend by feature this month vs last month %s %s",
            "calls by model this week vs last week %s %s",
            "month over month spend by provider %s %s",
            "tokens per customer last month compared with the month before %s %s");

    record Case(String question, Dimension dimension, List<String> values) {
        @Override
        public String toString() {
            return question;
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (String cue : CUES) {
            for (Map.Entry<Dimension, List<String>> names : NAMES.entrySet()) {
                for (String template : TEMPLATES) {
                    String one = names.getValue().get(0);
                    cases.add(new Case(String.format(template, cue, one), names.getKey(), List.of(one)));
                }
                // A preposition between the cue and the name ("except on acme", "but not for search").
                String first = names.getValue().get(0);
                cases.add(new Case(
                        "spend by provider for anthropic " + cue + " on " + first, names.getKey(), List.of(first)));
                cases.add(
                        new Case("cost per agent last week " + cue + " for " + first, names.getKey(), List.of(first)));
                // A list after one cue leaves out every name of it, with or without the dimension word.
                String a = names.getValue().get(0);
                String b = names.getValue().get(1);
                cases.add(new Case("spend by provider " + cue + " " + a + " and " + b, names.getKey(), List.of(a, b)));
                cases.add(new Case(
                        "calls this month " + cue + " the " + Words.noun(names.getKey()) + " " + a + " or " + b,
                        names.getKey(),
                        List.of(a, b)));
            }
        }
        return cases.stream();
    }

    static Stream<Case> comparisonCases() {
        List<Case> cases = new ArrayList<>();
        for (String cue : CUES) {
            for (Map.Entry<Dimension, List<String>> names : NAMES.entrySet()) {
                for (String template : COMPARISONS) {
                    String one = names.getValue().get(0);
                    cases.add(new Case(String.format(template, cue, one), names.getKey(), List.of(one)));
                }
            }
        }
        return cases.stream();
    }

    private static Interpretation read(String question) {
        return new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC).interpret(question);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aNegatedNameIsExcludedNeverFiltered(Case c) {
        assertExcludedNeverFiltered(c, ReadTool.SPEND_BY);
    }

    @ParameterizedTest
    @MethodSource("comparisonCases")
    void aComparisonLeavesTheNegatedNameOutOfBothPeriodsNeverFilters(Case c) {
        Interpretation reading = assertExcludedNeverFiltered(c, ReadTool.COMPARE);
        assertThat(reading.call().arguments()).containsEntry("report", "spend");
        assertThat(reading.reading()).contains("compared with");
    }

    private static Interpretation assertExcludedNeverFiltered(Case c, ReadTool tool) {
        Interpretation reading = read(c.question());
        assertThat(reading.answered()).as(reading.reason()).isTrue();
        assertThat(reading.call().tool()).isEqualTo(tool);
        Map<String, Object> arguments = reading.call().arguments();
        for (String value : c.values()) {
            assertThat(arguments).as("no filter may be the negated value").doesNotContainValue(value);
            assertThat(arguments.get("exclude"))
                    .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                    .contains(c.dimension().wireName() + ":" + value);
        }
        assertThat(reading.reading()).contains("without");
        return reading;
    }

    @Test
    void aSpendComparisonWithoutACustomerExcludesItAndTheReaderTakesTheCall() {
        Interpretation reading = read("compare spend this month vs last month without acme");
        assertThat(reading.answered()).as(reading.reason()).isTrue();
        assertThat(reading.call().tool()).isEqualTo(ReadTool.COMPARE);
        assertThat(reading.call().arguments())
                .containsEntry("report", "spend")
                .containsEntry("exclude", List.of("tenant:acme"))
                .doesNotContainKey("tenant");
        assertThat(reading.reading()).contains("without").contains("acme").contains("compared with");
        // The call is one the compare tool reads: both periods leave acme out.
        var query = (dev.spendline.contracts.compare.CompareQuery) ReadTool.COMPARE.read(
                "ws_1",
                dev.spendline.contracts.tools.ToolArguments.of(reading.call().arguments()),
                java.time.Clock.fixed(AskCorpus.NOW, ZoneOffset.UTC));
        assertThat(query.exclusions()).isEqualTo(Map.of(Dimension.TENANT, java.util.Set.of("acme")));
        assertThat(query.currentSpendRead().filters()).isEmpty();
        assertThat(query.baseSpendRead().exclusions()).isEqualTo(query.exclusions());
    }

    @Test
    void aComparisonKeepsItsFiltersBesideTheExclusions() {
        Interpretation reading =
                read("compare spend by model for search this month vs last month without acme and umbrella-corp");
        assertThat(reading.answered()).as(reading.reason()).isTrue();
        assertThat(reading.call().arguments())
                .containsEntry("by", "model")
                .containsEntry("feature", "search")
                .containsEntry("exclude", List.of("tenant:acme", "tenant:umbrella-corp"))
                .doesNotContainKey("tenant");
    }

    @Test
    void aComparisonForAndWithoutTheSameNameIsRefused() {
        Interpretation reading = read("compare spend by model for acme this month vs last month without acme");
        assertThat(reading.answered()).isFalse();
        assertThat(reading.reason()).contains("both for and without");
    }

    @Test
    void theCueReachesOnlyItsOwnListSoALaterFilterStaysAFilter() {
        Interpretation reading = read("cost by model without acme for search this month");
        assertThat(reading.call().arguments())
                .containsEntry("feature", "search")
                .containsEntry("exclude", List.of("tenant:acme"))
                .doesNotContainKey("tenant");
    }

    @Test
    void aPrepositionCarriesTheCueOnlyRightAfterIt() {
        Interpretation reading = read("spend by feature excluding acme on gpt-4.1 this month");
        assertThat(reading.call().arguments())
                .containsEntry("model", "gpt-4.1")
                .containsEntry("exclude", List.of("tenant:acme"))
                .doesNotContainKey("tenant");
        Interpretation onItsOwn = read("spend by feature for anthropic except on hooli");
        assertThat(onItsOwn.call().arguments())
                .containsEntry("provider", "anthropic")
                .containsEntry("exclude", List.of("tenant:hooli"))
                .doesNotContainKey("tenant");
    }

    @Test
    void aNameWithoutACueIsStillAFilter() {
        Interpretation reading = read("spend by feature for acme this month");
        assertThat(reading.call().arguments()).containsEntry("tenant", "acme").doesNotContainKey("exclude");
    }

    @Test
    void excludedAfterTheNameLeavesItOut() {
        Interpretation reading = read("spend by feature this month, search excluded");
        assertThat(reading.call().arguments())
                .containsEntry("exclude", List.of("feature:search"))
                .doesNotContainKey("feature");
    }

    @Test
    void toolsThatCannotExcludeRefuseRatherThanAnswerTheOpposite() {
        for (String question : List.of(
                "margin by customer except acme",
                "waste by feature without acme this month",
                "compare margin by customer this month vs last month without acme",
                "margin by feature this month vs last month except search")) {
            Interpretation reading = read(question);
            assertThat(reading.answered()).as(question).isFalse();
            assertThat(reading.reason())
                    .as(question)
                    .contains("spend reports and their comparisons only")
                    .doesNotContain("null");
        }
    }

    @Test
    void askingForAndWithoutTheSameNameIsRefused() {
        Interpretation reading = read("spend by model for acme without acme");
        assertThat(reading.answered()).isFalse();
    }

    @Test
    void theDashboardLinkRepeatsExcludeOncePerValue() {
        Interpretation reading = read("spend by feature this month without search and chat");
        String link = DashboardLinks.link("https://spendline.example", reading.call(), AskCorpus.NOW);
        assertThat(link)
                .contains("exclude=feature%3Achat")
                .contains("exclude=feature%3Asearch")
                .doesNotContain("%5B");
    }
}
