package dev.spendline.contracts.money;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Money and durations in sentences for people, written one way wherever they are written: the
 * dashboard's figures, Ask's answers, alert messages and savings estimates. {@code $1,234.56};
 * below a cent, two significant digits ({@code $0.0042}, not {@code $0.00}). Display only: the
 * figures behind the words stay exact.
 */
public final class MoneyText {

    private static final BigDecimal CENT = new BigDecimal("0.01");

    private MoneyText() {}

    /** US dollars with cents and thousands separators, {@code -$12.00} for a loss. */
    public static String usd(BigDecimal amount) {
        BigDecimal abs = amount.abs();
        String digits = abs.signum() != 0 && abs.compareTo(CENT) < 0
                ? abs.round(new MathContext(2, RoundingMode.HALF_UP))
                        .stripTrailingZeros()
                        .toPlainString()
                : grouped("#,##0.00").format(abs.setScale(2, RoundingMode.HALF_UP));
        return (amount.signum() < 0 ? "-$" : "$") + digits;
    }

    /** A number of days with at most one decimal: {@code 30}, {@code 30.2}, never {@code 30.2083}. */
    public static String days(BigDecimal days) {
        return days.setScale(1, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** A fresh format each time: {@link DecimalFormat} is not thread-safe. */
    private static DecimalFormat grouped(String pattern) {
        DecimalFormat format = new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.US));
        format.setRoundingMode(RoundingMode.HALF_UP);
        return format;
    }
}
