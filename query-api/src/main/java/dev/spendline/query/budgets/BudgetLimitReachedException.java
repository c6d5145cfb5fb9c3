package dev.spendline.query.budgets;

import dev.spendline.contracts.problem.ProblemException;

/**
 * The workspace already has the most budgets it may have: 409 {@code budget_limit_reached}. A type
 * of its own because the create-budget action catches it.
 */
public final class BudgetLimitReachedException extends ProblemException {

    BudgetLimitReachedException(int max) {
        super(
                409,
                "budget_limit_reached",
                "Too many budgets",
                "This workspace already has " + max + " budgets, the most it may have; delete one first");
    }
}
