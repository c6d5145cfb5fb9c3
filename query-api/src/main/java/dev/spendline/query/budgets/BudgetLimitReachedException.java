package dev.spendline.query.budgets;

/** The workspace already has the most budgets it may have; answered 409. */
public final class BudgetLimitReachedException extends RuntimeException {
    BudgetLimitReachedException(int max) {
        super(
                "This workspace already has " + max + " budgets, the most it may have; delete one first",
                null,
                false,
                false);
    }
}
