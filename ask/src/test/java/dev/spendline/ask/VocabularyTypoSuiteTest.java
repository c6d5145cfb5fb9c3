package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.query.Dimension;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #30's typo suite: a word of Ask's own vocabulary typed with one edit (two for words of 8+
 * letters) is read as the word, in every question, with a note; real words and names are never
 * changed into another word. The typos are generated deterministically from each word: a letter
 * left out, one doubled, one changed, two neighbours swapped.
 */
class VocabularyTypoSuiteTest {

    /** Questions whose every word of 4+ letters matters to the reading. */
    private static final List<String> QUESTIONS = List.of(
            "what did we spend yesterday by customer",
            "top 5 features by cost last month",
            "tokens by model this week",
            "calls per agent in the last 14 days",
            "margin by customer this quarter",
            "show waste from retries this month",
            "savings recommendations for search",
            "which budgets are exceeded",
            "active alerts that are critical",
            "daily spend in october",
            "weekly tokens by team since monday",
            "monthly cost by provider in september",
            "cheapest models by spend today",
            "most expensive customers yesterday",
            "hourly calls today");

    record Case(String question, String typed, String word, String meant) {
        @Override
        public String toString() {
            return question + " ('" + typed + "' for '" + word + "')";
        }
    }

    /** Deterministic typos of {@code word}: one edit each, and two edits for words of 8+ letters. */
    static Set<String> typos(String word) {
        Set<String> typos = new LinkedHashSet<>();
        for (String one : oneEdit(word)) {
            typos.add(one);
            if (word.length() >= TypoDistance.LONG_NAME) {
                typos.add(transpose(delete(word, 1), one.length() - 3));
            }
        }
        if (word.length() >= TypoDistance.LONG_NAME) {
            typos.add(substitute(delete(word, word.length() - 2), 1));
            typos.add(insert(transpose(word, 0), word.length() - 1));
        }
        typos.removeIf(typo -> typo.length() < TypoDistance.SHORTEST || typo.equals(word));
        return typos;
    }

    private static List<String> oneEdit(String word) {
        int middle = word.length() / 2;
        return List.of(
                delete(word, middle),
                delete(word, word.length() - 1),
                insert(word, middle),
                substitute(word, middle),
                substitute(word, 0),
                transpose(word, middle - 1),
                transpose(word, word.length() - 2));
    }

    private static String delete(String word, int at) {
        return word.substring(0, at) + word.substring(at + 1);
    }

    /** The letter at {@code at} typed twice. */
    private static String insert(String word, int at) {
        return word.substring(0, at + 1) + word.substring(at);
    }

    /** The letter at {@code at} changed to the one 13 letters on. */
    private static String substitute(String word, int at) {
        char changed = (char) ('a' + (word.charAt(at) - 'a' + 13) % 26);
        return word.substring(0, at) + changed + word.substring(at + 1);
    }

    private static String transpose(String word, int at) {
        if (at < 0 || at + 1 >= word.length()) {
            return word;
        }
        return word.substring(0, at) + word.charAt(at + 1) + word.charAt(at) + word.substring(at + 2);
    }

