package dev.spendline.contracts.budget;

/**
 * Where a budget stands in its current period (rules in docs/budgets.md): EXCEEDED once spend
 * reached the limit; WARNING from 80 % of the limit, or when the run-rate forecast passes the
 * limit; OK otherwise.
 */
public enum BudgetState {
    OK,
    WARNING,
    EXCEEDED
}
