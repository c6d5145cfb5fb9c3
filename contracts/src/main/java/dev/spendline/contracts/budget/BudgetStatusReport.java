package dev.spendline.contracts.budget;

import java.time.Instant;
import java.util.List;

/** Every budget of a workspace in its current period, EXCEEDED first, then WARNING, then OK. */
public record BudgetStatusReport(
        String workspaceId, Instant asOf, int exceeded, int warning, int ok, List<BudgetStatus> budgets) {}
