package dev.spendline.contracts.margin;

/**
 * The margin read tools ({@code margin_by_customer}, {@code margin_by_feature}). Implementations
 * mirror {@link dev.spendline.contracts.query.SpendQueries}: local stores, HTTP, a router.
 */
public interface MarginQueries {

    /**
     * @throws dev.spendline.contracts.query.QueryUnavailableException when no instance can answer
     *     right now
     * @throws IllegalArgumentException when the query has {@link MarginQuery#problems()}
     */
    CustomerMarginReport marginByCustomer(MarginQuery query);

    /** As {@link #marginByCustomer}. */
    FeatureMarginReport marginByFeature(MarginQuery query);
}
