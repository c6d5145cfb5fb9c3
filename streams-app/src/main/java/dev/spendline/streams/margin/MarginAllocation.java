package dev.spendline.streams.margin;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The allocation rule of {@code margin_by_feature}: each customer's revenue is split over the
 * features that customer used, in proportion to the customer's AI cost per feature in the same
 * period. A customer with revenue but no AI cost has nothing to split by: that revenue stays
 * unallocated. Calls without a tenant carry no revenue. (docs/margin.md says the same in words.)
 *
 * @param byFeature allocated revenue per feature, nano-dollars ("" for calls without a feature)
 * @param unallocated revenue of customers without AI cost in the period, nano-dollars
 */
public record MarginAllocation(Map<String, BigInteger> byFeature, BigInteger unallocated) {

    /**
     * @param revenueByTenant revenue per tenant in nano-dollars
     * @param costByTenantAndFeature tenant → feature → AI cost in nano-dollars
     */
    public static MarginAllocation of(
            Map<String, BigInteger> revenueByTenant, Map<String, Map<String, Long>> costByTenantAndFeature) {
        Map<String, BigInteger> byFeature = new HashMap<>();
        BigInteger unallocated = BigInteger.ZERO;
        for (Map.Entry<String, BigInteger> tenant : revenueByTenant.entrySet()) {
            BigInteger revenue = tenant.getValue();
            if (revenue.signum() == 0) {
                continue;
            }
            Map<String, BigInteger> shares =
                    split(revenue, costByTenantAndFeature.getOrDefault(tenant.getKey(), Map.of()));
            if (shares.isEmpty()) {
                unallocated = unallocated.add(revenue);
                continue;
            }
            shares.forEach((feature, share) -> byFeature.merge(feature, share, BigInteger::add));
        }
        return new MarginAllocation(Map.copyOf(byFeature), unallocated);
    }

    /**
     * One customer's revenue split over its features by its cost per feature (features without cost
     * get nothing); empty when it had no cost, and the revenue then stays unallocated.
     *
     * @param revenue the customer's revenue in nano-dollars
     * @param costByFeature the customer's AI cost per feature in nano-dollars
     */
    public static Map<String, BigInteger> split(BigInteger revenue, Map<String, Long> costByFeature) {
        Map<String, Long> weights = new LinkedHashMap<>();
        costByFeature.forEach((feature, cost) -> {
            if (cost > 0) {
                weights.put(feature, cost);
            }
        });
        return weights.isEmpty() ? Map.of() : Allocation.proportional(revenue, weights);
    }
}
