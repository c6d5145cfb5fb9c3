package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import java.time.DayOfWeek;
import java.time.Month;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToIntFunction;

/**
 * Corrects typos in the words of Ask's own vocabulary ("yesterdy", "custmer", "tokesn") before the
 * question is read, so that a misspelt period or measure is not dropped silently for a default.
 * One stage, run once on the normalised text: a word is corrected only when it is no word Ask
 * knows, no word of a workspace name and not within a typo of one (names are {@link EntityMatcher}'s
 * to correct), and one vocabulary word is closest within {@link TypoDistance}'s tolerance (ties
 * broken as {@link Lexicon#closest} says; a tie left is not guessed). Each correction is a note.
 * The vocabulary is built once ({@link Lexicon}) from the interpreter's word sets, {@link Metric}'s
 * keywords, {@link Negation}'s cues and the phrase words listed here, and bucketed by length.
 */
final class VocabularyCorrection {

    /** The question's text with its corrections, and one note for each. */
    record Corrected(String text, List<String> notes) {}

    /**
     * Words read by phrase (periods, months, orders, kinds, states) rather than from the
     * interpreter's word sets; months and weekdays come from {@code java.time}.
     */
    private static final Set<String> PHRASE_WORDS = Set.copyOf(List.of(
            "today",
            "yesterday",
            "tomorrow",
            "hour",
            "hours",
            "hourly",
            "day",
            "days",
            "daily",
            "week",
            "weeks",
            "weekly",
            "month",
            "months",
            "monthly",
            "quarter",
            "quarters",
            "year",
            "years",
            "last",
            "this",
            "past",
            "previous",
            "prior",
            "trailing",
            "current",
            "next",
            "since",
            "between",
            "until",
            "till",
            "through",
            "date",
            "far",
            "first",
            "bottom",
            "most",
            "least",
            "cheapest",
            "expensive",
            "costliest",
            "biggest",
            "largest",
            "highest",
            "heaviest",
            "profitable",
            "worst",
            "best",
            "lowest",
            "smallest",
            "fewest",
            "slowest",
            "fastest",
            "slow",
            "slower",
            "faster",
            "newest",
            "oldest",
            "latest",
            "recent",
            "ranked",
            "compare",
            "compared",
            "versus",
            "against",
            "trend",
            "history",
            "growth",
            "grow",
            "growing",
            "retry",
            "retries",
            "failures",
            "failing",
            "errors",
            "duplicated",
            "repeated",
            "steps",
            "uncached",
            "oversized",
            "powerful",
            "cheaper",
            "smaller",
            "downgrade",
            "switch",
            "switching",
            "protect",
            "protecting",
            "blown",
            "overspent",
            "track",
            "within",
            "limit",
            "limits",
            "close",
            "risk",
            "critical",
            "severe",
            "urgent",
            "informational",
            "spike",
            "spikes",
            "anomalous",
            "threshold",
            "thresholds",
            "experiment",
            "experiments",
            "latencies",
            "response",
            "thousand",
            "number",
            "count",
            "input",
            "output",
            "prompt",
            "cached",
            "generated",
            "reads",
            "named",
            "called",
            "titled",
            "three",
            "four",
            "five",
            "seven",
            "eight",
            "nine",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "twenty",
            "thirty",
            "fifty",
            "sixty",
            "ninety",
            "hundred"));

