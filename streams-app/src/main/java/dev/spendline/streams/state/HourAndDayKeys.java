package dev.spendline.streams.state;

import java.util.Arrays;

/**
 * An hour key's day twin and a day key's hour twins, in the bytes of {@code RollupKeys}: {@code
 * workspace \0 granularity \0 code \0 bucket-hex \0 value}, granularity {@code h} or {@code d}, the
 * bucket at least eight lowercase hex digits. The twin of a key differs in the granularity and the
 * bucket only (the day of an hour is {@code floorDiv(hour, 24)}, in UTC as the processors count).
 * A key of any other shape has no twin. One instance per store, used by its stream thread only.
 */
final class HourAndDayKeys {

    static final byte HOUR = 'h';
    static final byte DAY = 'd';
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** The twin last built by {@link #dayOf} or {@link #hourOf}: {@code twin[0, twinLength)}. */
    byte[] twin = new byte[128];

    int twinLength;
    /** Where the parsed key's granularity, bucket and what follows the bucket are. */
    private int granularityAt;

    private int bucketAt;
    private int bucketEnd;
    private long bucket;

    /** Builds the day twin of {@code key[from, from + len)} if it is an hour key; false if it is not one. */
    boolean dayOf(byte[] key, int from, int len) {
        if (!parse(key, from, len, HOUR)) {
            return false;
        }
        build(key, from, len, DAY, Math.floorDiv(bucket, 24));
        return true;
    }

    /** Parses {@code key[0, len)} as a day key; false if it is not one. Then {@link #hourOf} builds its hours. */
    boolean parseDay(byte[] key, int len) {
        return parse(key, 0, len, DAY);
    }

    /** Builds the hour twin {@code hourOfDay} (0-23) of the day key last parsed by {@link #parseDay}. */
    void hourOf(byte[] key, int len, int hourOfDay) {
        build(key, 0, len, HOUR, bucket * 24 + hourOfDay);
    }

    /** Positions are kept relative to {@code from}. */
    private boolean parse(byte[] key, int from, int len, byte granularity) {
        int end0 = from + len;
        int first = indexOfZero(key, from, end0);
        if (first < 0 || first + 3 > end0 || key[first + 1] != granularity || key[first + 2] != 0) {
            return false;
        }
        int codeEnd = indexOfZero(key, first + 3, end0);
        if (codeEnd < 0) {
            return false;
        }
        int end = indexOfZero(key, codeEnd + 1, end0);
        if (end < 0 || end - (codeEnd + 1) < 8 || end - (codeEnd + 1) > 16) {
            return false;
        }
        long value = 0;
        for (int i = codeEnd + 1; i < end; i++) {
            int digit = Character.digit(key[i], 16);
            if (digit < 0 || (key[i] >= 'A' && key[i] <= 'F')) {
                return false;
            }
            value = (value << 4) | digit;
        }
        if (value < 0) {
            return false;
        }
        granularityAt = first + 1 - from;
        bucketAt = codeEnd + 1 - from;
        bucketEnd = end - from;
        bucket = value;
        return true;
    }

    /** The key with {@code granularity} and {@code bucket} written as {@code KeyBuilder.putHex8} writes it. */
    private void build(byte[] key, int from, int len, byte granularity, long newBucket) {
        int digits = Math.max(8, (Long.SIZE - Long.numberOfLeadingZeros(newBucket) + 3) / 4);
        int length = bucketAt + digits + (len - bucketEnd);
        if (twin.length < length) {
            twin = new byte[Math.max(twin.length * 2, length)];
        }
        System.arraycopy(key, from, twin, 0, bucketAt);
        twin[granularityAt] = granularity;
        long v = newBucket;
        for (int i = bucketAt + digits - 1; i >= bucketAt; i--) {
            twin[i] = HEX[(int) (v & 0xf)];
            v >>>= 4;
        }
        System.arraycopy(key, from + bucketEnd, twin, bucketAt + digits, len - bucketEnd);
        twinLength = length;
    }

    private static int indexOfZero(byte[] key, int from, int end) {
        for (int i = from; i < end; i++) {
            if (key[i] == 0) {
                return i;
            }
        }
        return -1;
    }

    /** For tests: the twin as a copy. */
    byte[] twinCopy() {
        return Arrays.copyOf(twin, twinLength);
    }
}
