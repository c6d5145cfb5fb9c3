package dev.spendline.contracts.budget;

/** The {@code budget_status} read tool. Implementations: local stores, HTTP, a router. */
public interface BudgetQueries {

    /**
     * @throws dev.spendline.contracts.query.QueryUnavailableException when no instance can answer
     *     right now
     */
    BudgetStatusReport budgetStatus(BudgetStatusQuery query);
}
