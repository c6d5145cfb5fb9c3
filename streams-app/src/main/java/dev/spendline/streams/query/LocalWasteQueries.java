package dev.spendline.streams.query;

import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import dev.spendline.streams.waste.WasteKeys;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
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

    public TopWasteReport topWaste(TopWasteQuery q) {
        List<String> problems = q.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        String ws = q.workspaceId();
        RangePlan plan = RangePlan.of(q.from(), q.to(), clock.instant());
        ReadOnlyKeyValueStore<String, Rollup> store = waste.apply(ws);
        Rollup all = LocalSpendQueries.sumOf(store, ws, WasteKeys.ANY, "", plan);
        Rollup spent = LocalSpendQueries.sumOf(spend.rollups(UsageKind.PRODUCT, ws), ws, RollupKeys.TOTAL, "", plan);

        List<WasteRow> kinds = new ArrayList<>();
        for (WasteKind kind : WasteKind.values()) {
            Rollup r = LocalSpendQueries.sumOf(store, ws, WasteKeys.kind(kind), "", plan);
            kinds.add(new WasteRow(kind, null, Measures.usdFromNanos(r.costNanos()), r.calls()));
        }
        kinds.sort(BY_COST_DESC);

        List<WasteRow> rows;
        if (q.by() == null) {
            rows = kinds.stream().filter(r -> r.calls() > 0).limit(q.limit()).toList();
        } else {
            List<WasteRow> all2 = new ArrayList<>();
            for (WasteKind kind : WasteKind.values()) {
                Map<String, Rollup> byValue = new HashMap<>();
                LocalSpendQueries.scan(
                        store,
                        ws,
                        WasteKeys.kindBy(kind, q.by()),
                        plan,
                        (value, r) -> byValue.merge(value, r, Rollup::plus));
                byValue.forEach((value, r) -> all2.add(new WasteRow(
                        kind, value.isEmpty() ? null : value, Measures.usdFromNanos(r.costNanos()), r.calls())));
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
}
