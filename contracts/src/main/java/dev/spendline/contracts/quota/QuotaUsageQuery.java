package dev.spendline.contracts.quota;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.YearMonth;

/** How many events a workspace had accepted in one calendar month (UTC, by time received). */
public record QuotaUsageQuery(String workspaceId, YearMonth month) implements WorkspaceQuery {}
