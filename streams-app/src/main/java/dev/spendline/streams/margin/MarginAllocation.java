package dev.spendline.streams.margin;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The allocation rule of {@code margin_by_feature}: each customer's revenue is split over the
 * features that customer used, in proportion to the customer's AI cost per feature in the same
 * period. A customer with revenue but no AI cost has nothing to split by: that revenue stays
 * unallocated. Calls without a tenant carry no revenue. (docs/margin.md says the same in words.)
 *
 * @param byFeature allocated revenue per feature, nano-dollars ("" for calls without a feature)
 * @param unallocated revenue of customers without AI cost in the period, nano-dollars
 */
record MarginAllocation(Map<String, BigInteger> byFeature, BigInteger unallocated) {

    /**
     * @param revenueByTenant revenue per tenant in nano-dollars
     * @param costByTenantAndFeature tenant → feature → AI cost in nano-dollars
     */
    static MarginAllocation of(
            Map<String, BigInteger> revenueByTenant, Map<String, Map<String, Long>> costByTenantAndFeature) {
        return of(revenueByTenant, tenant -> costByTenantAndFeature.getOrDefault(tenant, Map.of()), Long::longValue);
    }

    /**
     * As {@link #of(Map, Map)}, reading each tenant's usage per feature where it already is: a
     * margin read holds about 50,000 tenant × feature usages, and copying their costs into maps
     * first was a third of its time.
     *
     * @param usageOf the usage per feature of a tenant (empty for a tenant without usage)
     * @param costOf the AI cost in nano-dollars of one usage
     */
    static <U> MarginAllocation of(
            Map<String, BigInteger> revenueByTenant,
            Function<String, Map<String, U>> usageOf,
            ToLongFunction<U> costOf) {
        Map<String, BigInteger> byFeature = new HashMap<>();
        BigInteger unallocated = BigInteger.ZERO;
        for (Map.Entry<String, BigInteger> tenant : revenueByTenant.entrySet()) {
            BigInteger revenue = tenant.getValue();
            if (revenue.signum() == 0) {
                continue;
            }
            boolean split = split(
                    revenue,
                    usageOf.apply(tenant.getKey()),
                    costOf,
                    (feature, share) -> byFeature.merge(feature, share, BigInteger::add));
            if (!split) {
                unallocated = unallocated.add(revenue);
            }
        }
        return new MarginAllocation(Map.copyOf(byFeature), unallocated);
    }

    /**
     * One customer's revenue split over its features by its cost per feature (features without cost
     * get nothing); empty when it had no cost, and the revenue then stays unallocated.
     *
     * @param revenue the customer's revenue in nano-dollars
     * @param usageByFeature the customer's usage per feature
     * @param costOf the AI cost in nano-dollars of one usage
     */
    static <U> Map<String, BigInteger> split(
            BigInteger revenue, Map<String, U> usageByFeature, ToLongFunction<U> costOf) {
        Map<String, BigInteger> shares = new LinkedHashMap<>();
        return split(revenue, usageByFeature, costOf, shares::put) ? shares : Map.of();
    }

    /** Passes each feature's share to {@code shares}; false when the customer had no cost to split by. */
    private static <U> boolean split(
            BigInteger revenue,
            Map<String, U> usageByFeature,
            ToLongFunction<U> costOf,
            BiConsumer<String, BigInteger> shares) {
        String[] features = new String[usageByFeature.size()];
        long[] costs = new long[usageByFeature.size()];
        int count = 0;
        for (Map.Entry<String, U> e : usageByFeature.entrySet()) {
            long cost = costOf.applyAsLong(e.getValue());
            if (cost > 0) {
                features[count] = e.getKey();
                costs[count++] = cost;
            }
        }
        if (count == 0) {
            return false;
        }
        Allocation.proportional(revenue, features, costs, count, shares);
        return true;
    }
}
