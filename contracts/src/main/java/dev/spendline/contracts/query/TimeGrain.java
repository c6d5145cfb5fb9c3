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
 * value names its period by its first day ({@code 2026-11-23} for that week), its month
 * ({@code 2026-11}) or, for an hour, its start as an instant ({@code 2026-11-23T14:00:00Z}).
 *
 * <p>Hours are kept for {@link #HOURS_KEPT} only: a report by hour must lie within it.
 */
public enum TimeGrain {
    HOUR,
    DAY,
    WEEK,
    MONTH;

    /** How far back hourly buckets are kept (the 168-hour anomaly baseline, the current hour and a day). */
    public static final java.time.Duration HOURS_KEPT = java.time.Duration.ofDays(8);

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

    /** The first day of the period holding {@code day}; an hour is no period of days (use {@link #labelOf}). */
    public LocalDate periodStart(LocalDate day) {
        return switch (this) {
            case HOUR -> throw new IllegalStateException("an hour is not a period of days");
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
        };
    }

    /** The first day of the period after the one starting on {@code start}. */
    public LocalDate next(LocalDate start) {
        return switch (this) {
            case HOUR -> throw new IllegalStateException("an hour is not a period of days");
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
        if (this == HOUR) {
            return instant.truncatedTo(java.time.temporal.ChronoUnit.HOURS).toString();
        }
        return label(periodStart(LocalDate.ofInstant(instant, ZoneOffset.UTC)));
    }
}
