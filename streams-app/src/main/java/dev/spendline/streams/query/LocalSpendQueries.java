package dev.spendline.streams.query;

import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.rollup.ProductRollupSpec;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Answers {@link SpendQuery} from the rollup stores of this instance. Each time segment of the
 * {@link RangePlan} is one range scan over contiguous keys (see {@link RollupKeys}).
 */
public final class LocalSpendQueries {

    /** Rows sort by cost, then calls, then name, so equal spend still has a stable order. */
    private static final Comparator<Map.Entry<String, Rollup>> BY_COST_DESC =
            Comparator.<Map.Entry<String, Rollup>>comparingLong(
                            e -> e.getValue().costNanos())
                    .reversed()
                    .thenComparing(Comparator.<Map.Entry<String, Rollup>>comparingLong(
                                    e -> e.getValue().calls())
                            .reversed())
                    .thenComparing(Map.Entry::getKey);

    private final RollupStoreLocator stores;
    /** Codes of product usage that also have monthly buckets (with the workspace total). */
    private static final Set<String> PRODUCT_MONTHLY_CODES = new ProductRollupSpec()
            .monthlyDimensions().stream().map(Dimension::code).collect(Collectors.toUnmodifiableSet());

    /** "Now" for the hourly horizon: older edges of a range are read as whole days. */
    private final Clock clock;

    public LocalSpendQueries(RollupStoreLocator stores, Clock clock) {
        this.stores = stores;
        this.clock = clock;
    }

    public SpendReport spendBy(SpendQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        ReadOnlyKeyValueStore<String, Rollup> store = stores.rollups(q.usage(), q.workspaceId());
        RangePlan plan = RangePlan.of(q.from(), q.to(), clock.instant());
        Map<String, Rollup> byValue = new HashMap<>();
        Rollup totals;
        if (q.filters().isEmpty()) {
            scanRange(store, q, q.by().code(), plan, (value, r) -> byValue.merge(value, r, Rollup::plus));
            // Every event is rolled up under exactly one value of the dimension (the empty value when
            // the sender did not say), so the rows add up to the total. Summing them, rather than
            // reading the total's keys in a second scan, keeps rows and total from one read: a
            // commit between two scans could show a total without its rows.
            totals = byValue.values().stream().reduce(Rollup.EMPTY, Rollup::plus);
        } else {
            Map.Entry<Dimension, String> filter =
                    q.filters().entrySet().iterator().next();
            collectFiltered(store, q, plan, filter.getKey(), filter.getValue(), byValue);
            totals = byValue.values().stream().reduce(Rollup.EMPTY, Rollup::plus);
        }

        List<Map.Entry<String, Rollup>> sorted = new ArrayList<>(byValue.entrySet());
        sorted.sort(BY_COST_DESC);
        List<SpendRow> rows = new ArrayList<>();
        Rollup others = Rollup.EMPTY;
        for (int i = 0; i < sorted.size(); i++) {
            Map.Entry<String, Rollup> e = sorted.get(i);
            if (i < q.limit()) {
                // The empty value holds spend the sender did not attribute; it is shown as null.
                rows.add(new SpendRow(
                        e.getKey().isEmpty() ? null : e.getKey(), e.getValue().toMeasures()));
            } else {
                others = others.plus(e.getValue());
            }
        }
        Map<String, String> filters = new LinkedHashMap<>();
        q.filters().forEach((d, v) -> filters.put(d.wireName(), v));
        return new SpendReport(
                q.workspaceId(),
                q.usage().wireName(),
                q.by().wireName(),
                plan.from(),
                plan.to(),
                filters,
                q.limit(),
                sorted.size(),
                rows,
                others.calls() == 0 ? Measures.ZERO : others.toMeasures(),
                totals.toMeasures());
    }

    /** One code over the plan's range: by months where the code has monthly buckets. */
    private void scanRange(
            ReadOnlyKeyValueStore<String, Rollup> store, SpendQuery q, String code, RangePlan plan, RowSink sink) {
        if (q.usage() == UsageKind.PRODUCT && (code.equals(RollupKeys.TOTAL) || PRODUCT_MONTHLY_CODES.contains(code))) {
            MonthFirstScan.scan(store, q.workspaceId(), code, plan, clock.instant(), sink);
        } else {
            scan(store, q.workspaceId(), code, plan, sink);
        }
    }

