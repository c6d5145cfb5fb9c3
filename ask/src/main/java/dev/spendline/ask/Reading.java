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
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One question as read: the immutable facts the reading stages produce in question order
 * (normalise and correct typos, {@link QuestionText}; refuse what no tool answers, {@link
 * NotForAsk}; the period, {@link Periods}; the options named by phrase, {@link PhraseOptions}; how
 * many, {@link TopN}; the workspace's names, {@link EntityMatcher}; the words of measures and
 * groupings, {@link Terms}; exclusions, {@link Negation}; the measure asked for; what the names make
 * of it, {@link DimensionReading}). The call builders read it; only {@link #notes}, the answer's
 * notes in the order the choices are made, grows as they build the call.
 */
final class Reading {

    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern EDGE_PUNCTUATION = Pattern.compile("^[.\\-_]+|[.\\-_]+$");
    private static final Pattern WASTE_WORD = Pattern.compile("\\bwast(?:e|ed|ing|eful)\\b");

    final Instant now;
    final LocalDate today;
    final String question;
    /** Every choice the question did not spell out, in the order it is made (part of the answer). */
    final List<String> notes;

    final String text;
    final List<String> words;
    /** The names the question keeps: filters, labels, groupings. */
    final List<Mention> mentions;
    /** Names the question leaves out ("without onboarding"): never filters, only exclusions. */
    final List<Mention> excluded;

    final TimeRange range;
    /** The other period of a comparison that names two; null otherwise. */
    final TimeRange second;
    /** Whether the question asks for a comparison ("vs", "compared to", "month over month"). */
    final boolean comparing;

    final Integer limit;
    /** The options named by phrase. */
    final PhraseOptions options;

    final String budgetName;
    /** The measures, dimension words and usage words of the question. */
    final Terms terms;
    /** Usage, grouping, filters and exclusions from the names. */
    final DimensionReading dimensions;
    /** The measure asked for. */
    final Metric asked;

    /** The outcome of reading a question: the reading, or why it cannot be answered. */
    record Outcome(Reading reading, Interpretation refused) {

        private static Outcome refused(String reason, List<String> notes) {
            return new Outcome(null, Interpretation.unanswered(reason, notes));
        }
    }

    private Reading(
            Instant now,
            String question,
            List<String> notes,
            String text,
            List<String> words,
            List<Mention> mentions,
            List<Mention> excluded,
            Periods periods,
            TopN topN,
            PhraseOptions options,
            String budgetName,
            Terms terms,
            Metric asked) {
        this.now = now;
        this.today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        this.question = question;
        this.notes = notes;
        this.text = text;
        this.words = List.copyOf(words);
        this.mentions = List.copyOf(mentions);
        this.excluded = List.copyOf(excluded);
        this.range = periods.range();
        this.second = periods.second();
        this.comparing = periods.comparing();
        this.limit = topN.limit();
        this.options = options;
        this.budgetName = budgetName;
        this.terms = terms;
        this.asked = asked;
        this.dimensions = new DimensionReading(terms, this.mentions, this.excluded, notes);
    }

    /** Runs the reading stages over {@code question}, asked at {@code now}. */
    static Outcome read(EntityMatcher matcher, VocabularyCorrection correction, Instant now, String question) {
        question = question == null ? "" : question;
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        List<String> notes = new ArrayList<>();
        QuestionText read = QuestionText.read(question, correction);
        if (read == null) {
            return Outcome.refused("the question is empty", notes);
        }
        notes.addAll(read.notes());
        String withoutNames = matcher.withoutExactNames(read.text());
        String notForAsk = NotForAsk.reason(withoutNames, read.budgetWords());
        if (notForAsk != null) {
            return Outcome.refused(notForAsk, notes);
        }
        Periods periods = Periods.read(read.text(), withoutNames, today, now);
        if (periods.refusal() != null) {
            return Outcome.refused(periods.refusal(), notes);
        }
        PhraseOptions options = PhraseOptions.read(matcher.withoutExactNames(periods.rest()), periods.comparing());
        TopN topN = TopN.take(periods.rest());
        String text = topN.rest();
        List<String> words = Arrays.stream(SPACES.split(text.trim()))
                .map(w -> EDGE_PUNCTUATION.matcher(w).replaceAll(""))
                .filter(w -> !w.isEmpty())
                .toList();
        List<String> unsure = new ArrayList<>();
        List<EntityMatcher.Absent> absent = new ArrayList<>();
        List<Mention> found = matcher.find(words, RESERVED, unsure, absent);
        if (!unsure.isEmpty()) {
            return Outcome.refused(
                    "Ask is not sure which name you mean: " + String.join("; ", unsure)
                            + ". Please spell it as it appears in your data",
                    notes);
        }
        if (!absent.isEmpty()) {
            // Another version of a name is another name: answering for the one seen would be a swap.
            EntityMatcher.Absent first = absent.get(0);
            return Outcome.refused(
                    "Ask found no "
                            + Words.noun(first.dimensions().iterator().next()) + " '"
                            + first.typed() + "' in this workspace's data of the last "
                            + Vocabulary.LOOKBACK.toDays() + " days. Did you mean '" + first.nearest()
                            + "'? Ask about it by that name, or without the name to see the ones there are",
                    notes);
        }
        Terms terms = Terms.read(words, found, matcher);
        notes.addAll(terms.notes());
        if (terms.unknownName() != null) {
            return Outcome.refused(
                    "Ask found no " + terms.unknownName() + " in this workspace's data of the last "
                            + Vocabulary.LOOKBACK.toDays()
                            + " days." + terms.didYouMean()
                            + " Check the spelling, or ask without the name to see the ones there are",
                    notes);
        }
        List<Mention> excluded = Negation.negated(words, found, Lexicon.NOUNS.keySet());
        List<Mention> mentions = new ArrayList<>(found);
        mentions.removeAll(excluded);
        if (terms.metrics().isEmpty()
                && terms.groupings().isEmpty()
                && mentions.isEmpty()
                && options.spendMetric() == null
                && options.grain() == null
                && !options.trend()
                && !periods.comparing()) {
            return Outcome.refused(
                    "Ask did not recognise a measure (spend, tokens, calls, margin, waste, savings,"
                            + " budgets, alerts) or anything of your workspace in it",
                    notes);
        }
        Metric metric = metric(terms, options, text, notes);
        for (Mention m : mentions) {
            if (m.typo()) {
                notes.add("'" + m.typed() + "' read as '" + m.value() + "'");
            }
        }
        if (!excluded.isEmpty() && metric != Metric.SPEND && metric != Metric.TOKENS && metric != Metric.CALLS) {
            // Never answer the opposite: a left-out name must not become a filter of another tool.
            // Spend reports and their comparisons exclude; margins, waste, savings, budgets and alerts do not.
            return Outcome.refused(
                    "Ask leaves names out of spend reports and their comparisons only (" + excludedWords(excluded)
                            + "); ask for spend, tokens or calls without them, or ask without the exclusion",
                    notes);
        }
        return new Outcome(
                new Reading(
                        now,
                        question,
                        notes,
                        text,
                        words,
                        mentions,
                        excluded,
                        periods,
                        topN,
                        options,
                        read.budgetName(),
                        terms,
                        metric),
                null);
    }

    // ---- words

    /** The measure asked for: the first measure word, as the phrases around it qualify it. */
    private static Metric metric(Terms terms, PhraseOptions options, String text, List<String> notes) {
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
                && !WASTE_WORD.matcher(text).find()) {
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
        return excludedWords(excluded);
    }

    private static String excludedWords(List<Mention> excluded) {
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
