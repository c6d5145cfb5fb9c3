package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a question asked after an answer ("and last month?", "only for globex", "by model
 * instead", "exclude that one") as a change to that answer's call ({@link AskContext}).
 *
 * <p>How, without word lists of its own: the question is read by the interpreter twice, once as
 * the previous call's measure alone ("spend", "margin by customer", "alerts") and once as that
 * measure followed by the question ("spend only for globex"). What differs between the two
 * readings is what the question said; only that is changed in the previous call. A period, a
 * grouping, a filter, an exclusion, a measure or a tool option (waste kind, alert severity...) is
 * changed; everything else is kept. "That one" is replaced by the referent before reading. A
 * question that names its own measure and starts like a question of its own ("spend by feature
 * last month") is not a follow-up: {@link #read} returns null and it is answered as asked.
 * Deterministic: the same context, question and moment always give the same call.
 */
final class FollowUps {

    /** Beginnings that only make sense after an answer. */
    private static final Pattern CUE = Pattern.compile("^(?:and|what about|how about|what if|only|just|now|also|then"
            + "|but|same|instead|ok|okay|so|plus|vs|versus|compared|by|per|in|for|exclude|excluding|without|except"
            + "|leave out|leaving out|drop|remove)\\b|\\binstead\\b|\\b(?:that|this) one\\b|\\bthe same\\b");

    /** "that one" after a word that filters or leaves out: replaced by the referent, with its dimension word. */
    private static final Pattern THAT_ONE = Pattern.compile("\\b(exclude|excluding|without|except|drop|remove"
            + "|leave out|leaving out|but not|minus|ignore|ignoring|only|just|for|on)"
            + " (?:that one|this one|that|it|them|the top one|the first one|the top)\\b");

    /** "all customers", "every feature" (not "by all customers"): the dimension word is group 1. */
    private static final Pattern ALL =
            Pattern.compile("(?<!\\bby |\\bper )\\b(?:for )?(?:all|every) (?:the )?([a-z]+)\\b");

    private static final Set<String> PERIOD = Set.of("from", "to", "baseFrom", "baseTo");
    private static final Set<String> GRAINS = Set.of("hour", "day", "week", "month");

    private final QuestionInterpreter interpreter;

    FollowUps(QuestionInterpreter interpreter) {
        this.interpreter = interpreter;
    }

    /** Whether {@code question} reads as a change to the previous answer rather than a question of its own. */
    static boolean isFollowUp(String question) {
        String text = QuestionWords.normalise(question);
        return CUE.matcher(text).find() || !namesMeasure(text);
    }

    /**
     * The reading of {@code question} as a change to the {@code previous} call; null when it is a
     * question of its own.
     */
    Interpretation read(AskContext previous, String question, Instant now) {
        if (!isFollowUp(question)) {
            return null;
        }
        String text = QuestionWords.normalise(question);
        List<String> notes = new ArrayList<>();
        Matcher that = THAT_ONE.matcher(text);
        if (that.find()) {
            if (previous.that() == null) {
                return Interpretation.unanswered(
                        "'" + that.group().substring(that.group(1).length() + 1) + "' names nothing in the previous"
                                + " answer; name the value instead",
                        notes);
            }
            Dimension dimension =
                    dimension(previous.arguments(), previous.that().dimension());
            notes.add("'" + that.group().substring(that.group(1).length() + 1) + "' read as "
                    + Words.named(dimension, previous.that().value()));
            text = that.replaceAll(Matcher.quoteReplacement(that.group(1)) + " "
                    + previous.that().dimension() + " "
                    + Matcher.quoteReplacement(previous.that().value()));
        }
        // "The same" only says to keep the rest; read alone, "same" would be a typo of "save".
        text = text.replaceAll("\\b(?:the )?same\\b", " ")
                .replaceAll("\\s+", " ")
                .strip();
        String usage = "internal".equals(previous.arguments().get("usage")) ? "internal " : "";
        // "all customers", "every feature": the filter on that dimension is dropped.
        List<String> widened = new ArrayList<>();
        Matcher all = ALL.matcher(text);
        UsageKind kind = "internal".equals(previous.arguments().get("usage")) ? UsageKind.INTERNAL : UsageKind.PRODUCT;
        while (all.find()) {
            Dimension d = Lexicon.NOUNS.containsKey(all.group(1))
                    ? Lexicon.NOUNS.get(all.group(1)).in(kind)
                    : null;
            if (d != null && previous.arguments().containsKey(d.wireName())) {
                widened.add(d.wireName());
            }
        }
        if (!widened.isEmpty()) {
            text = all.replaceAll(" ").replaceAll("\\s+", " ").strip();
        }
        boolean groupingNamed = grouping(text);
        String measure = measureWords(previous, groupingNamed);
        Interpretation base = interpreter.interpret(usage + measure);
        Interpretation asked = interpreter.interpret(usage + (namesMeasure(text) ? "" : measure + " ") + text);
        if (!asked.answered()) {
            return asked.write() != null ? asked : Interpretation.unanswered(asked.reason(), asked.notes());
        }
        if (!base.answered()) {
            return Interpretation.unanswered(
                    "the previous answer cannot be changed by a follow-up; ask in full", notes);
        }
        TimeRange named = TimePhrases.find(text, LocalDate.ofInstant(now, ZoneOffset.UTC), now)
                .range();
        Map<String, Object> arguments = asked.call().tool() == previous.tool()
                ? change(
                        previous.arguments(),
                        base.call().arguments(),
                        asked.call().arguments(),
                        named != null,
                        groupingNamed,
                        text.matches(".*\\binstead\\b.*"))
                : switchTool(previous, asked.call(), named, LocalDate.ofInstant(now, ZoneOffset.UTC));
        widened.forEach(arguments::remove);
        ToolCall call = new ToolCall(asked.call().tool(), arguments);
        List<String> problems = call.problems();
        if (!problems.isEmpty()) {
            return Interpretation.unanswered(
                    "the previous answer changed as asked is not a call " + call.name() + " can answer: "
                            + String.join("; ", problems),
                    notes);
        }
        for (String note : asked.notes()) {
            if (!base.notes().contains(note) && !note.startsWith("No ")) {
                notes.add(note);
            }
        }
        if (call.equals(previous.call())) {
            // Nothing read as a change ("only for zzz"): answering the same figures would hide that.
            return Interpretation.unanswered(
                    "Ask found nothing to change in the previous answer in '" + question.strip() + "'; name a period,"
                            + " a value, a grouping or a measure, or ask the whole question",
                    notes);
        }
        TimeRange range = range(arguments);
        String changes = FollowUpWords.changes(previous.call(), call);
        String reading = "Read as: a follow-up of the previous answer"
                + (changes.isEmpty() ? ", unchanged" : ": " + changes) + ".";
        Object limit = arguments.get("limit");
        return new Interpretation(
                true,
                asked.metric(),
                call,
                range == null ? asked.range() : range,
                reading,
                notes,
                null,
                asked.highestFirst(),
                limit instanceof Number n ? n.intValue() : asked.shown(),
                null,
                null);
    }

    /**
     * The previous arguments with what the question changed: what its reading has that the
     * measure's alone does not (a filter, an exclusion, a kind), the period when it named one, the
     * grouping when it named one.
     */
    private static Map<String, Object> change(
            Map<String, Object> previous,
            Map<String, Object> base,
            Map<String, Object> asked,
            boolean periodNamed,
            boolean groupingNamed,
            boolean instead) {
        Map<String, Object> changed = new LinkedHashMap<>(previous);
        String usage = (String) previous.getOrDefault("usage", "product");
        for (Map.Entry<String, Object> e : asked.entrySet()) {
            String key = e.getKey();
            Object value = e.getValue();
            if (PERIOD.contains(key)) {
                if (periodNamed) {
                    changed.put(key, value);
                }
            } else if (key.equals("by") || key.equals("per") || key.equals("usage")) {
                // Handled below, together.
            } else if (key.equals("exclude")) {
                Set<String> union = new LinkedHashSet<>(strings(previous.get("exclude")));
                for (String excluded : strings(value)) {
                    union.add(excluded);
                    // A value left out is no longer the one asked for.
                    String[] parts = excluded.split(":", 2);
                    if (parts.length == 2 && parts[1].equals(changed.get(parts[0]))) {
                        changed.remove(parts[0]);
                    }
                }
                changed.put("exclude", List.copyOf(union));
            } else if (!Objects.equals(value, base.get(key))) {
                changed.put(key, value);
                if (Referents.DIMENSIONS.contains(key)) {
                    // A value asked for is no longer left out.
                    withoutExclusion(changed, key + ":" + value);
                }
            }
        }
        // What the measure's reading has and the question's does not: a measure said back to cost.
        if (base.containsKey("metric") && !asked.containsKey("metric")) {
            changed.remove("metric");
        }
        // Only a grouping the question names: the interpreter also groups by a named value's dimension
        // when none is said ("spend only for globex" is by customer), which a follow-up must not take.
        if (groupingNamed) {
            regroup(changed, previous, asked, usage, instead);
        }
        if (changed.containsKey("per")) {
            changed.remove("limit");
        }
        return changed;
    }

    /** A new grouping: a period after a dimension is a second grouping ("per day"); otherwise it replaces. */
    private static void regroup(
            Map<String, Object> changed,
            Map<String, Object> previous,
            Map<String, Object> asked,
            String usage,
            boolean instead) {
        Object by = asked.get("by");
        Object previousBy = previous.get("by");
        if (by == null) {
            return;
        }
        // "by week instead" replaces the grouping; "per week" after "by feature" adds a second one.
        boolean periodAfterDimension = !instead
                && GRAINS.contains(by)
                && previousBy != null
                && !GRAINS.contains(previousBy)
                && asked.get("per") == null
                && previous.containsKey("per") == false
                && previous.containsKey("limit");
        if (periodAfterDimension && !"hour".equals(by)) {
            changed.put("per", by);
            changed.remove("limit");
            return;
        }
        changed.put("by", by);
        if (asked.containsKey("per")) {
            changed.put("per", asked.get("per"));
        }
        if (asked.containsKey("usage") && !asked.get("usage").equals(usage)) {
            changed.put("usage", asked.get("usage"));
        }
        if (GRAINS.contains(by)) {
            if (!previous.containsKey("per")) {
                changed.remove("limit");
            } else {
                changed.remove("per");
            }
        } else if (!GRAINS.contains(previousBy) || previous.containsKey("per")) {
            if (!changed.containsKey("per") && previous.containsKey("limit")) {
                changed.put("limit", previous.get("limit"));
            }
        } else {
            // "spend per day", then "by customer": a dimension again, so a limit again.
            changed.put("limit", asked.getOrDefault("limit", QuestionInterpreter.DEFAULT_LIMIT));
        }
    }

    /**
     * The question asks for another tool ("compared to last week?", "what about waste"): its
     * reading, with the previous period and filters where the question named none and the tool
     * takes them. A comparison keeps the previous period as the current one.
     */
    private static Map<String, Object> switchTool(
            AskContext previous, ToolCall asked, TimeRange named, LocalDate today) {
        Map<String, Object> arguments = new LinkedHashMap<>(asked.arguments());
        Set<String> parameters = asked.tool().parameters();
        Map<String, Object> before = previous.arguments();
        if (asked.tool() == ReadTool.COMPARE && before.containsKey("from") && isDate(before.get("from"))) {
            LocalDate from = LocalDate.parse((String) before.get("from"));
            LocalDate to = LocalDate.parse((String) before.get("to"));
            LocalDate baseFrom;
            LocalDate baseTo;
            if (named != null && named.wholeDays()) {
                baseFrom = named.firstDay();
                baseTo = named.lastDay();
            } else {
                long days = ChronoUnit.DAYS.between(from, to) + 1;
                baseTo = from.minusDays(1);
                baseFrom = baseTo.minusDays(days - 1);
            }
            TimeRange current = TimeRange.days(from, to);
            TimeRange base = TimeRange.days(baseFrom, baseTo);
            // Like for like, as a comparison asked at once: the same dates of both periods.
            List<TimeRange> sameDates = TimeRange.likeForLike(current, base, today);
            if (sameDates != null) {
                current = sameDates.get(0);
                base = sameDates.get(1);
            }
            arguments.put("from", current.fromArgument());
            arguments.put("to", current.toArgument());
            arguments.put("baseFrom", base.fromArgument());
            arguments.put("baseTo", base.toArgument());
            for (String key : List.of("by", "usage", "metric")) {
                if (before.containsKey(key)) {
                    arguments.put(key, before.get(key));
                }
            }
        } else if (named == null
                && before.containsKey("from")
                && asked.arguments().containsKey("from")
                && sameShape(before.get("from"), asked.arguments().get("from"))) {
            arguments.put("from", before.get("from"));
            arguments.put("to", before.get("to"));
        }
        for (Map.Entry<String, Object> e : before.entrySet()) {
            String key = e.getKey();
            if ((Referents.DIMENSIONS.contains(key) || key.equals("exclude"))
                    // Spend reports take every dimension and exclusions (their parameters are not listed).
                    && (parameters == null || parameters.contains(key))
                    && !arguments.containsKey(key)) {
                arguments.put(key, e.getValue());
            }
        }
        return arguments;
    }

    /** Whether the question names a grouping: a dimension word after "by", "per", "about"... or first. */
    private static boolean grouping(String text) {
        String[] words = text.split(" ");
        for (int i = 0; i < words.length; i++) {
            if (Lexicon.NOUNS.containsKey(words[i])
                    && (i == 0
                            || QuestionWords.GROUPING.contains(words[i - 1])
                            || words[i - 1].equals("about")
                            || (i + 1 < words.length && words[i + 1].equals("instead")))) {
                return true;
            }
        }
        return AskPhrases.grain(text) != null;
    }

    /** Whether the question names a measure of its own: a measure word or a metric phrase. */
    private static boolean namesMeasure(String text) {
        if (AskPhrases.metric(text) != null) {
            return true;
        }
        Set<String> words = new java.util.HashSet<>(Arrays.asList(text.split(" ")));
        return Arrays.stream(Metric.values()).anyMatch(m -> m.keywords.stream().anyMatch(words::contains));
    }

    /** The previous call's measure in words the interpreter reads as that same tool and measure. */
    static String measureWords(AskContext previous, boolean groupingNamed) {
        Object metric = previous.arguments().get("metric");
        String spend = metric == null
                ? "spend"
                : switch ((String) metric) {
                    case "cost" -> "spend";
                    case "errors" -> "number of errors";
                    case "retries" -> "number of retries";
                    case "cost_per_1k_tokens" -> "cost per 1k tokens";
                    default -> ((String) metric).replace('_', ' ');
                };
        return switch (previous.tool()) {
            case SPEND_BY -> spend;
            case COMPARE -> "compare " + spend;
                // A grouping named ("by feature instead") chooses between the two margin tools itself.
            case MARGIN_BY_CUSTOMER -> groupingNamed ? "margin" : "margin by customer";
            case MARGIN_BY_FEATURE -> groupingNamed ? "margin" : "margin by feature";
            case TOP_WASTE -> "waste";
            case SAVINGS_RECOMMENDATIONS -> "savings";
            case BUDGET_STATUS -> "budgets";
            case ACTIVE_ALERTS -> "alerts";
        };
    }

    /** The period of the arguments: dates, months or instants; null when there is none. */
    static TimeRange range(Map<String, Object> arguments) {
        if (!(arguments.get("from") instanceof String from) || !(arguments.get("to") instanceof String to)) {
            return null;
        }
        if (isDate(from) && isDate(to)) {
            return TimeRange.days(LocalDate.parse(from), LocalDate.parse(to));
        }
        if (from.matches("\\d{4}-\\d{2}") && to.matches("\\d{4}-\\d{2}")) {
            return TimeRange.months(java.time.YearMonth.parse(from), java.time.YearMonth.parse(to));
        }
        try {
            return new TimeRange(Instant.parse(from), Instant.parse(to), false);
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    static Dimension dimension(Map<String, Object> arguments, String wireName) {
        UsageKind kind = "internal".equals(arguments.get("usage")) ? UsageKind.INTERNAL : UsageKind.PRODUCT;
        Dimension d = Dimension.of(kind, wireName);
        return d != null
                ? d
                : Dimension.of(kind == UsageKind.PRODUCT ? UsageKind.INTERNAL : UsageKind.PRODUCT, wireName);
    }

    private static boolean isDate(Object value) {
        return value instanceof String s && s.matches("\\d{4}-\\d{2}-\\d{2}");
    }

    private static boolean sameShape(Object a, Object b) {
        return a instanceof String x && b instanceof String y && x.length() == y.length();
    }

    private static List<String> strings(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        return value == null ? List.of() : List.of(String.valueOf(value));
    }

    private static void withoutExclusion(Map<String, Object> arguments, String excluded) {
        List<String> kept = new ArrayList<>(strings(arguments.get("exclude")));
        if (kept.remove(excluded)) {
            if (kept.isEmpty()) {
                arguments.remove("exclude");
            } else {
                arguments.put("exclude", List.copyOf(kept));
            }
        }
    }
}
