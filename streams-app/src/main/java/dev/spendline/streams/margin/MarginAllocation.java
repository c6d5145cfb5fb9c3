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
            Map<String, Long> weights = new LinkedHashMap<>();
            costByTenantAndFeature.getOrDefault(tenant.getKey(), Map.of()).forEach((feature, cost) -> {
                if (cost > 0) {
                    weights.put(feature, cost);
                }
            });
            if (weights.isEmpty()) {
                unallocated = unallocated.add(revenue);
                continue;
            }
            Allocation.proportional(revenue, weights)
                    .forEach((feature, share) -> byFeature.merge(feature, share, BigInteger::add));
        }
        return new MarginAllocation(Map.copyOf(byFeature), unallocated);
    }
}
