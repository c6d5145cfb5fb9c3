package dev.spendline.streams.margin;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Splits an amount of nano-dollars over parts in proportion to their weights, exactly: every part
 * gets the floor of its share, and the nano-dollars left over go one each to the parts with the
 * largest remainders (ties to the earlier part in name order). The parts always add up to the
 * amount, so allocated revenue per feature adds up to the revenue.
 */
final class Allocation {

    private Allocation() {}

    /**
     * @param weights non-negative weights with a positive sum
     */
    static Map<String, BigInteger> proportional(BigInteger amount, Map<String, Long> weights) {
        String[] parts = new String[weights.size()];
        long[] w = new long[weights.size()];
        int i = 0;
        for (Map.Entry<String, Long> e : weights.entrySet()) {
            parts[i] = e.getKey();
            w[i++] = e.getValue();
        }
        Map<String, BigInteger> result = new LinkedHashMap<>();
        proportional(amount, parts, w, parts.length, result::put);
        return result;
    }

    /**
     * The same over the first {@code count} entries of two parallel arrays, each part's share
     * passed to {@code shares} once, in the order of the parts: a margin read splits ~1,000
     * customers' revenue over ~50 features each, and arrays spare it a map per customer.
     */
    static void proportional(
            BigInteger amount, String[] parts, long[] weights, int count, BiConsumer<String, BigInteger> shares) {
        BigInteger total = BigInteger.ZERO;
        for (int i = 0; i < count; i++) {
            total = total.add(BigInteger.valueOf(weights[i]));
        }
        if (total.signum() <= 0) {
            throw new IllegalArgumentException("weights must have a positive sum");
        }
        BigInteger[] floors = new BigInteger[count];
        BigInteger[] remainders = new BigInteger[count];
        BigInteger given = BigInteger.ZERO;
        for (int i = 0; i < count; i++) {
            BigInteger[] qr = amount.multiply(BigInteger.valueOf(weights[i])).divideAndRemainder(total);
            floors[i] = qr[0];
            remainders[i] = qr[1];
            given = given.add(qr[0]);
        }
        int leftOver = amount.subtract(given).intValueExact();
        if (leftOver > 0) {
            Integer[] byRemainder = new Integer[count];
            for (int i = 0; i < count; i++) {
                byRemainder[i] = i;
            }
            Arrays.sort(
                    byRemainder,
                    Comparator.<Integer, BigInteger>comparing(i -> remainders[i])
                            .reversed()
                            .thenComparing(i -> parts[i]));
            for (int i = 0; i < leftOver; i++) {
                int part = byRemainder[i];
                floors[part] = floors[part].add(BigInteger.ONE);
            }
        }
        for (int i = 0; i < count; i++) {
            shares.accept(parts[i], floors[i]);
        }
    }
}
