package dev.spendline.streams.query;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.deadletter.DeadLettersQuery;
import dev.spendline.contracts.query.QueryHandlers;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.streams.StoreNames;
import dev.spendline.streams.alert.LocalAlertQueries;
import dev.spendline.streams.budget.LocalBudgetQueries;
import dev.spendline.streams.experiment.LocalExperimentQueries;
import dev.spendline.streams.margin.LocalMarginQueries;
import dev.spendline.streams.quota.LocalQuotaQueries;
import dev.spendline.streams.savings.SavingsRecommender;
import dev.spendline.streams.spend.LocalCompareQueries;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.streams.waste.LocalWasteQueries;
import java.time.Clock;
import java.time.Duration;

/**
 * The local query of every {@link QueryType}, over the stores of one partition: one line per kind.
 * Adding a read tool adds its line here (and its class like {@link LocalSpendQueries}); routing,
 * forwarding and the internal HTTP route need nothing more.
 */
final class LocalQueries {

    private LocalQueries() {}

    static QueryHandlers over(
            PartitionStores stores, Duration dedupeHorizon, Clock clock, ClosedMonthCache closedMonths) {
        // Margins, waste and budgets read product usage only: their rollups are the events' store.
        RollupStoreLocator rollups = stores.locator();
        RollupStoreLocator product = rollups;
        QueryHandlers local = new QueryHandlers();
        return local.on(QueryType.SPEND_BY, q -> new LocalSpendQueries(rollups, clock).spendBy(q))
                .on(QueryType.MARGIN_BY_CUSTOMER, q -> margins(product, stores, closedMonths)
                        .marginByCustomer(q))
                .on(QueryType.MARGIN_BY_FEATURE, q -> margins(product, stores, closedMonths)
                        .marginByFeature(q))
                .on(QueryType.TOP_WASTE, q -> waste(product, stores, clock).topWaste(q))
                .on(QueryType.SAVINGS_RECOMMENDATIONS, q -> new SavingsRecommender(
                                local, waste(product, stores, clock)::overkillModels)
                        .savingsRecommendations(q))
                .on(QueryType.BUDGET_STATUS, q -> new LocalBudgetQueries(
                                product, ws -> stores.<Budget>keyValue(StoreNames.BUDGETS), clock)
                        .budgetStatus(q))
                .on(QueryType.ACTIVE_ALERTS, q -> new LocalAlertQueries(
                                ws -> stores.keyValue(StoreNames.ALERTS),
                                ws -> stores.keyValue(StoreNames.ALERT_SNOOZES))
                        .activeAlerts(q))
                .on(QueryType.COMPARE, q -> new LocalCompareQueries(local).compare(q))
                .on(QueryType.QUOTA_USAGE, q -> quota(stores, dedupeHorizon, clock)
                        .quotaUsage(q))
                .on(QueryType.ACCEPTED_PAIRS, q -> quota(stores, dedupeHorizon, clock)
                        .acceptedPairs(q))
                .on(QueryType.EXPERIMENTS, q -> new LocalExperimentQueries(new LocalExperimentQueries.Stores(
                                ws -> stores.keyValue(StoreNames.EXPERIMENT_STATS),
                                ws -> stores.keyValue(StoreNames.GUARDRAILS),
                                ws -> stores.keyValue(StoreNames.GUARDRAIL_DECISIONS)))
                        .experiments(q))
                .on(QueryType.DEAD_LETTERS, q -> deadLetters(stores, q));
    }

    /** The dead-letter count lives in the events' sub-topology too ({@code SpendlineTopology#deadLetterCounts}). */
    private static DeadLetterCount deadLetters(PartitionStores stores, DeadLettersQuery q) {
        DeadLetterCount count =
                stores.<DeadLetterCount>keyValue(StoreNames.DEAD_LETTER_COUNTS).get(q.workspaceId());
        return count == null ? DeadLetterCount.none(q.workspaceId()) : count;
    }

    /**
     * The store whose partition's owner answers the query. Internal usage has its own
     * sub-topology, whose tasks may live elsewhere; everything else reads the events'
     * sub-topology (see {@code SpendlineTopology}), so ownership of the product rollups decides.
     */
    static String routingStore(WorkspaceQuery query) {
        if (query instanceof SpendQuery spend) {
            return PartitionStores.rollupStore(spend.usage());
        }
        if (query instanceof CompareQuery compare && compare.currentSpend() != null) {
            return PartitionStores.rollupStore(compare.currentSpend().usage());
        }
        return StoreNames.PRODUCT_ROLLUPS;
    }

    private static LocalWasteQueries waste(RollupStoreLocator product, PartitionStores stores, Clock clock) {
        return new LocalWasteQueries(product, ws -> stores.keyValue(StoreNames.WASTE_ROLLUPS), clock);
    }

    private static LocalMarginQueries margins(
            RollupStoreLocator product, PartitionStores stores, ClosedMonthCache closedMonths) {
        return new LocalMarginQueries(product, ws -> stores.<Long>keyValue(StoreNames.REVENUE), closedMonths);
    }

    /** Quota counts and the dedupe store are in the events' sub-topology, like the rollups. */
    private static LocalQuotaQueries quota(PartitionStores stores, Duration dedupeHorizon, Clock clock) {
        return new LocalQuotaQueries(
                ws -> stores.<Long>keyValue(StoreNames.QUOTA_USAGE),
                ws -> stores.<Long>window(StoreNames.DEDUPE_EVENTS),
                dedupeHorizon,
                clock);
    }
}
