package dev.spendline.contracts.budget;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Instant;

/**
 * The arguments of {@code budget_status}: every budget of the workspace in the period that
 * contains {@code asOf} (normally now; a past instant shows where budgets stood then).
 */
public record BudgetStatusQuery(String workspaceId, Instant asOf) implements WorkspaceQuery {}
