package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.chart.ChartData;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.SpendRow;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The overview's live figures, all from one spend report by day: spend today and this month (UTC),
 * the month's run-rate forecast, and the daily trend of the last {@link #TREND_DAYS} days.
 *
 * @param forecast this month's cost divided by the elapsed fraction of the month; null in its first
 *     instant
 * @param trend one row per day, oldest first, today last
 * @param calls the calls of the whole report (trend and month): none means nothing was sent yet
 */
record SpendFigures(
        LocalDate today,
        YearMonth month,
        BigDecimal todayCost,
        long todayCalls,
        BigDecimal monthCost,
        long monthCalls,
        BigDecimal forecast,
        List<SpendRow> trend,
        long calls) {

    /** The trend is "the last 30 days" as every default range means it ({@link LastDays}): today included. */
    static final int TREND_DAYS = LastDays.DEFAULT;

    /** The first instant the report must cover: the month's start or the trend's, whichever is earlier. */
    static Instant from(Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        LocalDate start = today.withDayOfMonth(1);
        LocalDate trendStart = LastDays.ending(today, TREND_DAYS).first();
        return (trendStart.isBefore(start) ? trendStart : start).atStartOfDay().toInstant(ZoneOffset.UTC);
    }

    /** The figures of a report by day over {@code [from(now), now]}. */
    static SpendFigures of(List<SpendRow> days, long calls, Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        YearMonth month = YearMonth.from(today);
        String todayLabel = today.toString();
        String trendStart = LastDays.ending(today, TREND_DAYS).first().toString();
        String monthPrefix = month + "-";
        BigDecimal todayCost = BigDecimal.ZERO.setScale(2);
        long todayCalls = 0;
        BigDecimal monthCost = BigDecimal.ZERO.setScale(2);
        long monthCalls = 0;
        for (SpendRow day : days) {
            if (day.value().equals(todayLabel)) {
                todayCost = todayCost.add(day.measures().costUsd());
                todayCalls += day.measures().calls();
            }
            if (day.value().startsWith(monthPrefix)) {
                monthCost = monthCost.add(day.measures().costUsd());
                monthCalls += day.measures().calls();
            }
        }
        List<SpendRow> trend = days.stream()
                .filter(d -> d.value().compareTo(trendStart) >= 0 && d.value().compareTo(todayLabel) <= 0)
                .toList();
        return new SpendFigures(
                today,
                month,
                todayCost,
                todayCalls,
                monthCost,
                monthCalls,
                forecast(monthCost, month, now),
                trend,
                calls);
    }

    /** Run rate: what the month costs if the rest of it goes on as it went so far. */
    static BigDecimal forecast(BigDecimal monthCost, YearMonth month, Instant now) {
        Instant start = month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant end = month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        long elapsed = Duration.between(start, now).toSeconds();
        if (elapsed <= 0) {
            return null;
        }
        long length = Duration.between(start, end).toSeconds();
        return monthCost
                .multiply(BigDecimal.valueOf(length))
                .divide(BigDecimal.valueOf(elapsed), 6, RoundingMode.HALF_EVEN);
    }

    /** Whether anything was sent in the last 30 days or this month; an empty workspace shows how to start. */
    public boolean active() {
        return calls > 0;
    }

    public ChartData chart() {
        return new ChartData(
                "Cost (USD)",
                "usd",
                trend.stream().map(SpendRow::value).toList(),
                trend.stream().map(d -> d.measures().costUsd()).toList());
    }
}
