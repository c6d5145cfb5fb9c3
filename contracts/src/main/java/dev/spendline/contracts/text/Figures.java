package dev.spendline.contracts.text;

import dev.spendline.contracts.money.MoneyText;
import dev.spendline.contracts.query.SpendMetric;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * Numbers for people, the same wherever they are shown: {@code $1,234.56}, {@code 64.8 %},
 * {@code 12,345}, {@code 2026-11-25 14:03 UTC}. The one place the dashboard (its {@code fmt} and
 * {@code metric} beans extend or use this) and Ask's answers and tables write figures, so a figure of
 * an answer is found verbatim on its page. Money is rounded half-up to the cent for display only; the
 * figures behind it are exact. Times are UTC and say so, because the workspace has no time zone of
 * its own. An em dash stands for no figure.
 */
public class Figures {

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
     * ({@code $0.0042}, not {@code $0.00}).
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

    /**
     * A figure of a spend metric or a comparison by what it measures: dollars as money, the error
     * rate as a percentage, latency in milliseconds, the rest as numbers. The metric is its wire name
     * ({@code cost_per_call}, or {@code margin_usd} for a margin comparison).
     */
    public String metric(String metric, BigDecimal value) {
        if (value == null) {
            return "—";
        }
        if ("margin_usd".equals(metric)) {
            return money(value);
        }
        SpendMetric parsed = SpendMetric.parse(metric);
        if (parsed == null) {
            return number(value);
        }
        return switch (parsed) {
            case COST, COST_PER_CALL, COST_PER_1K_TOKENS -> money(value);
            case ERROR_RATE -> ratio(value);
            case LATENCY -> number(value) + " ms";
            default -> number(value);
        };
    }

    /** The column heading of a metric: {@code cost_per_1k_tokens} is "Cost per 1k tokens". */
    public static String metricHeading(String metric) {
        if (metric == null || metric.isEmpty()) {
            return "";
        }
        String words = metric.replace("_usd", " (USD)").replace('_', ' ');
        return words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }

    /** A fresh format each time: {@link DecimalFormat} is not thread-safe. */
    private static DecimalFormat grouped(String pattern) {
        DecimalFormat format = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.US));
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format;
    }
}
