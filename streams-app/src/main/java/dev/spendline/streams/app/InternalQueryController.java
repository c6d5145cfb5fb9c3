package dev.spendline.streams.app;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.HttpSpendQueries;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.quota.AcceptedPairs;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.streams.query.RoutingSpendQueries;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Instance-to-instance query endpoint. A forwarded query is answered locally or not at all, so a
 * query can never bounce between instances; an unforwarded one (from a query-api that does not
 * know partition ownership) is routed. Meant for the internal network only: do not expose
 * {@code /internal/**} through the public proxy.
 */
@RestController
final class InternalQueryController {

    private final RoutingSpendQueries queries;

    InternalQueryController(RoutingSpendQueries queries) {
        this.queries = queries;
    }

    @PostMapping(HttpSpendQueries.PATH)
    SpendReport spendBy(
            @RequestBody SpendQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.spendBy(query) : queries.spendByLocally(query);
    }

    @PostMapping(HttpSpendQueries.MARGIN_BY_CUSTOMER_PATH)
    CustomerMarginReport marginByCustomer(
            @RequestBody MarginQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.marginByCustomer(query) : queries.marginByCustomerLocally(query);
    }

    @PostMapping(HttpSpendQueries.MARGIN_BY_FEATURE_PATH)
    FeatureMarginReport marginByFeature(
            @RequestBody MarginQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.marginByFeature(query) : queries.marginByFeatureLocally(query);
    }

    @PostMapping(HttpSpendQueries.BUDGET_STATUS_PATH)
    BudgetStatusReport budgetStatus(
            @RequestBody BudgetStatusQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.budgetStatus(query) : queries.budgetStatusLocally(query);
    }

    @PostMapping(HttpSpendQueries.ACTIVE_ALERTS_PATH)
    ActiveAlertsReport activeAlerts(
            @RequestBody ActiveAlertsQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.activeAlerts(query) : queries.activeAlertsLocally(query);
    }

    @PostMapping(HttpSpendQueries.QUOTA_USAGE_PATH)
    QuotaUsage quotaUsage(
            @RequestBody QuotaUsageQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.quotaUsage(query) : queries.quotaUsageLocally(query);
    }

    @PostMapping(HttpSpendQueries.ACCEPTED_PAIRS_PATH)
    AcceptedPairs acceptedPairs(
            @RequestBody AcceptedPairsQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.acceptedPairs(query) : queries.acceptedPairsLocally(query);
    }

    @PostMapping(HttpSpendQueries.TOP_WASTE_PATH)
    TopWasteReport topWaste(
            @RequestBody TopWasteQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.topWaste(query) : queries.topWasteLocally(query);
    }

    @PostMapping(HttpSpendQueries.EXPERIMENTS_PATH)
    ExperimentsReport experiments(
            @RequestBody ExperimentsQuery query,
            @RequestHeader(name = HttpSpendQueries.FORWARDED_HEADER, required = false) String forwarded) {
        return forwarded == null ? queries.experiments(query) : queries.experimentsLocally(query);
    }
}
