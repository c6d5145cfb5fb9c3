package dev.spendline.contracts.query;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.AlertQueries;
import dev.spendline.contracts.budget.BudgetQueries;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.experiment.ExperimentQueries;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.quota.AcceptedPairs;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.QuotaQueries;
import dev.spendline.contracts.quota.QuotaUsage;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteQueries;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The read tools over HTTP: forwards each query to another Spendline streams instance's internal
 * query endpoints ({@value #PATH}, {@value #MARGIN_BY_CUSTOMER_PATH}, {@value #MARGIN_BY_FEATURE_PATH}, {@value #BUDGET_STATUS_PATH}, {@value #ACTIVE_ALERTS_PATH}, {@value #TOP_WASTE_PATH}, {@value #QUOTA_USAGE_PATH}, {@value #ACCEPTED_PAIRS_PATH}, {@value #EXPERIMENTS_PATH}).
 */
public final class HttpSpendQueries
        implements SpendQueries,
                MarginQueries,
                BudgetQueries,
                AlertQueries,
                QuotaQueries,
                WasteQueries,
                ExperimentQueries {

    public static final String PATH = "/internal/v1/queries/spend-by";
    public static final String MARGIN_BY_CUSTOMER_PATH = "/internal/v1/queries/margin-by-customer";
    public static final String MARGIN_BY_FEATURE_PATH = "/internal/v1/queries/margin-by-feature";
    public static final String BUDGET_STATUS_PATH = "/internal/v1/queries/budget-status";
    public static final String ACTIVE_ALERTS_PATH = "/internal/v1/queries/active-alerts";
    public static final String TOP_WASTE_PATH = "/internal/v1/queries/top-waste";
    public static final String QUOTA_USAGE_PATH = "/internal/v1/queries/quota-usage";
    public static final String ACCEPTED_PAIRS_PATH = "/internal/v1/queries/accepted-pairs";
    public static final String EXPERIMENTS_PATH = "/internal/v1/queries/experiments";
    /** Marks a query one instance forwarded to another, which must then answer locally or 503. */
    public static final String FORWARDED_HEADER = "X-Spendline-Forwarded";

    private final URI baseUrl;
    private final HttpClient client;
    private final Duration timeout;
    private final boolean forwarded;

    /**
     * @param forwarded true when an instance forwards to the partition owner; false when a client
     *     that does not know ownership (query-api) asks any streams instance
     */
    public HttpSpendQueries(URI baseUrl, HttpClient client, Duration timeout, boolean forwarded) {
        this.baseUrl = baseUrl;
        this.client = client;
        this.timeout = timeout;
        this.forwarded = forwarded;
    }

    @Override
    public SpendReport spendBy(SpendQuery query) {
        return post(PATH, query, SpendReport.class);
    }

    @Override
    public CustomerMarginReport marginByCustomer(MarginQuery query) {
        return post(MARGIN_BY_CUSTOMER_PATH, query, CustomerMarginReport.class);
    }

    @Override
    public FeatureMarginReport marginByFeature(MarginQuery query) {
        return post(MARGIN_BY_FEATURE_PATH, query, FeatureMarginReport.class);
    }

    @Override
    public BudgetStatusReport budgetStatus(BudgetStatusQuery query) {
        return post(BUDGET_STATUS_PATH, query, BudgetStatusReport.class);
    }

    @Override
    public ActiveAlertsReport activeAlerts(ActiveAlertsQuery query) {
        return post(ACTIVE_ALERTS_PATH, query, ActiveAlertsReport.class);
    }

    @Override
    public QuotaUsage quotaUsage(QuotaUsageQuery query) {
        return post(QUOTA_USAGE_PATH, query, QuotaUsage.class);
    }

    @Override
    public AcceptedPairs acceptedPairs(AcceptedPairsQuery query) {
        return post(ACCEPTED_PAIRS_PATH, query, AcceptedPairs.class);
    }

    @Override
    public ExperimentsReport experiments(ExperimentsQuery query) {
        return post(EXPERIMENTS_PATH, query, ExperimentsReport.class);
    }

    @Override
    public TopWasteReport topWaste(TopWasteQuery query) {
        return post(TOP_WASTE_PATH, query, TopWasteReport.class);
    }

    private <T> T post(String path, Object query, Class<T> answer) {
        URI endpoint = baseUrl.resolve(path);
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(query)));
        if (forwarded) {
            builder.header(FORWARDED_HEADER, "1");
        }
        HttpRequest request = builder.build();
        HttpResponse<byte[]> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new QueryUnavailableException("Query instance " + endpoint + " is unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryUnavailableException("Interrupted while querying " + endpoint, e);
        }
        if (response.statusCode() == 200) {
            return Json.MAPPER.readValue(response.body(), answer);
        }
        if (response.statusCode() == 400) {
            throw new IllegalArgumentException("Query rejected by " + endpoint + ": " + new String(response.body()));
        }
        if (response.statusCode() == 503) {
            throw new QueryUnavailableException("Query instance " + endpoint + " cannot answer yet");
        }
        throw new IllegalStateException("Query instance " + endpoint + " answered " + response.statusCode());
    }
}
