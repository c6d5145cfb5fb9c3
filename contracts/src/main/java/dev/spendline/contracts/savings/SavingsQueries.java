package dev.spendline.contracts.savings;

/** The {@code savings_recommendations} read tool. */
public interface SavingsQueries {

    /**
     * @throws dev.spendline.contracts.query.QueryUnavailableException when no instance can answer
     *     right now
     * @throws IllegalArgumentException when the query has {@link SavingsQuery#problems()}
     */
    SavingsReport savingsRecommendations(SavingsQuery query);
}
