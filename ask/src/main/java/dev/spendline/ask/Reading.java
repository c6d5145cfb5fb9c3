package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_DAYS;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.ask.Interpretation.Focus;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.UsageKind;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The state of reading one question: the reading stages (normalise, correct typos, refuse what no
 * tool answers, the period, the options named by phrase, the names of the workspace, the words of
 * measures and groupings, exclusions) fill it in question order; the call builders read it.
 */
final class Reading {

    private final EntityMatcher matcher;
    private final VocabularyCorrection correction;
    final Instant now;
    final LocalDate today;

    final String question;
    final List<String> notes = new ArrayList<>();
    String text;
    List<String> words;
    List<Mention> mentions;
    /** Names the question leaves out ("without onboarding"): never filters, only exclusions. */
    final List<Mention> excluded = new ArrayList<>();

    TimeRange range;
    /** The other period of a comparison that names two; null otherwise. */
    TimeRange second;

    Integer limit;
    /** The options named by phrase; none until they are read. */
    PhraseOptions options = PhraseOptions.NONE;
    /** Whether the question asks for a comparison ("vs", "compared to", "month over month"). */
    boolean comparing;

    String budgetName;
    /** The measures, dimension words and usage words of the question; none until they are read. */
    Terms terms = Terms.NONE;
    /** Usage, grouping, filters and exclusions from the names, once the question is read. */
    DimensionReading dimensions;
    /** The measure asked for, once the question is read. */
    Metric asked;

    Reading(EntityMatcher matcher, VocabularyCorrection correction, Instant now, String question) {
        this.matcher = matcher;
        this.correction = correction;
        this.now = now;
        this.today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        this.question = question == null ? "" : question;
    }

    /**
     * Runs the reading stages over the question: null when it was read (the measure asked for is
     * then {@link #asked}), else the reason it cannot be answered.
     */
    Interpretation read() {
        QuestionText read = QuestionText.read(question, correction);
        if (read == null) {
            return unanswered("the question is empty");
        }
        text = read.text();
        notes.addAll(read.notes());
        budgetName = read.budgetName();
        boolean budgetWords = read.budgetWords();
        String withoutNames = matcher.withoutExactNames(text);
        String notForAsk = NotForAsk.reason(withoutNames, budgetWords);
        if (notForAsk != null) {
            return unanswered(notForAsk);
        }
        TimePhrases.Found time = TimePhrases.find(text, today, now);
        if (time.problem() != null) {
            return unanswered("Ask can't read the period: " + time.problem());
        }
        comparing = AskPhrases.compare(withoutNames);
        if (time.second() != null && !comparing) {
            return unanswered("it names two periods; ask to compare them (\"October vs September\") or about one"
                    + " period at a time");
        }
        range = time.range();
        second = time.second();
        TimeRange[] fromTo =
                comparing && second == null && range != null ? TimePhrases.fromToCompared(text, today) : null;
        if (fromTo != null) {
            // "change from September to October": October against September, not one period.
            range = fromTo[0];
            second = fromTo[1];
        }
        TimeRange current = comparing && second == null && range != null
                ? TimePhrases.currentAgainst(text, time.rest(), range, today)
                : null;
        if (current != null) {
            // "X compared to last month": last month is the base, this month so far the current.
            second = range;
            range = current;
        }
        options = PhraseOptions.read(matcher.withoutExactNames(time.rest()), comparing);
        TopN topN = TopN.take(time.rest());
        limit = topN.limit();
        text = topN.rest();
        words = Arrays.stream(text.trim().split("\\s+"))
                .map(w -> w.replaceAll("^[.\\-_]+|[.\\-_]+$", ""))
                .filter(w -> !w.isEmpty())
                .collect(Collectors.toCollection(ArrayList::new));
        List<String> unsure = new ArrayList<>();
        List<EntityMatcher.Absent> absent = new ArrayList<>();
        mentions = matcher.find(words, RESERVED, unsure, absent);
        if (!unsure.isEmpty()) {
            return unanswered("Ask is not sure which name you mean: " + String.join("; ", unsure)
                    + ". Please spell it as it appears in your data");
        }
        if (!absent.isEmpty()) {
            // Another version of a name is another name: answering for the one seen would be a swap.
            EntityMatcher.Absent first = absent.get(0);
            return unanswered("Ask found no "
                    + Words.noun(first.dimensions().iterator().next()) + " '"
                    + first.typed() + "' in this workspace's data of the last "
                    + Vocabulary.LOOKBACK.toDays() + " days. Did you mean '" + first.nearest()
                    + "'? Ask about it by that name, or without the name to see the ones there are");
        }
        terms = Terms.read(words, mentions, matcher);
        notes.addAll(terms.notes());
        if (terms.unknownName() != null) {
            return unanswered("Ask found no " + terms.unknownName() + " in this workspace's data of the last "
                    + Vocabulary.LOOKBACK.toDays()
                    + " days." + terms.didYouMean()
                    + " Check the spelling, or ask without the name to see the ones there are");
        }
        excluded.addAll(Negation.negated(words, mentions, Lexicon.NOUNS.keySet()));
        mentions.removeAll(excluded);
        if (terms.metrics().isEmpty()
                && terms.groupings().isEmpty()
                && mentions.isEmpty()
                && options.spendMetric() == null
                && options.grain() == null
                && !options.trend()
                && !comparing) {
            return unanswered("Ask did not recognise a measure (spend, tokens, calls, margin, waste, savings,"
                    + " budgets, alerts) or anything of your workspace in it");
        }
        Metric metric = metric();
        for (Mention m : mentions) {
            if (m.typo()) {
                notes.add("'" + m.typed() + "' read as '" + m.value() + "'");
            }
        }
        if (!excluded.isEmpty() && metric != Metric.SPEND && metric != Metric.TOKENS && metric != Metric.CALLS) {
            // Never answer the opposite: a left-out name must not become a filter of another tool.
            // Spend reports and their comparisons exclude; margins, waste, savings, budgets and alerts do not.
            return unanswered("Ask leaves names out of spend reports and their comparisons only (" + excludedWords()
                    + "); ask for spend, tokens or calls without them, or ask without the exclusion");
        }
        asked = metric;
        dimensions = new DimensionReading(terms, mentions, excluded, notes);
        return null;
    }

