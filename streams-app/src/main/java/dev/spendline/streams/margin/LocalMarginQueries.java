package dev.spendline.streams.margin;

import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.query.ClosedMonthCache;
import dev.spendline.streams.query.MonthlyScan;
import dev.spendline.streams.query.RevenueStoreLocator;
import dev.spendline.streams.query.RollupScan;
import dev.spendline.streams.query.RollupStoreLocator;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Answers the margin tools from this instance's stores: AI cost per tenant (and per tenant and
 * feature) from the product rollups, revenue from the revenue store. The rules are in
 * docs/margin.md; the sums are exact (nano-dollars), only percentages are rounded. Filters
 * ({@link MarginQuery}) are applied as the keys are read, so a filtered report sums exactly the
 * keys the unfiltered one sums for the rows it keeps.
 */
public final class LocalMarginQueries {

    private static final BigInteger HUNDRED = BigInteger.valueOf(100);

    private final RollupStoreLocator rollups;
    private final RevenueStoreLocator revenue;
    private final ClosedMonthCache closedMonths;

    public LocalMarginQueries(RollupStoreLocator rollups, RevenueStoreLocator revenue) {
        this(rollups, revenue, ClosedMonthCache.none());
    }

    /** @param closedMonths past months' buckets kept in memory, shared by the queries of an instance */
    public LocalMarginQueries(RollupStoreLocator rollups, RevenueStoreLocator revenue, ClosedMonthCache closedMonths) {
        this.rollups = rollups;
        this.revenue = revenue;
        this.closedMonths = closedMonths;
    }

    public CustomerMarginReport marginByCustomer(MarginQuery q) {
        validate(q);
        Map<String, BigInteger> revenueByTenant = revenueByTenant(q);
        Map<String, Rollup> costByTenant = new HashMap<>();
        Map<String, BigInteger> revenueOf;
        if (q.feature() == null) {
            scanMonths(q, Dimension.TENANT.code(), (tenant, r) -> {
                if (ofTenant(q, tenant)) {
                    costByTenant.merge(tenant, r, Rollup::plus);
                }
            });
            revenueOf = revenueByTenant;
        } else {
            // Each customer's margin on one feature: its calls of the feature, and the share of its
            // revenue that the allocation over all of its features gives the feature.
            Map<String, Map<String, Rollup>> pairs = tenantFeatureRollups(q);
            revenueOf = new HashMap<>();
            pairs.forEach((tenant, byFeature) -> {
                Rollup cost = byFeature.get(q.feature());
                if (cost != null) {
                    costByTenant.put(tenant, cost);
                    BigInteger revenue = revenueByTenant.getOrDefault(tenant, BigInteger.ZERO);
                    revenueOf.put(
                            tenant,
                            MarginAllocation.split(revenue, byFeature, Rollup::costNanos)
                                    .getOrDefault(q.feature(), BigInteger.ZERO));
                }
            });
        }
        Rollup unattributed = costByTenant.remove("");

        TreeSet<String> tenants = new TreeSet<>(costByTenant.keySet());
        if (q.feature() == null) {
            // Customers with revenue and no usage too; of a feature, only the customers that used it.
            tenants.addAll(revenueOf.keySet());
        }
        record Line(CustomerMargin row, BigInteger margin) {}
        List<Line> lines = new ArrayList<>();
        BigInteger totalRevenue = BigInteger.ZERO;
        BigInteger totalCost = BigInteger.ZERO;
        long totalEstimated = 0;
        int withoutRevenue = 0;
        int negative = 0;
        for (String tenant : tenants) {
            Rollup cost = costByTenant.getOrDefault(tenant, Rollup.EMPTY);
            BigInteger revenueNanos = revenueOf.getOrDefault(tenant, BigInteger.ZERO);
            BigInteger costNanos = BigInteger.valueOf(cost.costNanos());
            BigInteger margin = revenueNanos.subtract(costNanos);
            List<String> flags = new ArrayList<>();
            if (revenueNanos.signum() == 0 && costNanos.signum() > 0) {
                flags.add(CustomerMargin.NO_REVENUE);
                withoutRevenue++;
            }
            if (margin.signum() < 0) {
                flags.add(CustomerMargin.NEGATIVE_MARGIN);
                negative++;
            }
            if (cost.calls() == 0) {
                flags.add(CustomerMargin.NO_USAGE);
            }
            lines.add(new Line(
                    new CustomerMargin(
                            tenant,
                            Measures.usdFromNanos(revenueNanos),
                            Measures.usdFromNanos(costNanos),
                            Measures.usdFromNanos(margin),
                            percent(margin, revenueNanos),
                            cost.calls(),
                            List.copyOf(flags),
                            Measures.usdFromNanos(cost.estimatedCostNanos())),
                    margin));
            totalRevenue = totalRevenue.add(revenueNanos);
            totalCost = totalCost.add(costNanos);
            totalEstimated = Math.addExact(totalEstimated, cost.estimatedCostNanos());
        }
        // Worst first: the customers that lose the most money lead the list.
        lines.sort(Comparator.comparing(Line::margin).thenComparing(l -> l.row().tenantId()));
        List<CustomerMargin> rows =
                lines.stream().limit(q.limit()).map(Line::row).toList();
        return new CustomerMarginReport(
                q.workspaceId(),
                q.from().toString(),
                q.to().toString(),
                q.limit(),
                lines.size(),
                withoutRevenue,
                negative,
                rows,
                totals(totalRevenue, totalCost, totalEstimated),
                Measures.usdFromNanos(unattributed == null ? 0 : unattributed.costNanos()));
    }

