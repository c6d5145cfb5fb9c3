package dev.spendline.contracts.budget;

import dev.spendline.contracts.query.Dimension;

/**
 * What a budget counts: the whole workspace's product spend, or the spend of one value of one
 * dimension (one feature, one customer, ...). Internal AI-tool usage is not budgeted here.
 */
public enum BudgetScope {
    WORKSPACE(null),
    FEATURE(Dimension.FEATURE),
    TENANT(Dimension.TENANT),
    MODEL(Dimension.MODEL),
    PROVIDER(Dimension.PROVIDER),
    AGENT(Dimension.AGENT);

    private final Dimension dimension;

    BudgetScope(Dimension dimension) {
        this.dimension = dimension;
    }

    /** The dimension whose value the budget names; null for {@link #WORKSPACE}. */
    public Dimension dimension() {
        return dimension;
    }

    /** Whether a budget of this scope names a value ({@code scopeValue}). */
    public boolean needsValue() {
        return dimension != null;
    }
}