    /**
     * Real English words one edit from a vocabulary word that a question may mean as they are:
     * "lost" is not "cost", "match" is not "march".
     */
    private static final Set<String> ENGLISH = Set.copyOf(List.of(
            "lost",
            "cast",
            "host",
            "post",
            "tall",
            "hall",
            "wall",
            "ball",
            "mall",
            "fall",
            "weak",
            "match",
            "mouth",
            "youth",
            "here",
            "mode",
            "code",
            "node",
            "mine",
            "line",
            "wine",
            "fine",
            "dine",
            "teem",
            "seam",
            "beam",
            "tram",
            "steam",
            "cream",
            "dream",
            "fear",
            "near",
            "dear",
            "gear",
            "hear",
            "wear",
            "tear",
            "bear",
            "pear",
            "yeah",
            "yean",
            "feat",
            "heat",
            "seat",
            "beat",
            "meat",
            "neat",
            "fast",
            "vast",
            "mast",
            "list",
            "mist",
            "fist",
            "test",
            "rest",
            "best",
            "nest",
            "west",
            "jest",
            "vest",
            "zest",
            "cult",
            "bolt",
            "colt",
            "tolls",
            "toll",
            "pool",
            "cool",
            "fool",
            "wool",
            "tooth",
            "cell",
            "sell",
            "tell",
            "well",
            "bell",
            "fell",
            "hell",
            "yell",
            "dell",
            "toys",
            "tons",
            "took",
            "tour",
            "torn",
            "talks",
            "talk",
            "walk",
            "hole",
            "pole",
            "mole",
            "role",
            "sole",
            "whole",
            "mean",
            "lean",
            "bean",
            "dean",
            "mark",
            "park",
            "dark",
            "bark",
            "lark",
            "spent",
            "speed",
            "sped",
            "spew",
            "span",
            "spin",
            "spot",
            "sprint",
            "stuff",
            "stiff",
            "staff",
            "story",
            "stored",
            "store",
            "storm",
            "strong",
            "weird",
            "wired",
            "hired",
            "tired",
            "fired",
            "there",
            "where",
            "were",
            "wear",
            "whole",
            "while",
            "white",
            "write",
            "wrote",
            // "cache read tokens" is the measure as written, not "cache reads".
            "read",
            "quite",
            "quiet",
            "quit",
            "suite",
            "agency",
            "agenda",
            "modal",
            "medal",
            "motel",
            "hotel",
            "users",
            "uses",
            "used",
            "user",
            "cheap",
            "chap",
            "chip",
            "chop",
            "shop",
            "stop",
            "step",
            "stem",
            "item",
            "items",
            "them",
            "then",
            "than",
            "that",
            "what",
            "whet",
            "when",
            "wheat",
            "nights",
            "night",
            "light",
            "right",
            "might",
            "sight",
            "tight",
            "fight",
            "eight",
            "weight",
            "height",
            "monte",
            "mount",
            "mounts",
            "counts",
            "count",
            "court",
            "courts",
            "totally",
            "total",
            "ideal",
            "deal",
            "real",
            "meal",
            "seal",
            "heal",
            "teal",
            "veal",
            "zeal",
            "rule",
            "rules",
            "rates",
            "dates",
            "gates",
            "hates",
            "mates",
            "fates",
            "later",
            "layer",
            "exceed",
            "exceeds",
            "exceeding",
            "excess",
            "player",
            "prayer"));

    /** Ask's vocabulary, built once: every word it knows, and the ones worth correcting to, by length. */
    static final class Lexicon {

        private final Set<String> known = new HashSet<>();
        private final List<List<String>> byLength = new ArrayList<>();
        /** Each word's letter counts, to skip a word without computing its distance. */
        private final Map<String, int[]> letters = new HashMap<>();
        /** Each word's group of words of one meaning (a metric's words, a dimension's), when it has one. */
        private final Map<String, Integer> meaning = new HashMap<>();

        /**
         * @param synonyms the interpreter's groups of words of one meaning (each dimension's words)
         * @param words the interpreter's other words worth correcting to (options, order, groupings)
         * @param alsoKnown words Ask reads that are never corrected into ("the", "their", "were")
         */
        Lexicon(
                Collection<? extends Collection<String>> synonyms,
                Collection<String> words,
                Collection<String> alsoKnown) {
            Set<String> targets = new TreeSet<>(words); // sorted: the same word wins every time
            List<Collection<String>> groups = new ArrayList<>(synonyms);
            for (Metric metric : Metric.values()) {
                groups.add(metric.keywords);
            }
            for (int group = 0; group < groups.size(); group++) {
                targets.addAll(groups.get(group));
                for (String word : groups.get(group)) {
                    meaning.putIfAbsent(word, group);
                }
            }
            targets.addAll(PHRASE_WORDS);
            targets.addAll(Negation.words());
            for (Metric metric : Metric.values()) {
                targets.addAll(metric.keywords);
            }
            for (Month month : Month.values()) {
                targets.add(month.name().toLowerCase(Locale.ROOT));
            }
            for (DayOfWeek day : DayOfWeek.values()) {
                targets.add(day.name().toLowerCase(Locale.ROOT));
            }
            known.addAll(targets);
            known.addAll(ENGLISH);
            known.addAll(alsoKnown);
            for (String target : targets) {
                if (target.length() < TypoDistance.SHORTEST || !lettersOnly(target)) {
                    continue;
                }
                while (byLength.size() <= target.length()) {
                    byLength.add(new ArrayList<>());
                }
                byLength.get(target.length()).add(target);
                letters.put(target, letters(target));
            }
        }

