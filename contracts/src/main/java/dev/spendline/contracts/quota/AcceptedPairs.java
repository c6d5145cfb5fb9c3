package dev.spendline.contracts.quota;

import java.util.List;

/** The identities of an {@link AcceptedPairsQuery} that were already accepted. */
public record AcceptedPairs(String workspaceId, List<EventIdentity> accepted) {}
