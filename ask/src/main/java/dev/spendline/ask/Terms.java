package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.ask.Lexicon.Noun;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The words of a question other than the workspace's names and its period, read in question order:
 * the measures named, the dimension words used as groupings (each with whether "by", "which"…
 * preceded it) or as labels of a name ("customer acme"), the usage words, a name after a dimension
 * word that is no name of the workspace, and the notes of words read through a typo. A reading
 * stage's immutable fact.
 *
 * @param groupings dimension words used as the grouping, in question order, each with whether a
 *     grouping word preceded it
 * @param labels for each name, the dimension word that labels it
 * @param unknownName a name after a dimension word that is no name of the workspace ("customer
 *     'zzz'"), or null
 * @param didYouMean the workspace's names nearest to {@code unknownName} (" Did you mean 'acme'?"), or ""
 */
record Terms(
        Set<Metric> metrics,
        List<Map.Entry<Noun, Boolean>> groupings,
        Map<Mention, Noun> labels,
        Set<UsageKind> usageSaid,
        String unknownName,
        String didYouMean,
        List<String> notes) {

    /** No word read: what a question refused before its words were read carries. */
    static final Terms NONE = new Terms(
            EnumSet.noneOf(Metric.class), List.of(), Map.of(), EnumSet.noneOf(UsageKind.class), null, "", List.of());

    Terms {
        metrics =
                Collections.unmodifiableSet(EnumSet.copyOf(metrics.isEmpty() ? EnumSet.noneOf(Metric.class) : metrics));
        groupings = List.copyOf(groupings);
        // Insertion order kept: a label is found in question order.
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        usageSaid = Collections.unmodifiableSet(
                EnumSet.copyOf(usageSaid.isEmpty() ? EnumSet.noneOf(UsageKind.class) : usageSaid));
        notes = List.copyOf(notes);
    }

    /** The terms of {@code words}, outside the {@code mentions} of the workspace's names. */
    static Terms read(List<String> words, List<Mention> mentions, EntityMatcher matcher) {
        Scan scan = new Scan(words, mentions, matcher);
        scan.readWords();
        return new Terms(
                scan.metrics,
                scan.groupings,
                scan.labels,
                scan.usageSaid,
                scan.unknownName,
                scan.didYouMean,
                scan.notes);
    }

    /** One left-to-right pass over the words. */
    private static final class Scan {

        private final List<String> words;
        private final List<Mention> mentions;
        private final EntityMatcher matcher;
        private final List<String> notes = new ArrayList<>();
        private final EnumSet<Metric> metrics = EnumSet.noneOf(Metric.class);
        private final List<Map.Entry<Noun, Boolean>> groupings = new ArrayList<>();
        private final Map<Mention, Noun> labels = new LinkedHashMap<>();
        private final Set<UsageKind> usageSaid = EnumSet.noneOf(UsageKind.class);
        private String unknownName;
        private String didYouMean = "";

        Scan(List<String> words, List<Mention> mentions, EntityMatcher matcher) {
            this.words = words;
            this.mentions = mentions;
            this.matcher = matcher;
        }

        void readWords() {
            boolean[] inMention = new boolean[words.size()];
            for (Mention m : mentions) {
                for (int i = m.start(); i < m.end(); i++) {
                    inMention[i] = true;
                }
            }
            for (int i = 0; i < words.size(); i++) {
                if (inMention[i]) {
                    continue;
                }
                String word = words.get(i);
                if (word.equals("coding")
                        && i + 1 < words.size()
                        && words.get(i + 1).startsWith("agent")) {
                    usageSaid.add(UsageKind.INTERNAL);
                    i++;
                    continue;
                }
                if (word.equals("ai")
                        && i + 1 < words.size()
                        && words.get(i + 1).startsWith("tool")) {
                    usageSaid.add(UsageKind.INTERNAL);
                }
                if (INTERNAL_WORDS.contains(word)) {
                    usageSaid.add(UsageKind.INTERNAL);
                    continue;
                }
                if (PRODUCT_WORDS.contains(word)) {
                    usageSaid.add(UsageKind.PRODUCT);
                    continue;
                }
                Metric metric = metricWord(word);
                if (metric != null) {
                    metrics.add(metric);
                    continue;
                }
                Noun noun = noun(word);
                if (noun != null) {
                    boolean grouped = i > 0 && GROUPING.contains(words.get(i - 1));
                    Mention labelled = grouped ? null : labelled(i, noun);
                    if (labelled != null) {
                        labels.put(labelled, noun);
                    } else {
                        if (!grouped && unknownName == null) {
                            unknownName = unknownNameAfter(i, inMention);
                        }
                        if (!grouped && unknownName == null) {
                            unknownName = unknownNameBefore(i, inMention);
                        }
                        groupings.add(Map.entry(noun, grouped));
                    }
                }
            }
            if (unknownName == null) {
                unknownName = nameShaped(inMention);
            }
        }

        /**
         * "customer zzz" where zzz is no name of the workspace: the word after a dimension word
         * that is not a word Ask knows. Answering the question without that filter would present
         * a guess as fact, so the question is refused with the name.
         */
        String unknownNameAfter(int i, boolean[] inMention) {
            int next = i + 1;
            if (next < words.size() && words.get(next).equals("the")) {
                next++;
            }
            if (next >= words.size() || inMention[next]) {
                return null;
            }
            String candidate = words.get(next);
            boolean known = RESERVED.contains(candidate)
                    || HIGHEST.contains(candidate)
                    || LOWEST.contains(candidate)
                    || NAME_FILLERS.contains(candidate)
                    || Lexicon.NOUNS.containsKey(candidate)
                    || Negation.isCueWord(candidate);
            if (known
                    || !CANDIDATE_SHAPE.matcher(candidate).matches()
                    || DIGITS.matcher(candidate).matches()) {
                return null;
            }
            for (Metric metric : Metric.values()) {
                if (metric.keywords.contains(candidate)) {
                    return null;
                }
            }
            Noun noun = Lexicon.NOUNS.get(words.get(i));
            Set<Dimension> of = EnumSet.noneOf(Dimension.class);
            if (noun != null) {
                Stream.of(noun.product(), noun.internal())
                        .filter(Objects::nonNull)
                        .forEach(of::add);
            }
            List<String> nearest = matcher.nearest(candidate, of, 3);
            if (!nearest.isEmpty()) {
                didYouMean = " Did you mean "
                        + nearest.stream().map(n -> "'" + n + "'").collect(Collectors.joining(" or ")) + "?";
            }
            return words.get(i) + " '" + candidate + "'";
        }

        /** Adjectives that sit between "the" and a dimension word without being a name. */
        private static final Set<String> NOT_NAMES = Set.of(
                "main",
                "new",
                "old",
                "other",
                "same",
                "whole",
                "entire",
                "default",
                "current",
                "previous",
                "cheap",
                "best",
                "worst",
                "next",
                "single",
                "one",
                "only",
                "own",
                "specific",
                "given",
                "particular",
                "right",
                "wrong",
                "big",
                "small",
                "ai",
                "llm",
                "busy",
                "popular",
                "slow",
                "fast",
                "free",
                "paid",
                "premium",
                "enterprise",
                "biggest",
                "largest",
                "smallest");

        /**
         * "the checkout feature", "the marketing team": a word between "the" and a dimension word
         * (singular: "the cheap models" is no name) that is neither a name of the workspace nor a
         * word Ask knows is a name the workspace does not have, like "feature checkout".
         */
        String unknownNameBefore(int i, boolean[] inMention) {
            String noun = words.get(i);
            if (i < 2 || !words.get(i - 2).equals("the") || inMention[i - 1] || noun.endsWith("s")) {
                return null;
            }
            String candidate = words.get(i - 1);
            if (NOT_NAMES.contains(candidate) || candidate.length() < 3 || !unknownWord(candidate)) {
                return null;
            }
            return absentName(noun, candidate, dimensionsOf(Lexicon.NOUNS.get(noun)));
        }

        /**
         * A word shaped like a name, outside the workspace's names, with no dimension word before
         * it: a name with a version or size ("gemini-2.5-pro", "claude-opus-4": a model, the
         * dimension whose names carry digits) or a hyphenated one ending in a dimension word
         * ("billing-agent": an agent). Read without it, the question would be answered for the
         * whole workspace as if for that name.
         */
        String nameShaped(boolean[] inMention) {
            for (int i = 0; i < words.size(); i++) {
                String word = words.get(i);
                if (inMention[i]
                        || !NAME_SHAPE.matcher(word).matches()
                        || !HAS_LETTER.matcher(word).find()
                        || NOT_NAME_SHAPED.matcher(word).matches()
                        || !unknownWord(word)) {
                    continue;
                }
                String[] parts = NAME_SEPARATORS.split(word);
                Noun noun = parts.length > 1 ? Lexicon.NOUNS.get(parts[parts.length - 1]) : null;
                boolean ownWord = Arrays.stream(parts, 0, parts.length - 1)
                        .anyMatch(p -> p.length() >= 3 && !NOT_NAMES.contains(p) && unknownWord(p));
                if (noun != null && ownWord) {
                    // "per-feature", "coding-agent" are Ask's words; "billing-agent" is a name.
                    String last = parts[parts.length - 1];
                    return absentName(last, word, dimensionsOf(noun));
                }
                boolean allKnown = Arrays.stream(parts)
                        .allMatch(p -> p.isEmpty() || DIGITS.matcher(p).matches() || RESERVED.contains(p));
                if (HAS_DIGIT.matcher(word).find() && !allKnown) {
                    return absentName("model", word, EnumSet.of(Dimension.MODEL, Dimension.INTERNAL_MODEL));
                }
            }
            return null;
        }

        /** Numbers, amounts, ordinals, spans, quarters, percentiles, status classes: never names. */
        private static final Pattern CANDIDATE_SHAPE = Pattern.compile("[a-z0-9][a-z0-9._:/@-]*");

        private static final Pattern NAME_SHAPE = Pattern.compile("[a-z0-9][a-z0-9._-]*[a-z0-9]");
        private static final Pattern NAME_SEPARATORS = Pattern.compile("[-_.]");
        private static final Pattern DIGITS = Pattern.compile("\\d+");
        private static final Pattern HAS_LETTER = Pattern.compile("[a-z]");
        private static final Pattern HAS_DIGIT = Pattern.compile("\\d");
        private static final Pattern NOT_NAME_SHAPED = Pattern.compile(
                "[\\d.,]+(?:k|m|bn|st|nd|rd|th|h|hr|hrs|d|w|x|am|pm|usd)?|q[1-4]|h[12]|p\\d{2,3}|[1-5]xx"
                        + "|\\d+[-/.]\\d+(?:[-/.]\\d+)?|\\d+-(?:day|days|week|weeks|month|months|hour|hours|year"
                        + "|years|minute|minutes)|top-?\\d+|bottom-?\\d+|\\d+-?(?:st|nd|rd|th)");

        private boolean unknownWord(String candidate) {
            if (RESERVED.contains(candidate)
                    || HIGHEST.contains(candidate)
                    || LOWEST.contains(candidate)
                    || NAME_FILLERS.contains(candidate)
                    || Lexicon.NOUNS.containsKey(candidate)
                    || Negation.isCueWord(candidate)) {
                return false;
            }
            for (Metric metric : Metric.values()) {
                if (metric.keywords.contains(candidate)) {
                    return false;
                }
            }
            return true;
        }

        private static Set<Dimension> dimensionsOf(Noun noun) {
            Set<Dimension> of = EnumSet.noneOf(Dimension.class);
            if (noun != null) {
                Stream.of(noun.product(), noun.internal())
                        .filter(Objects::nonNull)
                        .forEach(of::add);
            }
            return of;
        }

        /** The refusal's subject ("feature 'checkout'"), with the nearest names of its dimensions. */
        private String absentName(String noun, String candidate, Set<Dimension> of) {
            List<String> nearest = matcher.nearest(candidate, of, 3);
            if (nearest.isEmpty()) {
                nearest = matcher.closest(candidate, of, 3);
            }
            if (!nearest.isEmpty()) {
                didYouMean = " Did you mean "
                        + nearest.stream().map(n -> "'" + n + "'").collect(Collectors.joining(" or ")) + "?";
            }
            return noun + " '" + candidate + "'";
        }

        Metric metricWord(String word) {
            for (Metric metric : Metric.values()) {
                if (metric.keywords.contains(word)) {
                    return metric;
                }
            }
            if (word.length() < 5 || COMMON.contains(word)) {
                return null;
            }
            // The closest keyword, then the first metric and the keyword first in alphabetical order.
            Metric best = null;
            String bestKeyword = null;
            int bestDistance = Integer.MAX_VALUE;
            for (Metric metric : Metric.values()) {
                for (String keyword : metric.keywords.stream().sorted().toList()) {
                    int max = TypoDistance.tolerance(keyword.length());
                    int distance = TypoDistance.distance(word, keyword, max);
                    if (keyword.length() >= 5 && distance <= max && distance < bestDistance) {
                        best = metric;
                        bestKeyword = keyword;
                        bestDistance = distance;
                    }
                }
            }
            if (best != null) {
                notes.add("'" + word + "' read as '" + bestKeyword + "'");
            }
            return best;
        }

        Noun noun(String word) {
            Noun noun = Lexicon.NOUNS.get(word);
            if (noun != null || word.length() < 6 || COMMON.contains(word)) {
                return noun;
            }
            for (Map.Entry<String, Noun> candidate : Lexicon.NOUNS.entrySet()) {
                if (candidate.getKey().length() >= 6 && TypoDistance.distance(word, candidate.getKey(), 1) <= 1) {
                    notes.add("'" + word + "' read as '" + candidate.getKey() + "'");
                    return candidate.getValue();
                }
            }
            return null;
        }

        /** The mention a dimension word at {@code i} names, "customer acme" or "acme customer". */
        Mention labelled(int i, Noun noun) {
            for (Mention m : mentions) {
                int gapBefore = m.start() - i;
                boolean before =
                        gapBefore == 1 || (gapBefore == 2 && words.get(i + 1).equals("the"));
                boolean after = m.end() == i;
                if ((before || after)
                        && !labels.containsKey(m)
                        && (m.dimensions().contains(noun.product())
                                || m.dimensions().contains(noun.internal()))) {
                    return m;
                }
            }
            return null;
        }
    }
}
