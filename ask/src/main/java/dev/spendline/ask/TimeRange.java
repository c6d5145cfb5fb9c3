package dev.spendline.ask;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

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
