package dev.spendline.streams.waste;

import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.query.RangePlan;
import dev.spendline.streams.query.RollupScan;
import dev.spendline.streams.query.RollupStoreLocator;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/** Answers {@code top_waste} from this instance's waste rollups (and the spend total, for scale). */
public final class LocalWasteQueries {

    private static final Comparator<WasteRow> BY_COST_DESC = Comparator.comparing(WasteRow::costUsd)
            .reversed()
            .thenComparing(WasteRow::kind)
            .thenComparing(r -> r.value() == null ? "" : r.value());

    private final RollupStoreLocator spend;
    private final Function<String, ReadOnlyKeyValueStore<String, Rollup>> waste;
    private final Clock clock;

    public LocalWasteQueries(
            RollupStoreLocator spend, Function<String, ReadOnlyKeyValueStore<String, Rollup>> waste, Clock clock) {
        this.spend = spend;
        this.waste = waste;
        this.clock = clock;
    }

    /**
     * The report of {@code q}. A value filter reads the value's own keys (per kind, all kinds, its
     * spend) instead of every value's; a kind filter reads that kind only. Either way the figures
     * are the same keys the unfiltered report sums, so they match it exactly.
     */
    public TopWasteReport topWaste(TopWasteQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        String ws = q.workspaceId();
        RangePlan plan = RangePlan.of(q.from(), q.to(), clock.instant());
        ReadOnlyKeyValueStore<String, Rollup> store = waste.apply(ws);
        ReadOnlyKeyValueStore<String, Rollup> product = spend.rollups(UsageKind.PRODUCT, ws);
        String value = q.value() == null ? "" : q.value();
        List<WasteKind> selected = q.kind() == null ? List.of(WasteKind.values()) : List.of(q.kind());

        Rollup all = RollupScan.sumOf(store, ws, q.kind() != null ? code(q.kind(), q) : anyCode(q), value, plan);
        Rollup spent = q.value() == null
                ? RollupScan.sumOf(product, ws, RollupKeys.TOTAL, "", plan)
                : RollupScan.sumOf(product, ws, q.by().code(), value, plan);

        List<WasteRow> kinds = new ArrayList<>();
        for (WasteKind kind : selected) {
            Rollup r = RollupScan.sumOf(store, ws, code(kind, q), value, plan);
            kinds.add(new WasteRow(kind, null, Measures.usdFromNanos(r.costNanos()), r.calls()));
        }
        kinds.sort(BY_COST_DESC);

        List<WasteRow> rows;
        if (q.by() == null) {
            rows = kinds.stream().filter(r -> r.calls() > 0).limit(q.limit()).toList();
        } else if (q.value() != null) {
            // The value's row of each kind is the kind's figure for the value.
            rows = kinds.stream()
                    .filter(r -> r.calls() > 0)
                    .map(r -> new WasteRow(r.kind(), q.value(), r.costUsd(), r.calls()))
                    .limit(q.limit())
                    .toList();
        } else {
            List<WasteRow> all2 = new ArrayList<>();
            for (WasteKind kind : selected) {
                Map<String, Rollup> byValue = new HashMap<>();
                RollupScan.scan(
                        store, ws, WasteKeys.kindBy(kind, q.by()), plan, (v, r) -> byValue.merge(v, r, Rollup::plus));
                byValue.forEach((v, r) -> all2.add(
                        new WasteRow(kind, v.isEmpty() ? null : v, Measures.usdFromNanos(r.costNanos()), r.calls())));
            }
            all2.sort(BY_COST_DESC);
            rows = all2.stream().limit(q.limit()).toList();
        }
        BigDecimal percent = spent.costNanos() == 0
                ? null
                : BigDecimal.valueOf(all.costNanos())
                        .multiply(BigDecimal.valueOf(100))
                        .divide(BigDecimal.valueOf(spent.costNanos()), 1, RoundingMode.HALF_UP);
        return new TopWasteReport(
                ws,
                plan.from(),
                plan.to(),
                q.by() == null ? null : q.by().wireName(),
                q.limit(),
                Measures.usdFromNanos(all.costNanos()),
                all.calls(),
                Measures.usdFromNanos(spent.costNanos()),
                percent,
                List.copyOf(kinds),
                rows);
    }

    /**
     * Per feature, the models whose calls were model overkill over {@code [from, to)} (rounded to
     * whole hours as {@link #topWaste} rounds), the largest overkill first (equal amounts by name).
     * Calls without a feature or model are left out: there is no recommendation for them.
     */
    public Map<String, List<String>> overkillModels(String workspaceId, Instant from, Instant to) {
        RangePlan plan = RangePlan.of(from, to, clock.instant());
        Map<String, Map<String, Long>> byFeature = new HashMap<>();
        RollupScan.scan(
                waste.apply(workspaceId), workspaceId, WasteKeys.OVERKILL_BY_FEATURE_AND_MODEL, plan, (pair, r) -> {
                    int sep = pair.indexOf(RollupKeys.PAIR_SEP);
                    String feature = pair.substring(0, sep);
                    String model = pair.substring(sep + 1);
                    if (!feature.isEmpty() && !model.isEmpty()) {
                        byFeature.computeIfAbsent(feature, f -> new HashMap<>()).merge(model, r.costNanos(), Long::sum);
                    }
                });
        Map<String, List<String>> models = new HashMap<>();
        byFeature.forEach((feature, costs) -> models.put(
                feature,
                costs.entrySet().stream()
                        .sorted(Map.Entry.<String, Long>comparingByValue()
                                .reversed()
                                .thenComparing(Map.Entry.comparingByKey()))
                        .map(Map.Entry::getKey)
                        .toList()));
        return models;
    }

    /** The code of one kind's waste: the workspace's, or per value of {@code by} when filtered by one. */
    private static String code(WasteKind kind, TopWasteQuery q) {
        return q.value() == null ? WasteKeys.kind(kind) : WasteKeys.kindBy(kind, q.by());
    }

    /** The code of all waste, each call once: the workspace's, or per value of {@code by} when filtered by one. */
    private static String anyCode(TopWasteQuery q) {
        return q.value() == null ? WasteKeys.ANY : WasteKeys.anyBy(q.by());
    }
}
