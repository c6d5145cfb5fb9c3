package dev.spendline.ask;

import dev.spendline.contracts.query.LastDays;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the one period a question names, in UTC (workspaces have no time zone setting yet, so a
 * "day" is a UTC day). Weeks are ISO weeks starting on Monday; "last N days" are the N days
 * ending today, today included; a month without a year is the latest one that is not in the
 * future. Periods are cut at the end of today. The phrases are listed in docs/ask.md.
 */
final class TimePhrases {

    /**
     * What was found: the period (null when none), a second period when the question names two
     * (null otherwise; only comparisons may), the question without the phrases, or a problem. Two
     * periods are in the order the question names them.
     */
    record Found(TimeRange range, TimeRange second, String rest, String problem) {

        Found(TimeRange range, String rest, String problem) {
            this(range, null, rest, problem);
        }
    }

    private static final String MONTH =
            "(?:january|february|march|april|may|june|july|august|september|october|november|december"
                    + "|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)";
    private static final String ORDINAL = "(?:st|nd|rd|th)?";
    /** A day or a month (a date inside a name such as gpt-4.1-2025-04-14 is not one): 2026-11-03, 2026-11, 3 nov, 3rd of november 2026, nov 3, november 2026, november. */
    private static final String POINT =
            "(?:(?<![\\w.-])\\d{4}-\\d{2}-\\d{2}(?![\\w-])|(?<![\\w.-])\\d{4}-\\d{2}(?![-\\w])|\\d{1,2}" + ORDINAL
                    + " (?:of )?" + MONTH + "(?: 20\\d{2})?|" + MONTH + " \\d{1,2}" + ORDINAL + "\\b(?: 20\\d{2})?|"
                    + MONTH + "(?: 20\\d{2})?)";

    private static final String NUMBER =
            "(\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
                    + "|fifteen|twenty|thirty|sixty|ninety)";
    private static final String WEEKDAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";

    /** Numbers written as words, in periods ("last fourteen days") and in top-N ("top ten"). */
    private static final Map<String, Integer> NUMBERS = Map.ofEntries(
            Map.entry("one", 1),
            Map.entry("two", 2),
            Map.entry("three", 3),
            Map.entry("four", 4),
            Map.entry("five", 5),
            Map.entry("six", 6),
            Map.entry("seven", 7),
            Map.entry("eight", 8),
            Map.entry("nine", 9),
            Map.entry("ten", 10),
            Map.entry("eleven", 11),
            Map.entry("twelve", 12),
            Map.entry("thirteen", 13),
            Map.entry("fourteen", 14),
            Map.entry("fifteen", 15),
            Map.entry("twenty", 20),
            Map.entry("thirty", 30),
            Map.entry("sixty", 60),
            Map.entry("fifty", 50),
            Map.entry("ninety", 90),
            Map.entry("hundred", 100));

    /** One kind of phrase: a pattern and what it means on a given day. */
    private record Rule(Pattern pattern, BiFunction<Matcher, Context, Object> meaning) {}

    private record Context(LocalDate today, Instant now) {}

    private static final String FUTURE = "it names a period in the future; Ask reads what has happened";

