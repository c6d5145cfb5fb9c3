package dev.spendline.ask;

import dev.spendline.ask.EntityMatcher.Mention;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which names a question leaves out: "cost per feature without onboarding", "every customer except
 * acme and globex", "spend other than the search feature", "all models but not gpt-4.1",
 * "onboarding excluded". A name is left out when the words before it, skipping list words ("and",
 * "or", "the") and dimension words ("feature"), reach a negation cue; or when it continues a list
 * whose first name is left out; or when "excluded" follows it.
 *
 * <p>Why this matters: before, "without onboarding" made onboarding a filter, a confident answer to
 * the opposite question. The reading is conservative: any other word in between ("for", "by",
 * "used") ends the cue's reach, so "cost without acme for search" leaves out acme and keeps search
 * as the filter.
 */
final class Negation {

    /** One-word cues. */
    private static final Set<String> CUES = Set.of(
            "without",
            "except",
            "excepting",
            "excluding",
            "exclude",
            "excludes",
            "excl",
            "minus",
            "ignoring",
            "ignore",
            "omitting",
            "omit",
            "not",
            "sans");

    /** Two-word cues, as "first second": the second word is what the backward walk meets first. */
    private static final Set<String> PAIRS = Set.of(
            "except for",
            "other than",
            "apart from",
            "aside from",
            "but not",
            "leaving out",
            "leave out",
            "left out",
            "not including",
            "not counting");

    /** Words a cue reaches over: lists and articles. Dimension words are passed in. */
    private static final Set<String> LIST_WORDS = Set.of("and", "or", "nor", "the", "a", "an", "any", "&", "/", ",");

    /**
     * Words between a cue and its name ("except on hooli", "not for acme"): reached over only right
     * after a cue, so that "excluding acme on gpt-4.1" still filters on gpt-4.1.
     */
    private static final Set<String> PREPOSITIONS = Set.of("on", "for", "in", "from", "of", "at", "to", "with");

    /** Words after a name that leave it out ("onboarding excluded"). */
    private static final Set<String> AFTER = Set.of("excluded", "aside");

    private Negation() {}

    /** Whether {@code word} is a cue or starts one: "customer without acme" names no customer "without". */
    static boolean isCueWord(String word) {
        return CUES.contains(word)
                || AFTER.contains(word)
                || PAIRS.stream().anyMatch(pair -> pair.startsWith(word + " "));
    }

    /** Every word of a cue, for {@link VocabularyCorrection}: "excluded" is not a typo of "exceeded". */
    static Set<String> words() {
        Set<String> words = new HashSet<>(CUES);
        words.addAll(AFTER);
        PAIRS.forEach(pair -> words.addAll(List.of(pair.split(" "))));
        return words;
    }

    /** The mentions of {@code words} that are left out, in question order. */
    static List<Mention> negated(List<String> words, List<Mention> mentions, Set<String> dimensionWords) {
        List<Mention> ordered = new ArrayList<>(mentions);
        ordered.sort(Comparator.comparingInt(Mention::start));
        List<Mention> negated = new ArrayList<>();
        for (Mention m : ordered) {
            if (negatedBefore(words, m, ordered, negated, dimensionWords) || negatedAfter(words, m)) {
                negated.add(m);
            }
        }
        return negated;
    }

    private static boolean negatedBefore(
            List<String> words, Mention m, List<Mention> ordered, List<Mention> negated, Set<String> dimensionWords) {
        int j = m.start() - 1;
        while (j >= 0) {
            Mention earlier = at(ordered, j);
            if (earlier != null) {
                // A list of names: "without onboarding and search" leaves out both.
                return negated.contains(earlier);
            }
            String w = words.get(j);
            if (isCueAt(words, j)) {
                return true;
            }
            if (PREPOSITIONS.contains(w)) {
                return j > 0 && isCueAt(words, j - 1);
            }
            if (!LIST_WORDS.contains(w) && !dimensionWords.contains(w)) {
                return false;
            }
            j--;
        }
        return false;
    }

    /** Whether word {@code j} is a cue or ends a two-word cue. */
    private static boolean isCueAt(List<String> words, int j) {
        return CUES.contains(words.get(j)) || (j > 0 && PAIRS.contains(words.get(j - 1) + " " + words.get(j)));
    }

    private static boolean negatedAfter(List<String> words, Mention m) {
        return m.end() < words.size() && AFTER.contains(words.get(m.end()));
    }

    private static Mention at(List<Mention> mentions, int word) {
        for (Mention m : mentions) {
            if (m.start() <= word && word < m.end()) {
                return m;
            }
        }
        return null;
    }
}
