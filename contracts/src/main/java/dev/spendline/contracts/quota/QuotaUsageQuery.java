package dev.spendline.contracts.quota;

import java.time.YearMonth;

/** How many events a workspace had accepted in one calendar month (UTC, by time received). */
public record QuotaUsageQuery(String workspaceId, YearMonth month) {}
