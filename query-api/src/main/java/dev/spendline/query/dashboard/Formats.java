package dev.spendline.query.dashboard;

import dev.spendline.contracts.money.MoneyText;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Numbers for people, the same on every page: {@code $1,234.56}, {@code 64.8 %}, {@code 12,345},
 * {@code 2026-11-25 14:03 UTC}, as Ask's answers write them, so a figure of an answer is found
 * on its page. Templates call it as {@code ${@fmt.money(row.cost)}}. Money is
 * rounded half-up to the cent for display only; the figures behind it are exact. Times are UTC and
 * say so, because the workspace has no time zone of its own.
 */
@Component("fmt")
public final class Formats {

    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy-MM-dd", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** {@code $1,234.56}; {@code -$12.00} for a loss; an em dash for no figure. */
    public String money(BigDecimal amount) {
        return amount == null ? "—" : usd(amount);
    }

    /**
     * US dollars with cents and thousands separators; below a cent, two significant digits
     * ({@code $0.0042}, not {@code $0.00}). Ask's answers write money with this too, so a figure of
     * an answer is found verbatim on its page.
     */
    public static String usd(BigDecimal amount) {
        return MoneyText.usd(amount);
    }

    /** A ratio in percent with one decimal: {@code 0.648} is {@code 64.8 %}. */
    public String ratio(BigDecimal ratio) {
        return ratio == null ? "—" : percent(ratio.movePointRight(2));
    }

    /** A number that already is a percentage: {@code 64.8} is {@code 64.8 %}. */
    public String percent(BigDecimal percent) {
        if (percent == null) {
            return "—";
        }
        return grouped("#,##0.0").format(percent.setScale(1, RoundingMode.HALF_UP)) + " %";
    }

    public String percent(double percent) {
        return Double.isFinite(percent) ? percent(BigDecimal.valueOf(percent)) : "—";
    }

    /** A count: {@code 12,345}. */
    public String count(long count) {
        return grouped("#,##0").format(count);
    }

    /** Any number with up to two decimals, grouped: {@code 1,234.5}. */
    public String number(BigDecimal number) {
        return number == null ? "—" : grouped("#,##0.##").format(number);
    }

    public String minute(Instant at) {
        return at == null ? "—" : MINUTE.format(at);
    }

    public String day(Instant at) {
        return at == null ? "—" : DAY.format(at);
    }

    /**
     * What a report form's {@code from} field shows: the value as given, else the start the report
     * used (by default the first of the last 30 days, {@code LastDays}), so the field holds the
     * real range as a value a person can edit, never a sample date that looks like one.
     */
    public String fromField(String given, Instant from) {
        return given != null && !given.isEmpty() ? given : edge(from, false);
    }

    /** The {@code to} field likewise: a date is included, so an edge at midnight shows the day before. */
    public String toField(String given, Instant to) {
        return given != null && !given.isEmpty() ? given : edge(to, true);
    }

    /** A date ({@code 2026-11-26}) when the edge is a UTC midnight, else the instant itself. */
    public static String edge(Instant at, boolean end) {
        if (at == null) {
            return "";
        }
        if (!at.equals(at.truncatedTo(ChronoUnit.DAYS))) {
            return DateTimeFormatter.ISO_INSTANT.format(at);
        }
        return DAY.format(end ? at.minus(1, ChronoUnit.DAYS) : at);
    }

    /** A fresh format each time: {@link DecimalFormat} is not thread-safe. */
    private static DecimalFormat grouped(String pattern) {
        DecimalFormat format = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.US));
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format;
    }
}
