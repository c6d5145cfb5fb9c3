package dev.spendline.streams.combination;

import java.util.Arrays;
import java.util.Comparator;

/**
 * A combination row as tests write it ({@link StringRows}): its values (never null, "" = not
 * attributed), its hour of day (or {@link CombinationBlockStore#HOUR_UNKNOWN}) and its measures (a
 * rollup's longs). Equality and hash are those of (values, hour) only, so a row is its own key in a
 * fold table; a reusable probe row looks rows up without allocating.
 */
final class Row {

    static final int MEASURES = BlockCodec.MEASURES;

    /** By values in dimension order (code point order, which is UTF-8 byte order), then hour. */
    static final Comparator<Row> ORDER = (a, b) -> {
        for (int d = 0; d < a.values.length; d++) {
            int c = compareCodePoints(a.values[d], b.values[d]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.hour, b.hour);
    };

    String[] values;
    int hour;
    int hash;
    final long[] measures;

    Row(int dims) {
        this.values = new String[dims];
        this.measures = null;
    }

    private Row(String[] values, int hour, int hash) {
        this.values = values;
        this.hour = hour;
        this.hash = hash;
        this.measures = new long[MEASURES];
    }

    /** Makes this probe stand for (values, hour); null values become "". */
    Row probe(String[] from, int hourOfDay) {
        int h = hourOfDay;
        for (int d = 0; d < values.length; d++) {
            String v = from[d] == null ? "" : from[d];
            values[d] = v;
            h = 31 * h + v.hashCode();
        }
        this.hour = hourOfDay;
        this.hash = h;
        return this;
    }

    /** A stored row with a copy of this probe's key and zero measures. */
    Row copyKey() {
        return new Row(values.clone(), hour, hash);
    }

    void add(long[] delta) {
        measures[0] = Math.addExact(measures[0], delta[0]);
        for (int i = 1; i < MEASURES; i++) {
            measures[i] += delta[i];
        }
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && r.hash == hash && r.hour == hour && Arrays.equals(r.values, values);
    }

    /**
     * String order by code point, which is the unsigned byte order of the UTF-8 forms: a surrogate
     * (half of a code point above U+FFFF) sorts after every other char.
     */
    static int compareCodePoints(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                boolean sx = Character.isSurrogate(x);
                boolean sy = Character.isSurrogate(y);
                if (sx != sy) {
                    return sx ? 1 : -1;
                }
                return x - y;
            }
        }
        return a.length() - b.length();
    }
}
