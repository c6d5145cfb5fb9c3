package dev.spendline.contracts.experiment;

/** The experiments of a workspace, or only {@code experimentId} when it is not null. */
public record ExperimentsQuery(String workspaceId, String experimentId) {}