    public FeatureMarginReport marginByFeature(MarginQuery q) {
        validate(q);
        // Tenant × feature rollups add up to the feature rollups (calls without a tenant or feature
        // are rolled up under ""), so one read gives both the allocation weights and each feature's
        // cost, for the whole workspace or for one customer.
        // Each feature's cost is summed in place while the pairs are read (one small counter per
        // feature; a second pass over ~50,000 pairs, making a Rollup per pair, was a third of the read).
        Map<String, FeatureUse> costByFeature = new HashMap<>();
        Map<String, Map<String, Rollup>> pairs = tenantFeatureRollups(q, (feature, r) -> costByFeature
                .computeIfAbsent(feature, f -> new FeatureUse())
                .add(r));
        MarginAllocation allocation = MarginAllocation.of(
                revenueByTenant(q), tenant -> pairs.getOrDefault(tenant, Map.of()), Rollup::costNanos);
        TreeSet<String> features = new TreeSet<>(costByFeature.keySet());
        features.addAll(allocation.byFeature().keySet());
        if (q.feature() != null) {
            features.retainAll(Set.of(q.feature()));
        }
        record Line(FeatureMargin row, BigInteger margin) {}
        List<Line> lines = new ArrayList<>();
        BigInteger totalRevenue = BigInteger.ZERO;
        BigInteger totalCost = BigInteger.ZERO;
        long totalEstimated = 0;
        for (String feature : features) {
            FeatureUse cost = costByFeature.getOrDefault(feature, FeatureUse.NONE);
            BigInteger allocated = allocation.byFeature().getOrDefault(feature, BigInteger.ZERO);
            BigInteger costNanos = BigInteger.valueOf(cost.costNanos);
            BigInteger margin = allocated.subtract(costNanos);
            lines.add(new Line(
                    new FeatureMargin(
                            feature.isEmpty() ? null : feature,
                            Measures.usdFromNanos(allocated),
                            Measures.usdFromNanos(costNanos),
                            Measures.usdFromNanos(margin),
                            percent(margin, allocated),
                            cost.calls,
                            Measures.usdFromNanos(cost.estimatedNanos)),
                    margin));
            totalRevenue = totalRevenue.add(allocated);
            totalCost = totalCost.add(costNanos);
            totalEstimated = Math.addExact(totalEstimated, cost.estimatedNanos);
        }
        lines.sort(Comparator.comparing(Line::margin)
                .thenComparing(l -> l.row().feature() == null ? "" : l.row().feature()));
        return new FeatureMarginReport(
                q.workspaceId(),
                q.from().toString(),
                q.to().toString(),
                q.limit(),
                lines.size(),
                lines.stream().limit(q.limit()).map(Line::row).toList(),
                totals(totalRevenue, totalCost, totalEstimated),
                // Unallocated revenue belongs to no feature, so no feature filter matches it.
                Measures.usdFromNanos(q.feature() == null ? allocation.unallocated() : BigInteger.ZERO));
    }