    private void collectFiltered(
            ReadOnlyKeyValueStore<String, Rollup> store,
            SpendQuery q,
            RangePlan plan,
            Dimension filterDimension,
            String filterValue,
            Map<String, Rollup> byValue) {
        if (filterDimension == q.by()) {
            Rollup sum = sumOf(store, q.workspaceId(), q.by().code(), filterValue, plan);
            if (sum.calls() > 0 || sum.costNanos() != 0) {
                byValue.put(filterValue, sum);
            }
            return;
        }
        List<Dimension> pair = RollupKeys.pairOf(q.by(), filterDimension);
        String pairCode = RollupKeys.pairCode(pair.get(0), pair.get(1));
        if (pair.get(0) == filterDimension) {
            // The filter is the pair's first part: in each bucket its rows are contiguous, so read
            // only those (a tenant's features, not every tenant's).
            for (RangePlan.Segment segment : plan.segments()) {
                String prefix = RollupKeys.prefix(q.workspaceId(), segment.granularity(), pairCode);
                for (long bucket = segment.fromBucket(); bucket < segment.toBucket(); bucket++) {
                    try (KeyValueIterator<String, Rollup> it = store.range(
                            RollupKeys.firstOfPairStart(prefix, bucket, filterValue),
                            RollupKeys.firstOfPairEnd(prefix, bucket, filterValue))) {
                        while (it.hasNext()) {
                            KeyValue<String, Rollup> kv = it.next();
                            String value = RollupKeys.valueOf(kv.key);
                            byValue.merge(
                                    value.substring(value.indexOf(RollupKeys.PAIR_SEP) + 1), kv.value, Rollup::plus);
                        }
                    }
                }
            }
            return;
        }
        scan(store, q.workspaceId(), pairCode, plan, (value, r) -> {
            int sep = value.indexOf(RollupKeys.PAIR_SEP);
            if (value.substring(sep + 1).equals(filterValue)) {
                byValue.merge(value.substring(0, sep), r, Rollup::plus);
            }
        });
    }

    /**
     * What one value of one dimension (or, for {@link BudgetScope#WORKSPACE}, the whole workspace)
     * used over {@code [from, to)}: a point read per bucket, not a scan over every value.
     */
    public static Rollup sumOf(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            BudgetScope scope,
            String scopeValue,
            Instant from,
            Instant to) {
        return scope.needsValue()
                ? sumOf(store, workspaceId, scope.dimension().code(), scopeValue, RangePlan.of(from, to, to))
                : sumOf(store, workspaceId, RollupKeys.TOTAL, "", RangePlan.of(from, to, to));
    }

    static Rollup sumOf(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String dimensionCode,
            String value,
            RangePlan plan) {
        Rollup sum = Rollup.EMPTY;
        for (RangePlan.Segment segment : plan.segments()) {
            for (long bucket = segment.fromBucket(); bucket < segment.toBucket(); bucket++) {
                Rollup r = store.get(RollupKeys.key(workspaceId, segment.granularity(), dimensionCode, bucket, value));
                if (r != null) {
                    sum = sum.plus(r);
                }
            }
        }
        return sum;
    }

    interface RowSink {
        void accept(String value, Rollup rollup);
    }

    static void scan(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            String dimensionCode,
            RangePlan plan,
            RowSink sink) {
        for (RangePlan.Segment segment : plan.segments()) {
            String prefix = RollupKeys.prefix(workspaceId, segment.granularity(), dimensionCode);
            try (KeyValueIterator<String, Rollup> it = store.range(
                    RollupKeys.rangeStart(prefix, segment.fromBucket()),
                    RollupKeys.rangeEnd(prefix, segment.toBucket()))) {
                while (it.hasNext()) {
                    KeyValue<String, Rollup> kv = it.next();
                    sink.accept(RollupKeys.valueOf(kv.key), kv.value);
                }
            }
        }
    }
}
