package dev.spendline.ask;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.text.Figures;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * How answers write figures, dates and dimensions for people: {@code $1,234.56}, {@code 65%},
 * {@code 1,234}, {@code 1–22 Nov 2026}, "customer" for the tenant dimension. English, UTC.
 */
final class Words {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter DAY_MONTH = DateTimeFormatter.ofPattern("d MMM", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH_ONLY = DateTimeFormatter.ofPattern("MMM", Locale.ENGLISH);
    private static final DateTimeFormatter MINUTE =
            DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final String DASH = "–";

    private Words() {}

    /** US dollars as every page of the dashboard writes them ({@link Figures#usd}). */
    static String money(BigDecimal amount) {
        return amount == null ? "n/a" : Figures.usd(amount);
    }

    /** A whole number with thousands separators. */
    static String count(long value) {
        return grouped("#,##0").format(value);
    }

    /** A percentage with at most one decimal: {@code 65%}, {@code 64.9%}. */
    static String percent(BigDecimal value) {
        if (value == null) {
            return "n/a";
        }
        return grouped("#,##0.#").format(value.setScale(1, RoundingMode.HALF_UP)) + "%";
    }

    /** {@code part} as a percentage of {@code whole}; null when the whole is zero. */
    static BigDecimal share(BigDecimal part, BigDecimal whole) {
        if (whole == null || whole.signum() == 0) {
            return null;
        }
        return part.multiply(BigDecimal.valueOf(100)).divide(whole, 1, RoundingMode.HALF_UP);
    }

    static BigDecimal share(long part, long whole) {
        return share(BigDecimal.valueOf(part), BigDecimal.valueOf(whole));
    }

    private static DecimalFormat grouped(String pattern) {
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ENGLISH));
    }

    /** A period in words: {@code 22 Nov 2026}, {@code Oct 2026}, {@code 1–22 Nov 2026}, {@code 26 Oct – 1 Nov 2026}. */
    static String period(TimeRange range) {
        if (!range.wholeDays()) {
            return MINUTE.format(range.from()) + " " + DASH + " " + MINUTE.format(range.to()) + " UTC";
        }
        LocalDate first = range.firstDay();
        LocalDate last = range.lastDay();
        if (range.wholeMonths()) {
            return months(range.firstMonth(), range.lastMonth());
        }
        if (first.equals(last)) {
            return DAY.format(first);
        }
        if (YearMonth.from(first).equals(YearMonth.from(last))) {
            return first.getDayOfMonth() + DASH + DAY.format(last);
        }
        if (first.getYear() == last.getYear()) {
            return DAY_MONTH.format(first) + " " + DASH + " " + DAY.format(last);
        }
        return DAY.format(first) + " " + DASH + " " + DAY.format(last);
    }

    /** Calendar months in words: {@code Nov 2026}, {@code Sep–Nov 2026}, {@code Dec 2025 – Feb 2026}. */
    static String months(YearMonth first, YearMonth last) {
        if (first.equals(last)) {
            return MONTH.format(first);
        }
        if (first.getYear() == last.getYear()) {
            return MONTH_ONLY.format(first) + DASH + MONTH.format(last);
        }
        return MONTH.format(first) + " " + DASH + " " + MONTH.format(last);
    }

    static String moment(Instant instant) {
        return MINUTE.format(instant) + " UTC";
    }

    /** The dimension as people call it: tenants are customers. */
    static String noun(Dimension dimension) {
        // Internal namesakes share their product dimension's wire name ("model", "tool").
        return dimension == Dimension.TENANT ? "customer" : dimension.wireName();
    }

    /** A small amount of money per unit, to four significant digits: $0.01235. */
    static String unitMoney(BigDecimal amount) {
        if (amount.abs().compareTo(BigDecimal.ONE) >= 0) {
            return money(amount);
        }
        return "$"
                + amount.round(new java.math.MathContext(4))
                        .stripTrailingZeros()
                        .toPlainString();
    }

    /** The plural: "customers", "categories". */
    static String nouns(Dimension dimension) {
        String noun = noun(dimension);
        return noun.endsWith("y") ? noun.substring(0, noun.length() - 1) + "ies" : noun + "s";
    }

    /** A metric in words: "AI spend" for cost (or the measure word), "error rate", "cost per call". */
    static String measure(dev.spendline.contracts.query.SpendMetric metric, String costWords) {
        return switch (metric) {
            case COST -> costWords;
            case COST_PER_1K_TOKENS -> "cost per 1,000 tokens";
            case LATENCY -> "average latency";
            default -> metric.wireName().replace('_', ' ');
        };
    }

    /** An enum constant in words: CACHE_MISS as "cache miss". */
    static String constant(String constant) {
        return constant.toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** "customer 'acme'"; a missing value is spend the sender did not attribute. */
    static String named(Dimension dimension, String value) {
        return noun(dimension) + " " + value(value);
    }

    static String value(String value) {
        return value == null ? "(not attributed)" : "'" + value + "'";
    }

    /** {@code 1 day}, {@code 19 days}: a like-for-like span in words. */
    static String days(long days) {
        return days + (days == 1 ? " day" : " days");
    }
}
