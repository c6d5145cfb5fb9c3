package dev.spendline.contracts.quota;

import java.util.List;

/** Which of these identities the workspace has already accepted (within the dedupe horizon). */
public record AcceptedPairsQuery(String workspaceId, List<EventIdentity> pairs) {

    /** One ingest batch at most. */
    public static final int MAX_PAIRS = 1_000;
}
