package dev.spendline.streams.query;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.AlertQueries;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetQueries;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.experiment.ExperimentQueries;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.HttpSpendQueries;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.SpendQueries;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.quota.AcceptedPairs;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.QuotaQueries;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteQueries;
import dev.spendline.streams.StoreNames;
import dev.spendline.streams.rollup.Rollup;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes a read to the instance that owns the workspace's partition: answered from the local
 * stores when that is this instance, forwarded over HTTP otherwise. Rebalances make ownership
 * briefly unknown or stale, so each attempt re-reads the metadata, with a bounded number of
 * attempts before {@link QueryUnavailableException} (which callers turn into 503 + Retry-After).
 * Margins and budgets read the product rollups and the revenue or budget store, which live in the
 * same task (see {@code SpendlineTopology}), so ownership of the product rollups decides for all.
 */
public final class RoutingSpendQueries
        implements SpendQueries,
                MarginQueries,
                BudgetQueries,
                AlertQueries,
                QuotaQueries,
                WasteQueries,
                ExperimentQueries {

    private static final Logger log = LoggerFactory.getLogger(RoutingSpendQueries.class);

    private final KafkaStreams streams;
    private final HostInfo self;
    private final Function<HostInfo, HttpSpendQueries> remote;
    private final int attempts;
    private final Duration backoff;
    private final Duration dedupeHorizon;

    /** @param dedupeHorizon how long the topology remembers identities (for {@link #acceptedPairs}) */
    public RoutingSpendQueries(
            KafkaStreams streams,
            HostInfo self,
            Function<HostInfo, HttpSpendQueries> remote,
            int attempts,
            Duration backoff,
            Duration dedupeHorizon) {
        this.streams = streams;
        this.self = self;
        this.remote = remote;
        this.attempts = attempts;
        this.backoff = backoff;
        this.dedupeHorizon = dedupeHorizon;
    }

    @Override
    public SpendReport spendBy(SpendQuery query) {
        return spendBy(query, true);
    }

    /** Answers only if this instance owns the workspace; used for forwarded queries (no loops). */
    public SpendReport spendByLocally(SpendQuery query) {
        return spendBy(query, false);
    }

    @Override
    public CustomerMarginReport marginByCustomer(MarginQuery query) {
        return marginByCustomer(query, true);
    }

    public CustomerMarginReport marginByCustomerLocally(MarginQuery query) {
        return marginByCustomer(query, false);
    }

    @Override
    public FeatureMarginReport marginByFeature(MarginQuery query) {
        return marginByFeature(query, true);
    }

    public FeatureMarginReport marginByFeatureLocally(MarginQuery query) {
        return marginByFeature(query, false);
    }

    @Override
    public BudgetStatusReport budgetStatus(BudgetStatusQuery query) {
        return budgetStatus(query, true);
    }

    public BudgetStatusReport budgetStatusLocally(BudgetStatusQuery query) {
        return budgetStatus(query, false);
    }

    private BudgetStatusReport budgetStatus(BudgetStatusQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> new LocalBudgetQueries(
                                (usage, ws) -> rollupStore(StoreNames.PRODUCT_ROLLUPS, partition),
                                ws -> this.<Budget>localStore(StoreNames.BUDGETS, partition))
                        .budgetStatus(query),
                owner -> owner.budgetStatus(query));
    }

    @Override
    public ActiveAlertsReport activeAlerts(ActiveAlertsQuery query) {
        return activeAlerts(query, true);
    }

    public ActiveAlertsReport activeAlertsLocally(ActiveAlertsQuery query) {
        return activeAlerts(query, false);
    }

    private ActiveAlertsReport activeAlerts(ActiveAlertsQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> new LocalAlertQueries(
                                ws -> localStore(StoreNames.ALERTS, partition),
                                ws -> localStore(StoreNames.ALERT_SNOOZES, partition))
                        .activeAlerts(query),
                owner -> owner.activeAlerts(query));
    }

    @Override
    public TopWasteReport topWaste(TopWasteQuery query) {
        return topWaste(query, true);
    }

    public TopWasteReport topWasteLocally(TopWasteQuery query) {
        return topWaste(query, false);
    }

    private TopWasteReport topWaste(TopWasteQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> new LocalWasteQueries(
                                (usage, ws) -> rollupStore(StoreNames.PRODUCT_ROLLUPS, partition),
                                ws -> rollupStore(StoreNames.WASTE_ROLLUPS, partition))
                        .topWaste(query),
                owner -> owner.topWaste(query));
    }

    @Override
    public ExperimentsReport experiments(ExperimentsQuery query) {
        return experiments(query, true);
    }

    public ExperimentsReport experimentsLocally(ExperimentsQuery query) {
        return experiments(query, false);
    }

    /** The experiment stores are in the events' sub-topology, like the product rollups. */
    private ExperimentsReport experiments(ExperimentsQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> new LocalExperimentQueries(new LocalExperimentQueries.Stores(
                                ws -> localStore(StoreNames.EXPERIMENT_STATS, partition),
                                ws -> localStore(StoreNames.GUARDRAILS, partition),
                                ws -> localStore(StoreNames.GUARDRAIL_DECISIONS, partition)))
                        .experiments(query),
                owner -> owner.experiments(query));
    }

    @Override
    public QuotaUsage quotaUsage(QuotaUsageQuery query) {
        return quotaUsage(query, true);
    }

    public QuotaUsage quotaUsageLocally(QuotaUsageQuery query) {
        return quotaUsage(query, false);
    }

    @Override
    public AcceptedPairs acceptedPairs(AcceptedPairsQuery query) {
        return acceptedPairs(query, true);
    }

    public AcceptedPairs acceptedPairsLocally(AcceptedPairsQuery query) {
        return acceptedPairs(query, false);
    }

    private QuotaUsage quotaUsage(QuotaUsageQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> localQuota(partition).quotaUsage(query),
                owner -> owner.quotaUsage(query));
    }

    private AcceptedPairs acceptedPairs(AcceptedPairsQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> localQuota(partition).acceptedPairs(query),
                owner -> owner.acceptedPairs(query));
    }

    /** Quota counts and the dedupe store are in the events' sub-topology, like the rollups. */
    private LocalQuotaQueries localQuota(int partition) {
        return new LocalQuotaQueries(
                ws -> this.<Long>localStore(StoreNames.QUOTA_USAGE, partition),
                ws -> streams.store(StoreQueryParameters.fromNameAndType(
                                StoreNames.DEDUPE_EVENTS, QueryableStoreTypes.<String, Long>windowStore())
                        .withPartition(partition)),
                dedupeHorizon,
                java.time.Clock.systemUTC());
    }

    private <V> ReadOnlyKeyValueStore<String, V> localStore(String name, int partition) {
        return streams.store(StoreQueryParameters.fromNameAndType(name, QueryableStoreTypes.<String, V>keyValueStore())
                .withPartition(partition));
    }

    private SpendReport spendBy(SpendQuery query, boolean mayForward) {
        String store = storeName(query.usage());
        return route(
                store,
                query.workspaceId(),
                mayForward,
                partition -> new LocalSpendQueries((usage, ws) -> rollupStore(store, partition)).spendBy(query),
                owner -> owner.spendBy(query));
    }

    private CustomerMarginReport marginByCustomer(MarginQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> localMargins(partition).marginByCustomer(query),
                owner -> owner.marginByCustomer(query));
    }

    private FeatureMarginReport marginByFeature(MarginQuery query, boolean mayForward) {
        return route(
                StoreNames.PRODUCT_ROLLUPS,
                query.workspaceId(),
                mayForward,
                partition -> localMargins(partition).marginByFeature(query),
                owner -> owner.marginByFeature(query));
    }

    private LocalMarginQueries localMargins(int partition) {
        return new LocalMarginQueries(
                (usage, ws) -> rollupStore(StoreNames.PRODUCT_ROLLUPS, partition),
                ws -> this.<Long>localStore(StoreNames.REVENUE, partition));
    }

    private <R> R route(
            String store,
            String workspaceId,
            boolean mayForward,
            IntFunction<R> local,
            Function<HttpSpendQueries, R> forward) {
        RuntimeException last = null;
        // A forwarded query gets one try: the forwarding instance retries, re-reading ownership, so
        // retrying here too would only multiply the wait.
        int tries = mayForward ? attempts : 1;
        for (int attempt = 1; attempt <= tries; attempt++) {
            if (attempt > 1) {
                pause();
            }
            if (!streams.state().isRunningOrRebalancing()) {
                // Stopped or failed: retrying here cannot help; health reports DOWN meanwhile.
                throw new QueryUnavailableException("Kafka Streams is " + streams.state() + ", not running");
            }
            KeyQueryMetadata owner;
            try {
                owner = streams.queryMetadataForKey(
                        store, workspaceId, Serdes.String().serializer());
            } catch (IllegalStateException e) {
                last = new QueryUnavailableException("Kafka Streams is not running", e);
                continue;
            }
            if (owner == null || KeyQueryMetadata.NOT_AVAILABLE.equals(owner)) {
                last = new QueryUnavailableException("Ownership of the workspace's partition is not known yet");
                continue;
            }
            try {
                if (self.equals(owner.activeHost())) {
                    return local.apply(owner.partition());
                }
                if (!mayForward) {
                    throw new QueryUnavailableException("This instance no longer owns the workspace's partition");
                }
                return forward.apply(remote.apply(owner.activeHost()));
            } catch (InvalidStateStoreException | QueryUnavailableException e) {
                log.debug("Query attempt {} of {} failed: {}", attempt, tries, e.getMessage());
                last = e;
            }
        }
        throw new QueryUnavailableException("No instance can answer for this workspace right now", last);
    }

    private ReadOnlyKeyValueStore<String, Rollup> rollupStore(String store, int partition) {
        return localStore(store, partition);
    }

    static String storeName(UsageKind usage) {
        return usage == UsageKind.PRODUCT ? StoreNames.PRODUCT_ROLLUPS : StoreNames.INTERNAL_ROLLUPS;
    }

    private void pause() {
        try {
            Thread.sleep(backoff.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryUnavailableException("Interrupted while waiting to retry a query", e);
        }
    }
}