        /**
         * The one vocabulary word of the shortest corrected length that {@code word} is with one
         * letter left out ("wek" is "week", "ths" is "this", "cal" is "call"); null when none or
         * more than one is. A dropped letter is the only typo of a three-letter word read: any
         * other edit of one ("tem") could be "team", "them" or a typo of either.
         */
        String withOneLetterMore(String word) {
            if (byLength.size() <= word.length() + 1) {
                return null;
            }
            String found = null;
            for (String target : byLength.get(word.length() + 1)) {
                if (oneLetterMore(target, word)) {
                    if (found != null) {
                        return null;
                    }
                    found = target;
                }
            }
            return found;
        }

        private static boolean oneLetterMore(String longer, String word) {
            for (int skip = 0; skip < longer.length(); skip++) {
                if (longer.regionMatches(0, word, 0, skip)
                        && longer.regionMatches(skip + 1, word, skip, word.length() - skip)) {
                    return true;
                }
            }
            return false;
        }

        /** The words typos are corrected to, shortest first. */
        List<String> words() {
            return byLength.stream().flatMap(List::stream).toList();
        }

        boolean knows(String word) {
            return known.contains(word);
        }

        /**
         * The vocabulary word closest to {@code word} within its tolerance; null if none, or if two
         * are as close and nothing tells them apart. Between words as close, one that starts with
         * the same letter wins (first letters are rarely mistyped: "wate" is "waste", not "rate"),
         * then the one with more of the typed letters (a swap keeps them all: "firts" is "first",
         * not "fires"), then the longer common beginning; two forms of one word ("token",
         * "tokens") read the same, so the one of the typed length is taken.
         */
        String closest(String word) {
            int reach = TypoDistance.tolerance(TypoDistance.LONG_NAME);
            int[] typed = letters(word);
            List<String> best = new ArrayList<>();
            int bestDistance = Integer.MAX_VALUE;
            for (int length = Math.max(TypoDistance.SHORTEST, word.length() - reach);
                    length <= word.length() + reach && length < byLength.size();
                    length++) {
                int max = TypoDistance.tolerance(length);
                if (Math.abs(length - word.length()) > max) {
                    continue;
                }
                for (String target : byLength.get(length)) {
                    // Each edit gives at most one letter the other word lacks: a cheap lower bound.
                    if (Math.max(length, word.length()) - shared(typed, letters.get(target)) > max) {
                        continue;
                    }
                    int distance = TypoDistance.distance(word, target, Math.min(max, bestDistance));
                    if (distance > max || distance > bestDistance) {
                        continue;
                    }
                    if (distance < bestDistance) {
                        bestDistance = distance;
                        best.clear();
                    }
                    best.add(target);
                }
            }
            best = narrow(best, target -> target.charAt(0) == word.charAt(0) ? 1 : 0);
            best = narrow(best, target -> sharedLetters(target, word));
            best = narrow(best, target -> commonBeginning(target, word));
            String first = best.isEmpty() ? null : best.get(0);
            if (best.size() > 1 && best.stream().allMatch(target -> sameWord(target, first))) {
                // "tokesn" is as close to "token" as to "tokens": either reads the same
                return narrow(best, target -> target.length() == word.length() ? 1 : 0)
                        .get(0);
            }
            return best.size() == 1 ? first : null;
        }

        /** Whether two words mean the same to Ask: one metric's or dimension's, or "spend" and "spends". */
        private boolean sameWord(String a, String b) {
            Integer group = meaning.get(a);
            if (a.equals(b) || group != null && group.equals(meaning.get(b))) {
                return true;
            }
            String shorter = a.length() <= b.length() ? a : b;
            String longer = a.length() <= b.length() ? b : a;
            String ending = longer.startsWith(shorter) ? longer.substring(shorter.length()) : null;
            return ending != null && Set.of("s", "es", "d", "ed").contains(ending);
        }

        /** The candidates that score highest. */
        private static List<String> narrow(List<String> candidates, ToIntFunction<String> score) {
            int top = candidates.stream().mapToInt(score).max().orElse(0);
            return candidates.stream().filter(c -> score.applyAsInt(c) == top).toList();
        }

        /** How many letters the words share, each counted as often as both have it. */
        private static int sharedLetters(String a, String b) {
            return shared(letters(a), letters(b));
        }

