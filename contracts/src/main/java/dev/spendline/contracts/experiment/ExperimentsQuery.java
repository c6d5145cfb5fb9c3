package dev.spendline.contracts.experiment;

import dev.spendline.contracts.query.WorkspaceQuery;

/** The experiments of a workspace, or only {@code experimentId} when it is not null. */
public record ExperimentsQuery(String workspaceId, String experimentId) implements WorkspaceQuery {}
