package dev.spendline.contracts.waste;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The arguments of {@code top_waste}: waste of one workspace over {@code [from, to)} (rounded to
 * whole hours like spend reports), by kind, and when {@code by} is given by kind and that dimension;
 * the top {@code limit} rows by cost.
 */
public record TopWasteQuery(String workspaceId, Instant from, Instant to, Dimension by, int limit)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    /** The dimensions waste is broken down by. */
    public static final Set<Dimension> BY = Set.of(
            Dimension.FEATURE,
            Dimension.MODEL,
            Dimension.PROVIDER,
            Dimension.TENANT,
            Dimension.AGENT,
            Dimension.WORKFLOW);

    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (from == null || to == null || !from.isBefore(to)) {
            problems.add("from must be before to");
        } else if (Duration.between(from, to).compareTo(Duration.ofDays(400)) > 0) {
            problems.add("the range must be at most 400 days");
        }
        if (by != null && !BY.contains(by)) {
            problems.add("by must be one of feature, model, provider, tenant, agent, workflow");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be between 1 and " + MAX_LIMIT);
        }
        return problems;
    }
}
