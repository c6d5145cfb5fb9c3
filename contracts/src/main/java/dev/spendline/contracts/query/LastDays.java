package dev.spendline.contracts.query;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * "The last N days", one definition for every surface: the default range of the reports (REST, MCP,
 * the CLI, the dashboard's date fields) and Ask's "last 30 days" are the N calendar days (UTC) that
 * end with today, today included: on 26 Nov, the last 30 days are 28 Oct – 26 Nov, from 28 Oct
 * 00:00 to 27 Nov 00:00. Whole days, so the range is exactly what two date fields ({@code from} and
 * an included {@code to}) can show, and a day's figures are never split between two ranges.
 *
 * <p>A comparison's default is the N whole days <em>before</em> today ({@link #beforeToday}), against
 * the N days before those: no period to date is asked for, so today, not over yet, is left out. (A
 * period to date that is asked for, Ask's "this month vs last month", is compared with the same
 * dates of the period before, today included, and says so.)
 *
 * @param first the first day, included
 * @param last the last day, included
 */
public record LastDays(LocalDate first, LocalDate last) {

    /** The length of every default range: the reports', the dashboard's and Ask's. */
    public static final int DEFAULT = 30;

    public LastDays {
        if (last.isBefore(first)) {
            throw new IllegalArgumentException("the last day " + last + " is before the first " + first);
        }
    }

    /** The {@code days} days ending with {@code last}, that day included. */
    public static LastDays ending(LocalDate last, int days) {
        if (days < 1) {
            throw new IllegalArgumentException("at least one day, not " + days);
        }
        return new LastDays(last.minusDays(days - 1L), last);
    }

    /** The {@value #DEFAULT} days ending today (UTC), today included: the default range. */
    public static LastDays endingToday(Clock clock) {
        return ending(today(clock), DEFAULT);
    }

    /** The {@value #DEFAULT} whole days before today (UTC): a comparison's default current period. */
    public static LastDays beforeToday(Clock clock) {
        return ending(today(clock).minusDays(1), DEFAULT);
    }

    /** The start of today (UTC) plus one day: where a range that includes today ends. */
    public static Instant endOfToday(Clock clock) {
        return today(clock).plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    /** The start of the first day. */
    public Instant from() {
        return first.atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    /** The start of the day after the last: the range is {@code [from, to)}. */
    public Instant to() {
        return last.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    private static LocalDate today(Clock clock) {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
}