    private static Interpretation read(String question) {
        return new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC).interpret(question);
    }

    private static VocabularyCorrection correction() {
        return new VocabularyCorrection(QuestionWords.LEXICON, AskCorpus.VOCABULARY);
    }

    static Stream<String> vocabulary() {
        return QuestionWords.LEXICON.words().stream();
    }

    /** The typos of every vocabulary word; 90% or more of them must read as the word itself. */
    private static final double AT_LEAST_READ_AS_THE_WORD = 0.9;

    @ParameterizedTest
    @MethodSource("vocabulary")
    void everyTypoOfAVocabularyWordIsReadAsTheWordOrAsAnotherAsClose(String word) {
        VocabularyCorrection correction = correction();
        List<String> wrong = new ArrayList<>();
        for (String typo : typos(word)) {
            if (QuestionWords.LEXICON.knows(typo)) {
                continue; // a word in its own right ("cost" for "costs"): not a typo
            }
            int distance = TypoDistance.distance(typo, word, 2);
            String read = correction.correct(typo).text();
            boolean asClose = read.equals(typo)
                    // left alone: only when another vocabulary word is as close (Ask does not guess), or
                    // a word of a name ("jhat" may be the feature "chat", "minu" the "mini" of a model)
                    ? Stream.concat(QuestionWords.LEXICON.words().stream(), nameWords())
                            .anyMatch(other -> !other.equals(word) && within(typo, other, distance))
                    // another word: only one as close ("cosst" is "costs" as much as "cost")
                    : read.equals(word) || within(typo, read, distance);
            if (!asClose) {
                wrong.add(typo + " -> " + read);
            }
        }
        assertThat(wrong)
                .as("typos of '%s' read as a farther word, or left alone", word)
                .isEmpty();
    }

    private static Stream<String> nameWords() {
        return AskCorpus.VOCABULARY.values().values().stream()
                .flatMap(Set::stream)
                .flatMap(name -> Stream.of(EntityMatcher.key(name).split("[ @]")))
                .filter(part -> part.length() >= TypoDistance.SHORTEST);
    }

    private static boolean within(String typo, String other, int distance) {
        return TypoDistance.distance(typo, other, 2) <= Math.min(distance, TypoDistance.tolerance(other.length()));
    }

    @Test
    void mostTyposReadAsTheWordItself() {
        VocabularyCorrection correction = correction();
        int typos = 0;
        int read = 0;
        for (String word : QuestionWords.LEXICON.words()) {
            for (String typo : typos(word)) {
                if (!QuestionWords.LEXICON.knows(typo)) {
                    typos++;
                    VocabularyCorrection.Corrected corrected = correction.correct(typo);
                    if (corrected.text().equals(word)
                            && corrected.notes().equals(List.of("'" + typo + "' read as '" + word + "'"))) {
                        read++;
                    }
                }
            }
        }
        assertThat(typos).isGreaterThan(2000);
        assertThat((double) read / typos).isGreaterThanOrEqualTo(AT_LEAST_READ_AS_THE_WORD);
    }

    static Stream<Case> questions() {
        List<Case> cases = new ArrayList<>();
        for (String question : QUESTIONS) {
            List<String> words = List.of(question.split(" "));
            for (int i = 0; i < words.size(); i++) {
                String word = words.get(i);
                if (!QuestionWords.LEXICON.words().contains(word)) {
                    continue; // names ("search") are EntityMatcher's to correct; "what" needs no correcting
                }
                for (String typo : typos(word)) {
                    if (!correction().correct(typo).text().equals(word)) {
                        continue; // a typo as close to another word: see the test above
                    }
                    List<String> typed = new ArrayList<>(words);
                    typed.set(i, typo);
                    cases.add(new Case(String.join(" ", typed), typo, word, question));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("questions")
    void aQuestionWithATypoIsReadAsTheCorrectlySpeltOne(Case c) {
        Interpretation meant = read(c.meant());
        Interpretation typed = read(c.question());

        assertThat(meant.answered()).as(meant.reason()).isTrue();
        assertThat(typed.call()).isEqualTo(meant.call());
        assertThat(typed.notes()).contains("'" + c.typed() + "' read as '" + c.word() + "'");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "lost",
                "cast",
                "match",
                "mouth",
                "weak",
                "exceed",
                "excluded",
                "tall",
                "where",
                "were",
                "here",
                "then"
            })
    void realWordsAreNotChanged(String word) {
        assertThat(correction().correct("spend " + word + " this month").text())
                .isEqualTo("spend " + word + " this month");
    }

    @Test
    void theMisspeltPeriodIsNotDroppedForTheDefault() {
        Interpretation reading = read("what did we spend yesterdy");

        assertThat(reading.call()).isEqualTo(read("what did we spend yesterday").call());
        assertThat(reading.notes()).contains("'yesterdy' read as 'yesterday'");
    }

    @Test
    void aWorkspaceNameIsNeverCorrectedIntoAVocabularyWord() {
        // "costa" is one edit from "cost", "coast" from "costs": names of this workspace, both read as names.
        Vocabulary vocabulary =
                new Vocabulary(Map.of(Dimension.FEATURE, Set.of("costa"), Dimension.TENANT, Set.of("weekley")));
        VocabularyCorrection correction = new VocabularyCorrection(QuestionWords.LEXICON, vocabulary);

        assertThat(correction.correct("spend for costa").text()).isEqualTo("spend for costa");
        assertThat(correction.correct("spend for weekley").text()).isEqualTo("spend for weekley");
        // A typo of a name is the name's, not a vocabulary word's: EntityMatcher reads it.
        assertThat(correction.correct("spend for weekly").text()).isEqualTo("spend for weekly");
        assertThat(correction.correct("spend for weeklee").notes()).isEmpty();
    }

    @Test
    void aBudgetNameIsLeftAsTyped() {
        assertThat(correction()
                        .correct("status of the budget named wekly tokns")
                        .text())
                .isEqualTo("status of the budget named wekly tokns");
    }

    @Test
    void shortWordsAreNeverCorrected() {
        assertThat(correction().correct("spend tdy per tem").text()).isEqualTo("spend tdy per tem");
    }
}
