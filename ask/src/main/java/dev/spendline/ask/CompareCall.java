package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_DAYS;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.ask.DimensionReading.Subject;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code compare} call: a period against another (named, or by default the span right before),
 * like for like when the current period is still running, optionally by a dimension.
 */
final class CompareCall implements CallBuilder {

    /**
     * The same report over two periods: the named ones ("A vs B", "A compared to B": B is the
     * base), or the one named against the one before it — the previous whole month, week or
     * quarter for a calendar one, else the same number of days. A period to date is compared
     * like for like: with the same dates of the other, today included (the first as many days of
     * it), and the answer says that today is not over yet.
     */
    @Override
    public Interpretation build(Reading r, Metric metric) {
        boolean margins = metric == Metric.MARGIN;
        Subject subject = r.dimensions.subject();
        if (margins && subject.usage() == UsageKind.INTERNAL) {
            return r.unanswered("margin is revenue minus AI cost of product usage; internal usage has no revenue");
        }
        if (subject.refused() != null) {
            return r.unanswered(subject.refused());
        }
        UsageKind usage = subject.usage();
        Dimension by = subject.by();
        Map<Dimension, String> filters = subject.filters();
        TimeRange current;
        TimeRange base;
        if (r.range == null && r.options.overPeriod() != null) {
            current = thisPeriod(r, r.options.overPeriod());
            base = r.options.overPeriod().equals("year") ? yearBefore(current) : before(r, current);
        } else if (r.range == null && !margins) {
            // No period: the last whole days against as many right before, like the compare
            // tool's own default; today so far would be a part set against whole days.
            r.notes.add("No period named: the last " + DEFAULT_DAYS + " whole days, to the start of today");
            LastDays whole = LastDays.ending(r.today.minusDays(1), DEFAULT_DAYS);
            LastDays before = LastDays.ending(whole.first().minusDays(1), DEFAULT_DAYS);
            current = TimeRange.days(whole.first(), whole.last());
            base = TimeRange.days(before.first(), before.last());
        } else if (r.range == null) {
            current = r.periodOrDays();
            base = before(r, current);
        } else if (r.second == null || r.second.equals(r.range)) {
            current = r.range;
            base = before(r, current);
        } else {
            // "A vs B", "A compared to B": B is the reference, whichever period is later.
            current = r.range;
            base = r.second;
        }
        String periods;
        List<TimeRange> sameDates = margins ? null : TimeRange.likeForLike(current, base, r.today);
        if (sameDates != null) {
            // A period to date against the same dates of the other, today included: this week so
            // far against the whole of last week would read as a fall that is not one.
            TimeRange partial = current.toDate(r.today) ? current : base;
            long days = r.today.toEpochDay() - partial.firstDay().toEpochDay() + 1;
            TimeRange[] named = {current, base};
            current = sameDates.get(0);
            base = sameDates.get(1);
            periods =
                    likeForLike(r, named[0], current, days) + " compared with " + likeForLike(r, named[1], base, days);
        } else {
            periods = margins
                    ? Words.months(current.firstMonth(), current.lastMonth()) + " compared with "
                            + Words.months(base.firstMonth(), base.lastMonth())
                    : Words.period(current) + " compared with " + Words.period(base);
        }
        String report;
        if (margins) {
            for (Dimension d : filters.keySet()) {
                if (d != Dimension.TENANT && d != Dimension.FEATURE) {
                    return r.unanswered(
                            "margin is by customer or by feature; " + Words.named(d, filters.get(d)) + " is neither");
                }
            }
            if (by != null && by != Dimension.TENANT && by != Dimension.FEATURE) {
                return r.unanswered("margin is by customer or by feature, not by " + Words.noun(by));
            }
            boolean features = by == Dimension.FEATURE || (by == null && filters.containsKey(Dimension.FEATURE));
            report = features ? "margin_by_feature" : "margin_by_customer";
        } else {
            report = "spend";
        }
        int n = r.limit == null ? CompareQuery.DEFAULT_LIMIT : Math.min(r.limit, CompareQuery.MAX_LIMIT);
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("report", report);
        SpendMetric measure = r.measure(metric);
        if (margins) {
            arguments.put("from", current.firstMonth().toString());
            arguments.put("to", current.lastMonth().toString());
            arguments.put("baseFrom", base.firstMonth().toString());
            arguments.put("baseTo", base.lastMonth().toString());
            arguments.put("limit", n);
        } else {
            if (by != null) {
                arguments.put("by", by.wireName());
            }
            arguments.put("usage", usage.wireName());
            arguments.put("from", current.fromArgument());
            arguments.put("to", current.toArgument());
            arguments.put("baseFrom", base.fromArgument());
            arguments.put("baseTo", base.toArgument());
            arguments.put("limit", n);
            if (measure != SpendMetric.COST) {
                arguments.put("metric", measure.wireName());
            }
        }
        r.putFilters(arguments, filters);
        // Reading.read() refuses a margin with a left-out name first; were one to get here, the
        // compare reader would refuse its exclude rather than drop it.
        Map<Dimension, List<String>> exclusions = r.dimensions.exclusions(usage, by);
        String refused = r.putExclusions(arguments, exclusions, usage, filters);
        if (refused != null) {
            return r.unanswered(refused);
        }
        String what = margins
                ? "margin by " + (report.equals("margin_by_feature") ? "feature" : "customer")
                : Words.measure(measure, metric.words) + (by != null ? " by " + Words.noun(by) : "");
        String reading =
                what + r.forWords(filters) + r.withoutWords(exclusions) + ", " + periods + ", largest changes first";
        return r.answered(metric, new ToolCall(ReadTool.COMPARE, arguments), current, reading, null, false, n);
    }