    // ---- words

    Metric metric() {
        if (terms.metrics().isEmpty()) {
            if (options.spendMetric() == null) {
                notes.add("No measure named: read as spend");
            }
            return Metric.SPEND;
        }
        Metric first = terms.metrics().iterator().next();
        // "what did failed calls cost", "cost of runaway runs": the cost of a kind of waste is
        // that waste, not spend grouped by something (a count or a rate keeps its own metric).
        if (options.wasteKind() != null
                && options.spendMetric() == null
                && terms.metrics().contains(Metric.SPEND)
                && (first == Metric.SPEND || first == Metric.CALLS || first == Metric.WASTE)) {
            return Metric.WASTE;
        }
        // "how many retries", "error count": a count of calls, not the waste they cost.
        if (first == Metric.WASTE
                && options.spendMetric() == SpendMetric.RETRIES
                && !terms.metrics().contains(Metric.SPEND)
                && !text.matches(".*\\bwast(?:e|ed|ing|eful)\\b.*")) {
            return Metric.SPEND;
        }
        if ((first == Metric.TOKENS || first == Metric.CALLS) && terms.metrics().contains(Metric.SPEND)) {
            return Metric.SPEND;
        }
        if (first == Metric.TOKENS && terms.metrics().contains(Metric.CALLS)) {
            return Metric.TOKENS;
        }
        return first;
    }

    // ---- what the call builders share

    /** What a spend report is ranked by: a phrase's metric, else the measure word's. */
    SpendMetric measure(Metric metric) {
        if (options.spendMetric() != null) {
            return options.spendMetric();
        }
        return switch (metric) {
            case TOKENS -> SpendMetric.TOKENS;
            case CALLS -> SpendMetric.CALLS;
            default -> SpendMetric.COST;
        };
    }

    void putFilters(Map<String, Object> arguments, Map<Dimension, String> filters) {
        filters.forEach((d, v) -> arguments.put(d.wireName(), v));
    }

    /**
     * {@code exclusions} as the call's {@code exclude} ({@code dimension:value} each), as
     * {@code spend_by} and {@code compare} take it; the reason when they cannot be (null: a name
     * not of {@code usage}; a name both filtered and left out), else null.
     */
    String putExclusions(
            Map<String, Object> arguments,
            Map<Dimension, List<String>> exclusions,
            UsageKind usage,
            Map<Dimension, String> filters) {
        if (exclusions == null) {
            return "a name it leaves out is not of " + usage.wireName() + " usage (" + excludedWords() + ")";
        }
        for (Map.Entry<Dimension, String> f : filters.entrySet()) {
            if (exclusions.getOrDefault(f.getKey(), List.of()).contains(f.getValue())) {
                return "it asks both for and without " + Words.named(f.getKey(), f.getValue());
            }
        }
        if (!exclusions.isEmpty()) {
            List<String> exclude = new ArrayList<>();
            exclusions.forEach((d, values) -> values.forEach(v -> exclude.add(d.wireName() + ":" + v)));
            arguments.put("exclude", exclude);
        }
        return null;
    }

    String excludedWords() {
        return "without " + excluded.stream().map(Mention::value).collect(Collectors.joining(", "));
    }

    String withoutWords(Map<Dimension, List<String>> exclusions) {
        if (exclusions.isEmpty()) {
            return "";
        }
        return " without "
                + exclusions.entrySet().stream()
                        .flatMap(e -> e.getValue().stream().map(v -> Words.named(e.getKey(), v)))
                        .collect(Collectors.joining(" or "));
    }

    String forWords(Map<Dimension, String> filters) {
        if (filters.isEmpty()) {
            return "";
        }
        return " for "
                + filters.entrySet().stream()
                        .map(e -> Words.named(e.getKey(), e.getValue()))
                        .collect(Collectors.joining(" and "));
    }

    TimeRange periodOrDays() {
        if (range != null) {
            return range;
        }
        notes.add("No period named: the last " + DEFAULT_DAYS + " days");
        LastDays days = LastDays.ending(today, DEFAULT_DAYS);
        return TimeRange.days(days.first(), days.last());
    }

    Interpretation answered(
            Metric metric,
            ToolCall call,
            TimeRange period,
            String reading,
            Focus focus,
            boolean highestFirst,
            int shown) {
        List<String> problems = call.problems();
        if (!problems.isEmpty()) {
            return unanswered("the tool " + call.name() + " cannot answer it: " + String.join("; ", problems));
        }
        String sentence = "Read as: " + Character.toUpperCase(reading.charAt(0)) + reading.substring(1) + ".";
        return new Interpretation(
                true, metric, call, period, sentence, notes, focus, highestFirst, Math.max(1, shown), null, null);
    }

    Interpretation unanswered(String reason) {
        return Interpretation.unanswered(reason, notes);
    }
}