    private static final List<Rule> RULES = List.of(
            rule(
                    "\\b(?:between|from) (" + POINT + ") (?:and|to|until|till|through|thru|-) (" + POINT + ")\\b",
                    (m, c) -> between(m.group(1), m.group(2), c.today())),
            rule("\\bsince " + WEEKDAY + "\\b", (m, c) -> {
                DayOfWeek day = DayOfWeek.valueOf(m.group(1).toUpperCase(Locale.ROOT));
                return TimeRange.days(c.today().with(TemporalAdjusters.previousOrSame(day)), c.today());
            }),
            rule("\\bsince yesterday\\b", (m, c) -> TimeRange.days(c.today().minusDays(1), c.today())),
            // "since the first", "since the 1st of the month": this month to date.
            rule(
                    "\\bsince the (?:first|1st)(?: of (?:the|this) month)?\\b(?! of\\b)",
                    (m, c) -> TimeRange.days(c.today().withDayOfMonth(1), c.today())),
            rule("\\bsince (" + POINT + ")\\b", (m, c) -> {
                LocalDate[] point = point(m.group(1), c.today());
                return point == null ? null : TimeRange.days(point[0], c.today());
            }),
            rule(
                    "\\b(?:in |over |during |for )?(?:the )?(?:last|past|previous|trailing) " + NUMBER
                            + " (hour|day|week|month)s?\\b",
                    (m, c) -> lastN(number(m.group(1)), m.group(2), c)),
            rule("\\b(?:tomorrow|next (?:\\d+ )?(?:hour|day|week|month|quarter|year)s?)\\b", (m, c) -> FUTURE),
            rule("\\b(?:so far )?today(?: so far)?\\b", (m, c) -> TimeRange.days(c.today(), c.today())),
            rule(
                    "\\byesterday\\b",
                    (m, c) -> TimeRange.days(c.today().minusDays(1), c.today().minusDays(1))),
            rule(
                    "\\b(?:this|current) week\\b|\\bweek to date\\b|\\bwtd\\b",
                    (m, c) -> TimeRange.days(
                            c.today().with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)), c.today())),
            rule("\\b(?:last|previous|prior) week\\b", (m, c) -> {
                LocalDate monday = c.today()
                        .with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                        .minusWeeks(1);
                return TimeRange.days(monday, monday.plusDays(6));
            }),
            rule("\\bpast week\\b", (m, c) -> TimeRange.days(c.today().minusDays(6), c.today())),
            rule(
                    "\\b(?:this|current) month\\b|\\bmonth to date\\b|\\bmtd\\b",
                    (m, c) -> TimeRange.days(c.today().withDayOfMonth(1), c.today())),
            rule("\\b(?:last|previous|prior) month\\b", (m, c) -> {
                YearMonth last = YearMonth.from(c.today()).minusMonths(1);
                return TimeRange.months(last, last);
            }),
            rule("\\bpast month\\b", (m, c) -> TimeRange.days(c.today().minusDays(29), c.today())),
            rule(
                    "\\b(?:this|current) quarter\\b|\\bquarter to date\\b|\\bqtd\\b",
                    (m, c) -> TimeRange.days(quarterStart(c.today()), c.today())),
            rule("\\b(?:last|previous|prior) quarter\\b", (m, c) -> {
                LocalDate start = quarterStart(c.today()).minusMonths(3);
                return TimeRange.days(start, start.plusMonths(3).minusDays(1));
            }),
            rule(
                    "\\b(?:this|current) year\\b|\\byear to date\\b|\\bytd\\b",
                    (m, c) -> TimeRange.days(c.today().withDayOfYear(1), c.today())),
            rule("\\b(?:last|previous|prior) year\\b", (m, c) -> {
                LocalDate start = c.today().withDayOfYear(1).minusYears(1);
                return TimeRange.days(start, start.plusYears(1).minusDays(1));
            }),
            rule(
                    "\\bq([1-4])(?: (20\\d{2}))?\\b",
                    (m, c) -> {
                        int year = m.group(2) == null ? c.today().getYear() : Integer.parseInt(m.group(2));
                        LocalDate start = LocalDate.of(year, (Integer.parseInt(m.group(1)) - 1) * 3 + 1, 1);
                        if (m.group(2) == null && start.isAfter(c.today())) {
                            start = start.minusYears(1);
                        }
                        return TimeRange.days(start, start.plusMonths(3).minusDays(1));
                    }),
            rule("\\b(in |for |during |of |on )?(" + POINT + ")\\b", (m, c) -> {
                // "may" is a month only where a period is expected: "in may", "may 2026".
                if (m.group(2).equals("may") && m.group(1) == null) {
                    return null;
                }
                LocalDate[] point = point(m.group(2), c.today());
                return point == null ? null : TimeRange.days(point[0], point[1]);
            }),
            rule(
                    "\\b(?:in|during|for) (20\\d{2})\\b",
                    (m, c) -> {
                        int year = Integer.parseInt(m.group(1));
                        return TimeRange.days(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31));
                    }));

    private TimePhrases() {}

    private static Rule rule(String regex, BiFunction<Matcher, Context, Object> meaning) {
        return new Rule(Pattern.compile(regex), meaning);
    }

    /** The period of a normalised (lower-case) question, on {@code today} (UTC) at {@code now}. */
    static Found find(String text, LocalDate today, Instant now) {
        Context context = new Context(today, now);
        for (int i = 0; i < RULES.size(); i++) {
            Matcher m = RULES.get(i).pattern().matcher(text);
            while (m.find()) {
                Object meaning = RULES.get(i).meaning().apply(m, context);
                if (meaning == null) {
                    continue;
                }
                if (meaning instanceof String problem) {
                    return new Found(null, text, problem);
                }
                String rest = blank(text, m.start(), m.end());
                TimeRange range = (TimeRange) meaning;
                if (range.from().isAfter(TimeRange.start(today).plus(1, ChronoUnit.DAYS))
                        || !range.from().isBefore(now)) {
                    return new Found(null, text, FUTURE);
                }
                range = range.wholeDays() ? range.endingBy(today) : range;
                Found second = find(rest, today, now);
                if (second.problem() != null) {
                    return second;
                }
                if (second.range() == null) {
                    return new Found(range, rest, null);
                }
                if (second.second() != null) {
                    return new Found(null, text, "it names more than two periods");
                }
                // "A vs B", "A compared to B": the periods in the order they are named, so a
                // comparison can take the one named second as its base; "(change) from A to B"
                // names the base first.
                int secondStart = firstDifference(rest, second.rest());
                int secondEnd = lastDifference(rest, second.rest());
                boolean secondFirst = secondStart < m.start();
                String before = text.substring(0, secondFirst ? secondStart : m.start());
                String between =
                        secondFirst ? text.substring(secondEnd, m.start()) : text.substring(m.end(), secondStart);
                boolean fromTo =
                        FROM.matcher(before).find() && TO.matcher(between).matches();
                return secondFirst != fromTo
                        ? new Found(second.range(), range, second.rest(), null)
                        : new Found(range, second.range(), second.rest(), null);
            }
        }
        return new Found(null, text, null);
    }

    /** A comparison word right before a period: what follows it is the reference. */
    private static final Pattern REFERENCE_CUE = Pattern.compile(
            "\\b(?:vs|versus|against|than|compared (?:to|with)|relative to|compare\\b.*\\bwith)\\s+(?:the\\s+)?$");

    private static final Pattern FROM_TO =
            Pattern.compile("\\bfrom (" + POINT + ") (?:to|until|till|through|thru) (" + POINT + ")\\b");

    /**
     * "(how did spend change) from September to October": in a comparison, two months (or two
     * days) after "from … to" are two periods, the second set against the first, not one period
     * across both. Null when the phrase names no such pair or its second is in the future; the
     * pair is {current, base}.
     */
    static TimeRange[] fromToCompared(String text, LocalDate today) {
        Matcher m = FROM_TO.matcher(text);
        if (!m.find()) {
            return null;
        }
        LocalDate[] base = point(m.group(1), today);
        LocalDate[] current = point(m.group(2), today);
        if (base == null || current == null || !base[0].isBefore(current[0]) || current[0].isAfter(today)) {
            return null;
        }
        boolean months = wholeMonth(base) && wholeMonth(current);
        boolean days = base[0].equals(base[1]) && current[0].equals(current[1]);
        if (!months && !days) {
            return null;
        }
        return new TimeRange[] {TimeRange.days(current[0], current[1]).endingBy(today), TimeRange.days(base[0], base[1])
        };
    }

    private static boolean wholeMonth(LocalDate[] point) {
        return point[0].getDayOfMonth() == 1
                && point[1].equals(point[0].plusMonths(1).minusDays(1));
    }

    /**
     * "spend compared to last month", "by model vs last week": the one period named comes after a
     * comparison word, so it is the reference (the base), and what is compared with it is the
     * period of the same calendar unit under way (this month, this week, today, this quarter,
     * this year). Null when the period is not named after such a word, is not one whole calendar
     * day, week, month, quarter or year, or is itself the one under way.
     */
    static TimeRange currentAgainst(String text, String rest, TimeRange reference, LocalDate today) {
        int start = firstDifference(text, rest);
        if (!reference.wholeDays()
                || !REFERENCE_CUE.matcher(text.substring(0, start)).find()) {
            return null;
        }
        LocalDate first = reference.firstDay();
        LocalDate last = reference.lastDay();
        LocalDate current;
        if (first.equals(last)) {
            current = today;
        } else if (first.getDayOfWeek() == DayOfWeek.MONDAY && last.equals(first.plusDays(6))) {
            current = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        } else if (first.getDayOfMonth() != 1
                || !last.equals(first.plusMonths(1).minusDays(1))
                        && !last.equals(first.plusMonths(3).minusDays(1))
                        && !last.equals(first.plusYears(1).minusDays(1))) {
            return null;
        } else if (last.equals(first.plusMonths(1).minusDays(1))) {
            current = today.withDayOfMonth(1);
        } else if (last.equals(first.plusMonths(3).minusDays(1)) && first.equals(quarterStart(first))) {
            current = quarterStart(today);
        } else if (first.getDayOfYear() == 1 && last.equals(first.plusYears(1).minusDays(1))) {
            current = today.withDayOfYear(1);
        } else {
            return null;
        }
        return current.equals(first) ? null : TimeRange.days(current, today);
    }

    /** Where the second period was blanked out of {@code before}, just after its end. */
    private static int lastDifference(String before, String after) {
        int i = before.length();
        while (i > 0 && before.charAt(i - 1) == after.charAt(i - 1)) {
            i--;
        }
        return i;
    }

    private static final Pattern FROM = Pattern.compile("\\bfrom\\s*$");
    private static final Pattern TO = Pattern.compile("\\s*(?:to|until|till)\\s*");

    /** Where the second period was blanked out of {@code before}. */
    private static int firstDifference(String before, String after) {
        int i = 0;
        while (i < before.length() && i < after.length() && before.charAt(i) == after.charAt(i)) {
            i++;
        }
        return i;
    }

    static String blank(String text, int start, int end) {
        return text.substring(0, start) + " ".repeat(end - start) + text.substring(end);
    }

    private static Object between(String first, String second, LocalDate today) {
        LocalDate[] from = point(first, today);
        LocalDate[] to = point(second, today);
        if (from == null || to == null) {
            return null;
        }
        // "between 3 and 10 nov": a year-less end before the start belongs to the start's year.
        if (to[1].isBefore(from[0])) {
            return "its start is after its end";
        }
        return TimeRange.days(from[0], to[1]);
    }

    private static Object lastN(int n, String unit, Context c) {
        if (n < 1) {
            return null;
        }
        return switch (unit) {
            case "hour" -> {
                Instant to = TimeRange.hourCeiling(c.now());
                yield new TimeRange(to.minus(n, ChronoUnit.HOURS), to, false);
            }
            case "day" -> {
                // The one definition of "the last N days", shared with the reports' default range.
                LastDays days = LastDays.ending(c.today(), n);
                yield TimeRange.days(days.first(), days.last());
            }
            case "week" -> TimeRange.days(c.today().minusWeeks(n).plusDays(1), c.today());
            default -> TimeRange.days(c.today().minusMonths(n).plusDays(1), c.today());
        };
    }

    /** A number of digits or words (one to twenty, thirty, fifty, sixty, ninety, hundred). */
    static int number(String text) {
        Integer word = NUMBERS.get(text);
        return word != null ? word : Integer.parseInt(text);
    }

    static LocalDate quarterStart(LocalDate day) {
        return day.with(IsoFields.DAY_OF_QUARTER, 1);
    }

    private static final Pattern DAY_MONTH =
            Pattern.compile("(\\d{1,2})" + ORDINAL + " (?:of )?(" + MONTH + ")(?: (20\\d{2}))?");
    private static final Pattern MONTH_DAY =
            Pattern.compile("(" + MONTH + ") (\\d{1,2})" + ORDINAL + "(?: (20\\d{2}))?");
    private static final Pattern MONTH_YEAR = Pattern.compile("(" + MONTH + ")(?: (20\\d{2}))?");

    /** The first and last day of a point: one day, or a whole month. Null when it is no real date. */
    static LocalDate[] point(String text, LocalDate today) {
        try {
            if (text.matches("\\d{4}-\\d{2}-\\d{2}")) {
                LocalDate day = LocalDate.parse(text);
                return new LocalDate[] {day, day};
            }
            if (text.matches("\\d{4}-\\d{2}")) {
                YearMonth month = YearMonth.parse(text);
                return new LocalDate[] {month.atDay(1), month.atEndOfMonth()};
            }
            Matcher m = DAY_MONTH.matcher(text);
            if (m.matches()) {
                return day(month(m.group(2)), Integer.parseInt(m.group(1)), m.group(3), today);
            }
            m = MONTH_DAY.matcher(text);
            if (m.matches()) {
                return day(month(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), today);
            }
            m = MONTH_YEAR.matcher(text);
            if (m.matches()) {
                Month month = month(m.group(1));
                YearMonth ym = m.group(2) != null
                        ? YearMonth.of(Integer.parseInt(m.group(2)), month)
                        : YearMonth.of(today.getYear(), month);
                if (m.group(2) == null && ym.isAfter(YearMonth.from(today))) {
                    ym = ym.minusYears(1);
                }
                return new LocalDate[] {ym.atDay(1), ym.atEndOfMonth()};
            }
        } catch (java.time.DateTimeException | NumberFormatException e) {
            return null; // "31 nov", "2026-13": not a date, so not a period
        }
        return null;
    }

    private static LocalDate[] day(Month month, int dayOfMonth, String year, LocalDate today) {
        LocalDate day = LocalDate.of(year == null ? today.getYear() : Integer.parseInt(year), month, dayOfMonth);
        if (year == null && day.isAfter(today)) {
            day = day.minusYears(1);
        }
        return new LocalDate[] {day, day};
    }

    private static Month month(String name) {
        for (Month month : Month.values()) {
            if (month.name().toLowerCase(Locale.ROOT).startsWith(name.substring(0, 3))) {
                return month;
            }
        }
        throw new IllegalArgumentException(name);
    }
}
