package dev.spendline.ask;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * A period a question asks about, {@code [from, to)} in UTC. Whole-day periods are passed to the
 * read tools as dates (a {@code to} date includes that whole day, as the tools' schemas say);
 * others (the last N hours) as instants.
 */
record TimeRange(Instant from, Instant to, boolean wholeDays) {

    static TimeRange days(LocalDate first, LocalDate last) {
        return new TimeRange(start(first), start(last.plusDays(1)), true);
    }

    static TimeRange months(YearMonth first, YearMonth last) {
        return days(first.atDay(1), last.atEndOfMonth());
    }

    LocalDate firstDay() {
        return LocalDate.ofInstant(from, ZoneOffset.UTC);
    }

    /** The last day touched, included. */
    LocalDate lastDay() {
        return LocalDate.ofInstant(to.minusNanos(1), ZoneOffset.UTC);
    }

    YearMonth firstMonth() {
        return YearMonth.from(firstDay());
    }

    YearMonth lastMonth() {
        return YearMonth.from(lastDay());
    }

    /** True when the period is exactly the calendar months it touches. */
    boolean wholeMonths() {
        return wholeDays
                && firstDay().getDayOfMonth() == 1
                && lastDay().equals(lastMonth().atEndOfMonth());
    }

    String fromArgument() {
        return wholeDays ? firstDay().toString() : from.toString();
    }

    String toArgument() {
        return wholeDays ? lastDay().toString() : to.toString();
    }

    /** A period of whole days that ends today: what has happened of it so far. */
    boolean toDate(LocalDate today) {
        return wholeDays && lastDay().equals(today);
    }

    /**
     * A comparison like for like: when exactly one of {@code current} and {@code base} is to date,
     * the other is cut to its first as many dates (today counts as one), so Mon–Thu is set against
     * Mon–Thu and 1–22 Nov against 1–22 Oct; a shorter one is kept whole. Null when neither or both
     * are to date, or a period is not of whole days: then they are compared as they are.
     */
    static List<TimeRange> likeForLike(TimeRange current, TimeRange base, LocalDate today) {
        if (!current.wholeDays || !base.wholeDays || current.toDate(today) == base.toDate(today)) {
            return null;
        }
        TimeRange partial = current.toDate(today) ? current : base;
        long days = today.toEpochDay() - partial.firstDay().toEpochDay() + 1;
        return List.of(current.firstDays(days, today), base.firstDays(days, today));
    }

    /** The first {@code days} dates of this period: all of it when it is that short or is the one to date. */
    private TimeRange firstDays(long days, LocalDate today) {
        LocalDate last = firstDay().plusDays(days - 1);
        return toDate(today) || !last.isBefore(lastDay()) ? this : days(firstDay(), last);
    }

    /** The same period ending no later than the end of {@code today}: data from the future does not exist. */
    TimeRange endingBy(LocalDate today) {
        Instant end = start(today.plusDays(1));
        return to.isAfter(end) ? new TimeRange(from, end, wholeDays) : this;
    }

    static Instant start(LocalDate day) {
        return day.atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    static Instant hourCeiling(Instant instant) {
        Instant floor = instant.truncatedTo(ChronoUnit.HOURS);
        return floor.equals(instant) ? floor : floor.plus(1, ChronoUnit.HOURS);
    }
}
