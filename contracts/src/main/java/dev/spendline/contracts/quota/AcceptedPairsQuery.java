package dev.spendline.contracts.quota;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.util.List;

/** Which of these identities the workspace has already accepted (within the dedupe horizon). */
public record AcceptedPairsQuery(String workspaceId, List<EventIdentity> pairs) implements WorkspaceQuery {

    /** One ingest batch at most. */
    public static final int MAX_PAIRS = 1_000;
}
