package dev.spendline.contracts.revenue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.YearMonth;

/**
 * What one customer (tenant) paid in one calendar month (UTC), as entered in the settings under
 * customer revenue: the revenue side of contribution margin. Written to {@code Topics.REVENUE}
 * under {@link #key}, so the compacted topic keeps the latest amount per tenant and month; a
 * deletion is a tombstone for the key.
 *
 * @param month {@code YYYY-MM}
 * @param amountUsd at least 0, at most {@link #MAX_AMOUNT_USD}, at most 9 decimals
 */
public record RevenueRow(
        int schemaVersion,
        String workspaceId,
        String tenantId,
        String month,
        BigDecimal amountUsd,
        Instant updatedAt,
        String updatedBy) {

    public static final int SCHEMA_VERSION = 1;
    /** A billion dollars a month per customer: anything above is a typing mistake. */
    public static final BigDecimal MAX_AMOUNT_USD = new BigDecimal("1000000000");

    public static RevenueRow of(
            String workspaceId,
            String tenantId,
            YearMonth month,
            BigDecimal amountUsd,
            Instant updatedAt,
            String updatedBy) {
        return new RevenueRow(SCHEMA_VERSION, workspaceId, tenantId, month.toString(), amountUsd, updatedAt, updatedBy);
    }

    /** The topic key of one tenant's month; \0 cannot occur in validated ids. */
    public static String key(String workspaceId, String tenantId, YearMonth month) {
        return workspaceId + '\u0000' + tenantId + '\u0000' + month;
    }

    /** The parts of a {@link #key}, or null when the key is not one. */
    public static KeyParts parseKey(String key) {
        if (key == null) {
            return null;
        }
        int first = key.indexOf('\u0000');
        int last = key.lastIndexOf('\u0000');
        if (first <= 0 || last == first || last == key.length() - 1) {
            return null;
        }
        try {
            return new KeyParts(
                    key.substring(0, first), key.substring(first + 1, last), YearMonth.parse(key.substring(last + 1)));
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    public record KeyParts(String workspaceId, String tenantId, YearMonth month) {}
}
