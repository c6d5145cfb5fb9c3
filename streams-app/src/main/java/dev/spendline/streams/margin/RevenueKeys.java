package dev.spendline.streams.margin;

import java.time.YearMonth;

/**
 * Revenue store keys: {@code workspace \0 month \0 tenant}, so one workspace's revenue for a range
 * of months is one range scan (months sort as {@code YYYY-MM}).
 */
public final class RevenueKeys {

    private static final char SEP = '\u0000';

    private RevenueKeys() {}

    public static String key(String workspaceId, YearMonth month, String tenantId) {
        return workspaceId + SEP + month + SEP + tenantId;
    }

    /** Inclusive bounds of every key of the months {@code from..to}. */
    public static String rangeStart(String workspaceId, YearMonth from) {
        return workspaceId + SEP + from + SEP;
    }

    public static String rangeEnd(String workspaceId, YearMonth to) {
        return workspaceId + SEP + to + (char) (SEP + 1);
    }

    public static String tenantOf(String key) {
        return key.substring(key.lastIndexOf(SEP) + 1);
    }
}
