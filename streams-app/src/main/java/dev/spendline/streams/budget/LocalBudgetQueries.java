package dev.spendline.streams.budget;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.streams.query.BudgetStoreLocator;
import dev.spendline.streams.query.RangePlan;
import dev.spendline.streams.query.RollupScan;
import dev.spendline.streams.query.RollupStoreLocator;
import dev.spendline.streams.rollup.Rollup;
import dev.spendline.streams.rollup.RollupKeys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Answers {@code budget_status} from this instance's stores: the definitions from the budget
 * store, each budget's spend from the start of its current period to {@code asOf} (rounded up to
 * the hour) from the product rollups: one point read per day or hour bucket, see
 * {@link #sumOf}. The filters of {@link BudgetStatusQuery} on scope, value and name
 * leave a budget out before its spend is read; the state filter once its status is known.
 */
public final class LocalBudgetQueries {

    /** Worst first, then by name and id for a stable order. */
    static final Comparator<BudgetStatus> ORDER = Comparator.comparing(
                    (BudgetStatus s) -> s.state(), Comparator.reverseOrder())
            .thenComparing(s -> s.percentUsed(), Comparator.reverseOrder())
            .thenComparing(s -> s.budget().name())
            .thenComparing(s -> s.budget().id());

    private final RollupStoreLocator rollups;
    private final BudgetStoreLocator budgets;
    /** "Now" for the hourly horizon (not asOf: see {@link #budgetStatus}). */
    private final java.time.Clock clock;

    public LocalBudgetQueries(RollupStoreLocator rollups, BudgetStoreLocator budgets, java.time.Clock clock) {
        this.rollups = rollups;
        this.budgets = budgets;
        this.clock = clock;
    }

    public BudgetStatusReport budgetStatus(BudgetStatusQuery query) {
        String workspaceId = query.workspaceId();
        Instant asOf = query.asOf();
        ReadOnlyKeyValueStore<String, Rollup> store = rollups.rollups(UsageKind.PRODUCT, workspaceId);
        List<BudgetStatus> statuses = new ArrayList<>();
        for (Budget budget : budgetsOf(budgets.budgets(workspaceId), workspaceId)) {
            if (!query.matches(budget)) {
                continue; // no spend to read for a budget the filters leave out
            }
            Instant start = budget.period().start(asOf);
            // Spend so far: up to the end of asOf's hour (the finest bucket), not the whole period.
            Instant end = min(budget.period().end(asOf), asOf);
            // Planned with the clock's now, not asOf: hours older than the horizon are gone (and never
            // held events received more than 8 days late), so such an asOf is read to the end of its
            // day, as spend_by reads an old range.
            Rollup spent = sumOf(
                    store, workspaceId, budget.scope(), budget.scopeValue(), RangePlan.of(start, end, clock.instant()));
            BudgetStatus status = BudgetStatus.of(budget, asOf, Measures.usdFromNanos(spent.costNanos()));
            if (query.matches(status)) {
                statuses.add(status);
            }
        }
        statuses.sort(ORDER);
        return new BudgetStatusReport(
                workspaceId,
                asOf,
                count(statuses, BudgetState.EXCEEDED),
                count(statuses, BudgetState.WARNING),
                count(statuses, BudgetState.OK),
                List.copyOf(statuses));
    }

    /**
     * The status now of every budget in {@code budgets} (all the stores of this instance's tasks, for
     * the budget gauges), grouped by workspace and read as {@link #budgetStatus} reads one workspace.
     */
    public static List<BudgetStatus> statusOfEvery(
            ReadOnlyKeyValueStore<String, Budget> budgets, RollupStoreLocator rollups, java.time.Clock clock) {
        java.util.SortedSet<String> workspaces = new java.util.TreeSet<>();
        try (KeyValueIterator<String, Budget> it = budgets.all()) {
            it.forEachRemaining(kv -> {
                if (kv.value != null) {
                    workspaces.add(kv.value.workspaceId());
                }
            });
        }
        LocalBudgetQueries queries = new LocalBudgetQueries(rollups, ws -> budgets, clock);
        Instant now = clock.instant();
        List<BudgetStatus> statuses = new ArrayList<>();
        for (String workspaceId : workspaces) {
            statuses.addAll(queries.budgetStatus(BudgetStatusQuery.all(workspaceId, now))
                    .budgets());
        }
        return statuses;
    }

    /** The workspace's budgets: its keys are contiguous ({@code ws \0 id}; \1 sorts after \0). */
    static List<Budget> budgetsOf(ReadOnlyKeyValueStore<String, Budget> store, String workspaceId) {
        List<Budget> list = new ArrayList<>();
        try (KeyValueIterator<String, Budget> it = store.range(workspaceId + '\u0000', workspaceId + '\u0001')) {
            it.forEachRemaining(kv -> list.add(kv.value));
        }
        return list;
    }

    /**
     * What one value of one dimension (or, for {@link BudgetScope#WORKSPACE}, the whole workspace)
     * used over {@code [from, to)}: a point read per bucket, not a scan over every value.
     */
    static Rollup sumOf(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            BudgetScope scope,
            String scopeValue,
            Instant from,
            Instant to) {
        return sumOf(store, workspaceId, scope, scopeValue, RangePlan.of(from, to, to));
    }

    private static Rollup sumOf(
            ReadOnlyKeyValueStore<String, Rollup> store,
            String workspaceId,
            BudgetScope scope,
            String scopeValue,
            RangePlan plan) {
        return scope.needsValue()
                ? RollupScan.sumOf(store, workspaceId, scope.dimension().code(), scopeValue, plan)
                : RollupScan.sumOf(store, workspaceId, RollupKeys.TOTAL, "", plan);
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static int count(List<BudgetStatus> statuses, BudgetState state) {
        return (int) statuses.stream().filter(s -> s.state() == state).count();
    }
}
