package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_LIMIT;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.ask.DimensionReading.Subject;
import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code spend_by} call: spend, tokens, calls or another spend metric of a period, grouped by a
 * dimension or a period (or both), with filters, exclusions, order and how many rows.
 */
final class SpendCall implements CallBuilder {

    @Override
    public Interpretation build(Reading r, Metric metric) {
        Subject subject = r.dimensions.subject();
        if (subject.refused() != null) {
            return r.unanswered(subject.refused());
        }
        UsageKind usage = subject.usage();
        Dimension by = subject.by();
        Map<Dimension, String> filters = subject.filters();
        TimeGrain period = r.options.grain();
        TimeRange range = r.periodOrDays();
        if (period == null && r.options.trend()) {
            long days = range.lastDay().toEpochDay() - range.firstDay().toEpochDay() + 1;
            period = days <= 31 ? TimeGrain.DAY : days <= 92 ? TimeGrain.WEEK : TimeGrain.MONTH;
            r.notes.add("A trend over " + Words.period(range) + " is shown " + grainWord(r, period));
        }
        if (period == TimeGrain.HOUR && range.from().isBefore(r.now.minus(TimeGrain.HOURS_KEPT))) {
            period = TimeGrain.DAY;
            r.notes.add("Hours are kept for the last " + TimeGrain.HOURS_KEPT.toDays() + " days: " + Words.period(range)
                    + " is shown day by day");
        }
        if (period != null && by != null) {
            r.notes.add("One grouping at a time: read as " + grainWord(r, period) + ", not by " + Words.noun(by));
            by = null;
        }
        if (period == null && by == null) {
            if (filters.isEmpty()) {
                by = usage == UsageKind.PRODUCT ? Dimension.FEATURE : Dimension.INTERNAL_TOOL;
                r.notes.add("No grouping named: by " + Words.noun(by));
            } else {
                // The first named value that is not the customer, else the customer: its row answers.
                List<Dimension> named = namedInOrder(r, usage);
                by = named.stream()
                        .filter(d -> d != Dimension.TENANT)
                        .findFirst()
                        .orElse(named.get(0));
            }
        }
        SpendMetric measure = r.measure(metric);
        int n = r.limit == null ? DEFAULT_LIMIT : Math.min(r.limit, SpendQuery.MAX_LIMIT);
        SpendOrder order = period != null
                ? (r.options.newestFirst() ? SpendOrder.DESC : null)
                : (r.options.ascending() ? SpendOrder.ASC : null);
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("by", period != null ? period.wireName() : by.wireName());
        arguments.put("usage", usage.wireName());
        arguments.put("from", range.fromArgument());
        arguments.put("to", range.toArgument());
        if (period == null) {
            arguments.put("limit", n);
        }
        if (measure != SpendMetric.COST) {
            arguments.put("metric", measure.wireName());
        }
        if (order != null) {
            arguments.put("order", order.wireName());
        }
        r.putFilters(arguments, filters);
        Map<Dimension, List<String>> exclusions = r.dimensions.exclusions(usage, by);
        String refused = r.putExclusions(arguments, exclusions, usage, filters);
        if (refused != null) {
            return r.unanswered(refused);
        }
        String grouping = period != null ? grainWord(r, period) : "by " + Words.noun(by);
        String reading = Words.measure(measure, metric.words) + " " + grouping + r.forWords(filters)
                + r.withoutWords(exclusions) + ", "
                + usage.wireName() + " usage, " + Words.period(range)
                + (period != null
                        ? (order == SpendOrder.DESC ? ", newest first" : "")
                        : ", " + (order == SpendOrder.ASC ? "bottom " : "top ") + n);
        return r.answered(metric, new ToolCall(ReadTool.SPEND_BY, arguments), range, reading, null, false, n);
    }

    /** "daily", "weekly", "monthly". */
    private static String grainWord(Reading r, TimeGrain period) {
        return switch (period) {
            case HOUR -> "hour by hour";
            case DAY -> "day by day";
            case WEEK -> "week by week";
            case MONTH -> "month by month";
        };
    }

    /** The dimensions of the named values, in the order the question names them. */
    private static List<Dimension> namedInOrder(Reading r, UsageKind usage) {
        List<Dimension> named = new ArrayList<>();
        r.mentions.stream()
                .sorted(java.util.Comparator.comparingInt(Mention::start))
                .map(m -> r.dimensions.dimensionOf(m, usage, null))
                .filter(d -> d != null && !named.contains(d))
                .forEach(named::add);
        return named;
    }
}
