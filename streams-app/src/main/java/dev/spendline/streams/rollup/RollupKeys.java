package dev.spendline.streams.rollup;

import dev.spendline.contracts.query.Dimension;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The layout of rollup store keys:
 * {@code workspace \0 granularity \0 dimension-code \0 bucket(8 hex) \0 value}, granularity {@code h}
 * (hours), {@code d} (days) or, for the few codes margins need, {@code m} (calendar months).
 *
 * <p>The order is chosen for the one query shape that matters: one workspace, one dimension, a
 * range of buckets, all values. Those rows are contiguous, so a report is a single range scan.
 * Values cannot contain control characters (validation refuses them), so {@code \0} separates
 * unambiguously, and pair values join their two parts with {@code \1}.
 */
public final class RollupKeys {

    static final char SEP = '\u0000';
    public static final char PAIR_SEP = '\u0001';
    /** The dimension code of the per-workspace total (value is empty). */
    public static final String TOTAL = "_";
    /**
     * The code of the combination rollup: its value is every dimension of
     * {@link RollupSpec#combination()} joined with {@link #PAIR_SEP}, in that order.
     */
    public static final String COMBINATION = "cx";
    /**
     * The workspace total written beside the combination rollup: where it equals {@link #TOTAL}'s
     * bucket, the bucket's combinations are complete (state written before combinations existed
     * has the total and not this).
     */
    public static final String COMBINATION_TOTAL = "cx_";

    private RollupKeys() {}

    public static String key(String workspaceId, Granularity g, String dimensionCode, long bucket, String value) {
        return prefix(workspaceId, g, dimensionCode) + bucketHex(bucket) + SEP + value;
    }

    /** Everything up to the bucket: the start of every key of one dimension in one workspace. */
    public static String prefix(String workspaceId, Granularity g, String dimensionCode) {
        return workspaceId + SEP + g.code() + SEP + dimensionCode + SEP;
    }

    /**
     * Inclusive bounds of a range scan over buckets {@code [from, to)}: keys of bucket {@code to}
     * sort after the bare {@code prefix + hex(to)}, so they fall outside.
     */
    public static String rangeStart(String prefix, long fromBucket) {
        return prefix + bucketHex(fromBucket);
    }

    public static String rangeEnd(String prefix, long toBucketExclusive) {
        return prefix + bucketHex(toBucketExclusive);
    }

    /**
     * Inclusive bounds of the keys of one bucket whose pair value has {@code first} as its first
     * part: they are contiguous, as {@code first \1} sorts before {@code first \2}, and no value
     * contains {@code \2}.
     */
    public static String firstOfPairStart(String prefix, long bucket, String first) {
        return prefix + bucketHex(bucket) + SEP + first + PAIR_SEP;
    }

    public static String firstOfPairEnd(String prefix, long bucket, String first) {
        return prefix + bucketHex(bucket) + SEP + first + (char) (PAIR_SEP + 1);
    }

    /** The value part of a key produced by {@link #key}. */
    public static String valueOf(String key) {
        return key.substring(key.lastIndexOf(SEP) + 1);
    }

    public static String pairCode(Dimension first, Dimension second) {
        return first.code() + "+" + second.code();
    }

    public static String pairValue(String first, String second) {
        return first + PAIR_SEP + second;
    }

    /** The pair that contains both dimensions, in its stored order; null when none does. */
    public static List<Dimension> pairOf(Dimension a, Dimension b) {
        for (List<Dimension> pair : Dimension.PAIRS) {
            if (pair.contains(a) && pair.contains(b) && a != b) {
                return pair;
            }
        }
        return null;
    }

    /** The granularity code of monthly buckets, kept for a few dimensions only (see {@link RollupSpec#monthlyDimensions}). */
    public static final char MONTH = 'm';

    /** Calendar months (UTC) counted from January 1970: the bucket number of monthly rollups. */
    public static long monthOf(YearMonth month) {
        return (month.getYear() - 1970L) * 12 + month.getMonthValue() - 1;
    }

    public static YearMonth monthAt(Instant instant) {
        return YearMonth.from(instant.atZone(ZoneOffset.UTC));
    }

    public static String monthPrefix(String workspaceId, String dimensionCode) {
        return workspaceId + SEP + MONTH + SEP + dimensionCode + SEP;
    }

    public static String monthKey(String workspaceId, String dimensionCode, long month, String value) {
        return monthPrefix(workspaceId, dimensionCode) + bucketHex(month) + SEP + value;
    }

    static String bucketHex(long bucket) {
        String hex = Long.toHexString(bucket);
        return "00000000".substring(Math.min(8, hex.length())) + hex;
    }
}
