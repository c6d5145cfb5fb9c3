package dev.spendline.contracts.budget;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;

/**
 * The calendar period a budget limit applies to, always in UTC: a day from 00:00; a week from
 * Monday 00:00 (ISO weeks); a month from the 1st, 00:00. Spend is counted by the time of each call.
 */
public enum BudgetPeriod {
    DAILY,
    WEEKLY,
    MONTHLY;

    /** The start of the period that contains {@code at}. */
    public Instant start(Instant at) {
        LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC);
        LocalDate first =
                switch (this) {
                    case DAILY -> day;
                    case WEEKLY -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
                    case MONTHLY -> day.withDayOfMonth(1);
                };
        return first.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** The end (exclusive) of the period that contains {@code at}. */
    public Instant end(Instant at) {
        LocalDate first = LocalDate.ofInstant(start(at), ZoneOffset.UTC);
        LocalDate next =
                switch (this) {
                    case DAILY -> first.plusDays(1);
                    case WEEKLY -> first.plusWeeks(1);
                    case MONTHLY -> first.plusMonths(1);
                };
        return next.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
