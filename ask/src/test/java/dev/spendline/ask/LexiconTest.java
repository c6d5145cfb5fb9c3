package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.WasteKind;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The lexicon is derived from the contracts' enums: every dimension, metric, grain and waste kind
 * is read by its own name, so a new constant is answered with no edit to Ask. Each test walks an
 * enum's {@code values()}, so it covers a constant added later.
 */
class LexiconTest {

    private static Interpretation read(String question) {
        Interpretation reading =
                new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC).interpret(question);
        assertThat(reading.answered()).as(question + ": " + reading.reason()).isTrue();
        return reading;
    }

    @Test
    void everyDimensionHasWordsItsWireNameAndItsPluralAmongThem() {
        for (Dimension d : Dimension.values()) {
            assertThat(Lexicon.words(d)).as(d.name()).contains(d.wireName(), Lexicon.plural(d.wireName()));
        }
        assertThat(Lexicon.words(Dimension.TENANT)).contains("customer", "customers", "client", "account");
        assertThat(Lexicon.words(Dimension.CATEGORY)).contains("categories");
        assertThat(Lexicon.words(Dimension.STATUS)).contains("statuses");
    }

    @Test
    void everyWordOfEveryDimensionGroupsByIt() {
        for (Dimension d : Dimension.values()) {
            for (String word : Lexicon.words(d)) {
                String question = (d.kind() == UsageKind.INTERNAL ? "internal " : "product ") + "spend by " + word;
                Map<String, Object> arguments = read(question).call().arguments();
                assertThat(arguments).as(question).containsEntry("by", d.wireName());
                assertThat(arguments)
                        .as(question)
                        .containsEntry("usage", d.kind().wireName());
            }
        }
    }

    @Test
    void everyDimensionIsInEveryOrderAndNamedOnesAreMatchedAsNames() {
        assertThat(Lexicon.FILTER_ORDER).containsExactlyInAnyOrder(Dimension.values());
        assertThat(Lexicon.NAME_PREFERENCE).containsExactlyInAnyOrder(Dimension.values());
        assertThat(Lexicon.FILTER_NAMES)
                .containsExactlyInAnyOrderElementsOf(java.util.Arrays.stream(Dimension.values())
                        .map(Dimension::wireName)
                        .distinct()
                        .toList());
        assertThat(Vocabulary.DIMENSIONS)
                .doesNotContain(Dimension.USER, Dimension.STATUS, Dimension.OUTCOME, Dimension.SOURCE)
                .contains(Dimension.FEATURE, Dimension.TENANT, Dimension.EMPLOYEE, Dimension.INTERNAL_MODEL);
    }

    @Test
    void everyMetricIsReadByItsNameInWords() {
        for (SpendMetric m : SpendMetric.values()) {
            String question = Lexicon.inWords(m) + " by feature";
            Map<String, Object> arguments = read(question).call().arguments();
            if (m == SpendMetric.COST) {
                assertThat(arguments).as(question).doesNotContainKey("metric");
            } else {
                assertThat(arguments).as(question).containsEntry("metric", m.wireName());
            }
        }
    }

    @Test
    void everyWasteKindIsReadByItsNameInWords() {
        for (WasteKind k : WasteKind.values()) {
            assertThat(AskPhrases.wasteKind(Lexicon.inWords(k))).as(k.name()).isEqualTo(k.name());
            assertThat(AskPhrases.wasteKind(Lexicon.plural(Lexicon.inWords(k))))
                    .as(k.name())
                    .isEqualTo(k.name());
            String question = "waste of " + Lexicon.inWords(k) + " last month";
            assertThat(read(question).call().arguments()).as(question).containsEntry("kind", k.name());
        }
    }

    @Test
    void everyGrainIsReadByItsUnit() {
        for (TimeGrain g : TimeGrain.values()) {
            for (String phrase : new String[] {"per ", "each ", "every "}) {
                assertThat(AskPhrases.grain(phrase + g.wireName()))
                        .as(phrase + g)
                        .isEqualTo(g);
            }
            String question = "spend per " + g.wireName() + (g == TimeGrain.HOUR ? " yesterday" : " this year");
            assertThat(read(question).call().arguments()).as(question).containsEntry("by", g.wireName());
        }
    }

    @Test
    void pluralsFollowEnglishSpelling() {
        assertThat(Lexicon.plural("feature")).isEqualTo("features");
        assertThat(Lexicon.plural("category")).isEqualTo("categories");
        assertThat(Lexicon.plural("status")).isEqualTo("statuses");
        assertThat(Lexicon.plural("day")).isEqualTo("days");
        assertThat(Lexicon.plural("cache miss")).isEqualTo("cache misses");
    }
}