    /** "month over month" with no period named: this month (week, …) so far. */
    private static TimeRange thisPeriod(Reading r, String unit) {
        return switch (unit) {
            case "day" -> TimeRange.days(r.today, r.today);
            case "week" -> TimeRange.days(
                    r.today.with(java.time.temporal.TemporalAdjusters.previousOrSame(java.time.DayOfWeek.MONDAY)),
                    r.today);
            case "quarter" -> TimeRange.days(TimePhrases.quarterStart(r.today), r.today);
            case "year" -> TimeRange.days(r.today.withDayOfYear(1), r.today);
            default -> TimeRange.days(r.today.withDayOfMonth(1), r.today);
        };
    }

    /**
     * "16–19 Nov 2026 (to date; today is not over yet)", "the same 4 days of 9–15 Nov 2026 (9–12
     * Nov 2026)"; or the period as named when it is read whole.
     */
    private static String likeForLike(Reading r, TimeRange named, TimeRange read, long days) {
        if (named.toDate(r.today)) {
            return Words.period(read) + " (to date; today is not over yet)";
        }
        if (read.equals(named)) {
            return Words.period(named);
        }
        return "the same " + Words.days(days) + " of " + Words.period(named) + " (" + Words.period(read) + ")";
    }

    /** The whole year before a year to date. */
    private static TimeRange yearBefore(TimeRange current) {
        LocalDate start = current.firstDay().minusYears(1);
        return TimeRange.days(start, start.plusYears(1).minusDays(1));
    }

    /** The period a comparison sets {@code current} against. */
    private static TimeRange before(Reading r, TimeRange current) {
        LocalDate first = current.firstDay();
        LocalDate last = current.lastDay();
        if (!current.wholeDays()) {
            java.time.Duration length = java.time.Duration.between(current.from(), current.to());
            return new TimeRange(current.from().minus(length), current.from(), false);
        }
        boolean toDate = last.equals(r.today);
        if (first.getDayOfMonth() == 1
                && (current.wholeMonths() || (toDate && YearMonth.from(first).equals(YearMonth.from(last))))) {
            YearMonth m = YearMonth.from(first);
            long months = current.wholeMonths()
                    ? java.time.temporal.ChronoUnit.MONTHS.between(m, YearMonth.from(last)) + 1
                    : 1;
            return TimeRange.months(m.minusMonths(months), m.minusMonths(1));
        }
        if (toDate && first.equals(TimePhrases.quarterStart(r.today)) && first.getDayOfMonth() == 1) {
            LocalDate start = first.minusMonths(3);
            return TimeRange.days(start, first.minusDays(1));
        }
        if (toDate && first.getDayOfYear() == 1 && !last.isBefore(first.plusMonths(3))) {
            // The year to date (past its first quarter, which reads as that quarter): last year.
            return yearBefore(current);
        }
        if (first.getDayOfWeek() == java.time.DayOfWeek.MONDAY
                && toDate
                && last.toEpochDay() - first.toEpochDay() < 7) {
            return TimeRange.days(first.minusWeeks(1), first.minusDays(1));
        }
        long days = last.toEpochDay() - first.toEpochDay() + 1;
        return TimeRange.days(first.minusDays(days), first.minusDays(1));
    }
}
