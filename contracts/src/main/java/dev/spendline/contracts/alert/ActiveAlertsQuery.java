package dev.spendline.contracts.alert;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Instant;

/** The arguments of {@code active_alerts}: open, unsnoozed alerts of a workspace at {@code asOf}. */
public record ActiveAlertsQuery(String workspaceId, Instant asOf) implements WorkspaceQuery {}