        private static int shared(int[] a, int[] b) {
            int shared = 0;
            for (int i = 0; i < a.length; i++) {
                shared += Math.min(a[i], b[i]);
            }
            return shared;
        }

        /** How often each of a to z occurs in {@code word} (a word of those letters only). */
        private static int[] letters(String word) {
            int[] counts = new int[26];
            for (int i = 0; i < word.length(); i++) {
                counts[word.charAt(i) - 'a']++;
            }
            return counts;
        }

        private static int commonBeginning(String a, String b) {
            int i = 0;
            while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
                i++;
            }
            return i;
        }
    }

    private static final java.util.regex.Pattern NAME_PARTS = java.util.regex.Pattern.compile("[ @]");

    private final Lexicon lexicon;
    private final Vocabulary vocabulary;
    /** The words of the workspace's names, by length; built only when a word is worth correcting. */
    private volatile List<Set<String>> nameWords;

    /** The corrections of the vocabularies read lately, with {@code lexicon} (see {@link RecentByIdentity}). */
    private static final RecentByIdentity<Vocabulary, VocabularyCorrection> RECENT = new RecentByIdentity<>(64);

    VocabularyCorrection(Lexicon lexicon, Vocabulary vocabulary) {
        this.lexicon = lexicon;
        this.vocabulary = vocabulary;
    }

    /** The correction of {@code vocabulary} by Ask's own lexicon, its name index built once while recent. */
    static VocabularyCorrection of(Lexicon lexicon, Vocabulary vocabulary) {
        VocabularyCorrection recent = RECENT.get(vocabulary, v -> new VocabularyCorrection(lexicon, v));
        return recent.lexicon == lexicon ? recent : new VocabularyCorrection(lexicon, vocabulary);
    }

    /** {@code text}, normalised ({@link QuestionInterpreter#normalise}), with its vocabulary typos corrected. */
    Corrected correct(String text) {
        String[] words = text.split(" ");
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            if (i > 0
                    && (words[i - 1].equals("named")
                            || words[i - 1].equals("called")
                            || words[i - 1].equals("titled"))) {
                break; // a budget's name is the rest of the question, as typed
            }
            if (lexicon.knows(word) || !lettersOnly(word) || word.length() < TypoDistance.SHORTEST - 1) {
                continue;
            }
            String closest =
                    word.length() < TypoDistance.SHORTEST ? lexicon.withOneLetterMore(word) : lexicon.closest(word);
            if (closest != null && !nearName(word)) {
                notes.add("'" + word + "' read as '" + closest + "'");
                words[i] = closest;
            }
        }
        return notes.isEmpty() ? new Corrected(text, List.of()) : new Corrected(String.join(" ", words), notes);
    }

    private static boolean lettersOnly(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (word.charAt(i) < 'a' || word.charAt(i) > 'z') {
                return false;
            }
        }
        return true;
    }

    /** Built once per vocabulary (a benign race builds it twice at most: the same words). */
    private List<Set<String>> nameWords() {
        List<Set<String>> known = nameWords;
        if (known != null) {
            return known;
        }
        List<Set<String>> nameWords = new ArrayList<>();
        for (Dimension dimension : Dimension.values()) {
            for (String value : vocabulary.of(dimension)) {
                for (String part : NAME_PARTS.split(EntityMatcher.key(value))) {
                    if (lexicon.knows(part)) {
                        continue; // "weekly" of the workflow "weekly-report" is still the word "weekly"
                    }
                    while (nameWords.size() <= part.length()) {
                        nameWords.add(new HashSet<>());
                    }
                    nameWords.get(part.length()).add(part);
                }
            }
        }
        this.nameWords = nameWords;
        return nameWords;
    }

    /** Whether {@code word} is, or is a typo of, a word of one of the workspace's names. */
    private boolean nearName(String word) {
        List<Set<String>> nameWords = nameWords();
        int reach = TypoDistance.tolerance(TypoDistance.LONG_NAME);
        for (int length = Math.max(0, word.length() - reach);
                length <= word.length() + reach && length < nameWords.size();
                length++) {
            for (String name : nameWords.get(length)) {
                if (name.equals(word)
                        || (name.length() >= TypoDistance.SHORTEST
                                && TypoDistance.distance(word, name, TypoDistance.tolerance(name.length()))
                                        <= TypoDistance.tolerance(name.length()))) {
                    return true;
                }
            }
        }
        return false;
    }
}
