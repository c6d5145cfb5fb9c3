package dev.spendline.contracts.alert;

import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Instant;

/**
 * The arguments of {@code active_alerts}: open alerts of a workspace at {@code asOf}, the active
 * ones and, apart, the snoozed ones.
 *
 * <p>Filters (null: any), all of which an alert must {@link #matches match}: {@code scope} (budget
 * alerts carry their budget's; the others are {@code WORKSPACE}); {@code value}, the scope's value,
 * matched exactly; {@code type}; {@code severity}. A filtered report is exactly the matching alerts
 * of the unfiltered one, in both lists.
 */
public record ActiveAlertsQuery(
        String workspaceId, Instant asOf, BudgetScope scope, String value, AlertType type, AlertSeverity severity)
        implements WorkspaceQuery {

    /** Every open alert of the workspace, no filter. */
    public static ActiveAlertsQuery all(String workspaceId, Instant asOf) {
        return new ActiveAlertsQuery(workspaceId, asOf, null, null, null, null);
    }

    /** Whether {@code alert} passes every filter of this query. */
    public boolean matches(Alert alert) {
        return (scope == null || alert.scope() == scope)
                && (value == null || value.equals(alert.scopeValue()))
                && (type == null || alert.type() == type)
                && (severity == null || alert.severity() == severity);
    }
}
