package dev.spendline.contracts.query;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.deadletter.DeadLettersQuery;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.quota.AcceptedPairs;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import java.util.List;
import java.util.Objects;

/**
 * One kind of read the streams side answers: its wire name, the record of its arguments and the
 * record of its answer. {@link Queries#answer} takes one of these, so the in-process stores, the
 * router and the instance-to-instance HTTP hop each serve every kind with one generic method, and
 * a new kind is one constant here plus its local query (see docs/architecture.md, "Adding a read
 * tool"). The public read tools ({@link dev.spendline.contracts.tools.ReadTool}) are kinds;
 * quota, identities and experiments are kinds that only Spendline's own services ask.
 *
 * @param <Q> the arguments
 * @param <A> the answer
 */
public final class QueryType<Q extends WorkspaceQuery, A> {

    /*
     * Which reads a standby replica may answer (see staleTolerant()). A standby applies the same
     * changelog as the active task, a little later: its answer is what the active said moments ago.
     *
     * - The reports (spend, margins, waste, savings, budgets, alerts, compare) may: a report a
     *   second old, while the owner is down, beats a 503.
     * - quota_usage may: the gateway fails open to a count of 0 when it cannot read the count, so a
     *   slightly low count from a standby is strictly closer to the truth than the fallback.
     * - accepted_pairs may not: it decides whether a batch over the quota is a replay of events
     *   already accepted. A standby that has not yet seen the first copy would call the replay new
     *   and reject it with 429; a 503 makes the client retry instead, which is right.
     * - dead_letters may: it only feeds a notice in the workspace's settings.
     * - experiments may not: the create-guardrail action checks on it that the experiment is not
     *   already guarded, and a lagging answer could let a second guardrail through.
     */
    private static final boolean STALE_OK = true;
    private static final boolean EXACT = false;

    public static final QueryType<SpendQuery, SpendReport> SPEND_BY =
            new QueryType<>("spend_by", SpendQuery.class, SpendReport.class, STALE_OK);
    public static final QueryType<MarginQuery, CustomerMarginReport> MARGIN_BY_CUSTOMER =
            new QueryType<>("margin_by_customer", MarginQuery.class, CustomerMarginReport.class, STALE_OK);
    public static final QueryType<MarginQuery, FeatureMarginReport> MARGIN_BY_FEATURE =
            new QueryType<>("margin_by_feature", MarginQuery.class, FeatureMarginReport.class, STALE_OK);
    public static final QueryType<TopWasteQuery, TopWasteReport> TOP_WASTE =
            new QueryType<>("top_waste", TopWasteQuery.class, TopWasteReport.class, STALE_OK);
    public static final QueryType<SavingsQuery, SavingsReport> SAVINGS_RECOMMENDATIONS =
            new QueryType<>("savings_recommendations", SavingsQuery.class, SavingsReport.class, STALE_OK);
    public static final QueryType<BudgetStatusQuery, BudgetStatusReport> BUDGET_STATUS =
            new QueryType<>("budget_status", BudgetStatusQuery.class, BudgetStatusReport.class, STALE_OK);
    public static final QueryType<ActiveAlertsQuery, ActiveAlertsReport> ACTIVE_ALERTS =
            new QueryType<>("active_alerts", ActiveAlertsQuery.class, ActiveAlertsReport.class, STALE_OK);
    public static final QueryType<CompareQuery, CompareReport> COMPARE =
            new QueryType<>("compare", CompareQuery.class, CompareReport.class, STALE_OK);
    public static final QueryType<QuotaUsageQuery, QuotaUsage> QUOTA_USAGE =
            new QueryType<>("quota_usage", QuotaUsageQuery.class, QuotaUsage.class, STALE_OK);
    public static final QueryType<AcceptedPairsQuery, AcceptedPairs> ACCEPTED_PAIRS =
            new QueryType<>("accepted_pairs", AcceptedPairsQuery.class, AcceptedPairs.class, EXACT);
    public static final QueryType<ExperimentsQuery, ExperimentsReport> EXPERIMENTS =
            new QueryType<>("experiments", ExperimentsQuery.class, ExperimentsReport.class, EXACT);
    public static final QueryType<DeadLettersQuery, DeadLetterCount> DEAD_LETTERS =
            new QueryType<>("dead_letters", DeadLettersQuery.class, DeadLetterCount.class, STALE_OK);

    /** Every kind, in a fixed order. */
    public static final List<QueryType<?, ?>> ALL = List.of(
            SPEND_BY,
            MARGIN_BY_CUSTOMER,
            MARGIN_BY_FEATURE,
            TOP_WASTE,
            SAVINGS_RECOMMENDATIONS,
            BUDGET_STATUS,
            ACTIVE_ALERTS,
            COMPARE,
            QUOTA_USAGE,
            ACCEPTED_PAIRS,
            EXPERIMENTS,
            DEAD_LETTERS);

    private final String name;
    private final Class<Q> argumentType;
    private final Class<A> answerType;
    private final boolean staleTolerant;

    private QueryType(String name, Class<Q> argumentType, Class<A> answerType, boolean staleTolerant) {
        this.name = Objects.requireNonNull(name);
        this.argumentType = argumentType;
        this.answerType = answerType;
        this.staleTolerant = staleTolerant;
    }

    /** The wire name: the tool name for the public read tools, and the last segment of the internal route. */
    public String name() {
        return name;
    }

    public Class<Q> argumentType() {
        return argumentType;
    }

    public Class<A> answerType() {
        return answerType;
    }

    /**
     * Whether a standby replica may answer this read when the partition's active owner cannot
     * (killed, not yet evicted from the group): its stores lag the active's by the changelog's
     * replication, typically well under a second. Only reads that say so here are served from
     * standby (stale) stores; the others wait for the owner or end in 503. The reasons per kind
     * are at the top of this class.
     */
    public boolean staleTolerant() {
        return staleTolerant;
    }

    /** The kind of a wire name; null when there is none. */
    public static QueryType<?, ?> named(String name) {
        for (QueryType<?, ?> type : ALL) {
            if (type.name.equals(name)) {
                return type;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name;
    }
}
