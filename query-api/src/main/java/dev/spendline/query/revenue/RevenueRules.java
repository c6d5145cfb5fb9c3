package dev.spendline.query.revenue;

import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * What a revenue row may hold, for every way of entering one: the API ({@code PUT
 * /api/v1/settings/revenue/...}), the settings page's table editor and its CSV upload. Each check
 * adds its problems to {@code errors} under the {@code field} the caller names (a JSON Pointer for
 * the API, a column name for CSV), so a caller collects every problem before refusing.
 */
public final class RevenueRules {

    /** Revenue before Spendline could have seen any call is a typing mistake. */
    public static final YearMonth EARLIEST_MONTH = YearMonth.of(2015, 1);

    /** More than a year ahead is a typing mistake too; a contract's next months are fine. */
    static final int MAX_MONTHS_AHEAD = 12;

    static final int MAX_DECIMALS = 9;

    private RevenueRules() {}

    /** A tenant id as events carry it: 1 to 256 characters under {@link TextRules#IDENTITY}'s characters. */
    public static void checkTenant(String tenantId, String field, List<FieldError> errors) {
        if (tenantId == null || tenantId.isBlank() || tenantId.length() > Limits.MAX_ID_LENGTH) {
            errors.add(new FieldError(field, "must be 1 to " + Limits.MAX_ID_LENGTH + " characters"));
        } else if (TextRules.IDENTITY.characterProblem(tenantId) != null) {
            // The same rule as the events' tenantId: a revenue row must be able to meet its events.
            errors.add(new FieldError(field, TextRules.IDENTITY.characterProblem(tenantId)));
        }
    }

    /** The calendar month {@code text} names ({@code 2026-11}), or null with a problem added. */
    public static YearMonth month(String text, Clock clock, String field, List<FieldError> errors) {
        YearMonth latest = YearMonth.now(clock.withZone(ZoneOffset.UTC)).plusMonths(MAX_MONTHS_AHEAD);
        try {
            YearMonth month = YearMonth.parse(text == null ? "" : text);
            if (month.isBefore(EARLIEST_MONTH) || month.isAfter(latest)) {
                errors.add(new FieldError(field, "must be between " + EARLIEST_MONTH + " and " + latest));
            }
            return month;
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(field, "must be a calendar month like 2026-11"));
            return null;
        }
    }

    /**
     * An amount typed by a person (a form field, a CSV cell): a plain decimal number of US dollars.
     * Returns it, or null with a problem added.
     */
    public static BigDecimal amount(String text, String field, List<FieldError> errors) {
        if (text == null || text.isBlank()) {
            errors.add(new FieldError(field, "is required"));
            return null;
        }
        BigDecimal value;
        try {
            value = new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            // Not echoing the text: a misplaced column could put anything here.
            errors.add(new FieldError(
                    field,
                    "must be a number of US dollars like 1250.00, without currency sign or thousands separator"));
            return null;
        }
        return checkAmount(value, field, errors);
    }

    /** Returns {@code value} if it is a storable amount, or null with a problem added. */
    public static BigDecimal checkAmount(BigDecimal value, String field, List<FieldError> errors) {
        if (value.signum() < 0) {
            errors.add(new FieldError(field, "must not be negative"));
        } else if (value.compareTo(RevenueRow.MAX_AMOUNT_USD) > 0) {
            errors.add(new FieldError(field, "must be at most " + RevenueRow.MAX_AMOUNT_USD.toPlainString()));
        } else if (value.stripTrailingZeros().scale() > MAX_DECIMALS) {
            errors.add(new FieldError(field, "must have at most " + MAX_DECIMALS + " decimals"));
        } else {
            return value;
        }
        return null;
    }
}
