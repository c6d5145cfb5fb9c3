package dev.spendline.contracts.query;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

/**
 * A period spend can be grouped by instead of a dimension: a report "by day" lists one row per
 * day of its range, in time order. Periods are UTC; weeks are ISO weeks (Monday to Sunday). A row's
 * value names its period by its first day ({@code 2026-11-23} for that week) or its month
 * ({@code 2026-11}).
 */
public enum TimeGrain {
    DAY,
    WEEK,
    MONTH;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The grain called {@code text} ({@code day}, {@code week}, {@code month}), case-insensitively; null for anything else. */
    public static TimeGrain parse(String text) {
        for (TimeGrain grain : values()) {
            if (grain.wireName().equalsIgnoreCase(text)) {
                return grain;
            }
        }
        return null;
    }

    /** The first day of the period holding {@code day}. */
    public LocalDate periodStart(LocalDate day) {
        return switch (this) {
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
        };
    }

    /** The first day of the period after the one starting on {@code start}. */
    public LocalDate next(LocalDate start) {
        return switch (this) {
            case DAY -> start.plusDays(1);
            case WEEK -> start.plusWeeks(1);
            case MONTH -> start.plusMonths(1);
        };
    }

    /** The row value of the period starting on {@code start}. */
    public String label(LocalDate start) {
        return this == MONTH ? YearMonth.from(start).toString() : start.toString();
    }

    /** The row value of the period holding {@code instant}. */
    public String labelOf(Instant instant) {
        return label(periodStart(LocalDate.ofInstant(instant, ZoneOffset.UTC)));
    }
}
