package dev.spendline.contracts.budget;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Instant;
import java.util.Locale;

/**
 * The arguments of {@code budget_status}: the budgets of the workspace in the period that contains
 * {@code asOf} (normally now; a past instant shows where budgets stood then).
 *
 * <p>Filters (null: any), all of which a budget must match: {@code scope}; {@code value}, the
 * scope's value, matched exactly (only with a scope that has values); {@code name}, contained in the
 * budget's name, ignoring case; {@code state}, where the budget stands at {@code asOf}. A filtered
 * report is exactly the matching budgets of the unfiltered one, and its counts cover only those.
 */
public record BudgetStatusQuery(
        String workspaceId, Instant asOf, BudgetScope scope, String value, String name, BudgetState state)
        implements WorkspaceQuery {

    /** Every budget of the workspace, no filter. */
    public static BudgetStatusQuery all(String workspaceId, Instant asOf) {
        return new BudgetStatusQuery(workspaceId, asOf, null, null, null, null);
    }

    /** Whether the budget passes the filters that do not depend on its spend: scope, value and name. */
    public boolean matches(Budget budget) {
        return (scope == null || budget.scope() == scope)
                && (value == null || value.equals(budget.scopeValue()))
                && (name == null || budget.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT)));
    }

    /** Whether a budget in {@code status} passes every filter. */
    public boolean matches(BudgetStatus status) {
        return matches(status.budget()) && (state == null || status.state() == state);
    }
}
