package dev.spendline.contracts.deadletter;

import dev.spendline.contracts.query.WorkspaceQuery;

/** How many of the workspace's records the topology could not process (see {@link DeadLetterCount}). */
public record DeadLettersQuery(String workspaceId) implements WorkspaceQuery {}