    private static void validate(MarginQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }

    /** Whole months of {@code q} of one code, every value (a monthly bucket per value and month). */
    private void scanMonths(MarginQuery q, String code, RollupScan.RowSink sink) {
        MonthlyScan.scan(
                rollups.rollups(UsageKind.PRODUCT, q.workspaceId()),
                q.workspaceId(),
                code,
                q.from(),
                q.to(),
                closedMonths,
                sink);
    }

    /**
     * Tenant → feature → usage, from the tenant × feature rollups ("" for calls without one); only
     * the tenant of {@code q} when it names one.
     */
    private Map<String, Map<String, Rollup>> tenantFeatureRollups(MarginQuery q) {
        return tenantFeatureRollups(q, (feature, r) -> {});
    }

    /** As above, passing each pair's feature and usage to {@code each} as well, as it is read. */
    private Map<String, Map<String, Rollup>> tenantFeatureRollups(MarginQuery q, RollupScan.RowSink each) {
        // Hash maps: ~50,000 pairs a month go in, and nothing downstream depends on their order (the
        // allocation breaks ties by name, the reports sort their rows).
        Map<String, Map<String, Rollup>> pairs = new HashMap<>();
        scanMonths(q, RollupKeys.pairCode(Dimension.TENANT, Dimension.FEATURE), (value, r) -> {
            int sep = value.indexOf(RollupKeys.PAIR_SEP);
            String tenant = value.substring(0, sep);
            if (ofTenant(q, tenant)) {
                String feature = value.substring(sep + 1);
                pairs.computeIfAbsent(tenant, t -> new HashMap<>()).merge(feature, r, Rollup::plus);
                each.accept(feature, r);
            }
        });
        return pairs;
    }

    /** Whether {@code tenant} passes the tenant filter of {@code q}. */
    private static boolean ofTenant(MarginQuery q, String tenant) {
        return q.tenant() == null || q.tenant().equals(tenant);
    }

    /** A feature's cost (and its estimated part) and calls, summed over customers in place. */
    private static final class FeatureUse {
        static final FeatureUse NONE = new FeatureUse();

        long costNanos;
        long estimatedNanos;
        long calls;

        void add(Rollup r) {
            costNanos += r.costNanos();
            estimatedNanos += r.estimatedCostNanos();
            calls += r.calls();
        }
    }

    private Map<String, BigInteger> revenueByTenant(MarginQuery q) {
        Map<String, BigInteger> byTenant = new HashMap<>();
        ReadOnlyKeyValueStore<String, Long> store = revenue.revenue(q.workspaceId());
        try (KeyValueIterator<String, Long> it = store.range(
                RevenueKeys.rangeStart(q.workspaceId(), q.from()), RevenueKeys.rangeEnd(q.workspaceId(), q.to()))) {
            while (it.hasNext()) {
                KeyValue<String, Long> kv = it.next();
                String tenant = RevenueKeys.tenantOf(kv.key);
                if (ofTenant(q, tenant)) {
                    byTenant.merge(tenant, BigInteger.valueOf(kv.value), BigInteger::add);
                }
            }
        }
        return byTenant;
    }

    private static MarginTotals totals(BigInteger revenue, BigInteger cost, long estimatedNanos) {
        BigInteger margin = revenue.subtract(cost);
        return new MarginTotals(
                Measures.usdFromNanos(revenue),
                Measures.usdFromNanos(cost),
                Measures.usdFromNanos(margin),
                percent(margin, revenue),
                Measures.usdFromNanos(estimatedNanos));
    }

    /** Margin as a percentage of revenue, one decimal, half-even; null without revenue. */
    static BigDecimal percent(BigInteger margin, BigInteger revenue) {
        if (revenue.signum() == 0) {
            return null;
        }
        return new BigDecimal(margin.multiply(HUNDRED)).divide(new BigDecimal(revenue), 1, RoundingMode.HALF_EVEN);
    }
}
