package dev.spendline.streams.margin;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        BigInteger total = BigInteger.ZERO;
        for (long w : weights.values()) {
            total = total.add(BigInteger.valueOf(w));
        }
        if (total.signum() <= 0) {
            throw new IllegalArgumentException("weights must have a positive sum");
        }
        record Share(String part, BigInteger floor, BigInteger remainder) {}
        List<Share> shares = new ArrayList<>();
        BigInteger given = BigInteger.ZERO;
        for (Map.Entry<String, Long> e : weights.entrySet()) {
            BigInteger[] qr = amount.multiply(BigInteger.valueOf(e.getValue())).divideAndRemainder(total);
            shares.add(new Share(e.getKey(), qr[0], qr[1]));
            given = given.add(qr[0]);
        }
        int leftOver = amount.subtract(given).intValueExact();
        List<Share> byRemainder = new ArrayList<>(shares);
        byRemainder.sort(Comparator.comparing(Share::remainder).reversed().thenComparing(Share::part));
        Map<String, BigInteger> result = new LinkedHashMap<>();
        shares.forEach(s -> result.put(s.part(), s.floor()));
        for (int i = 0; i < leftOver; i++) {
            result.merge(byRemainder.get(i).part(), BigInteger.ONE, BigInteger::add);
        }
        return result;
    }
}
