package dev.spendline.contracts.waste;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@code top_waste}: waste of one workspace over {@code [from, to)} (rounded to
 * whole hours like spend reports), by kind, and when {@code by} is given by kind and that dimension;
 * the top {@code limit} rows by cost.
 *
 * <p>Filters (null: all): {@code kind}, only waste of that kind; {@code value}, only waste of calls
 * whose {@code by} dimension has that value (the REST and tool argument {@code feature=search} is
 * {@code by} feature and value {@code search}; waste is rolled up by kind and one dimension, so the
 * filter is always on {@code by}). A filtered report's rows are exactly the matching rows of the
 * unfiltered one, and everything else in it covers only the matching waste: {@code kinds} lists
 * only {@code kind} when given, each kind's figures for {@code value} when given; {@code wasteUsd}
 * and {@code wastefulCalls} count the matching calls (each once); {@code spendUsd} is the spend of
 * {@code value} (all spend without it: spend has no kind).
 */
public record TopWasteQuery(
        String workspaceId, Instant from, Instant to, Dimension by, int limit, WasteKind kind, String value)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    /** The dimensions waste is broken down and filtered by, in their documented order. */
    public static final List<Dimension> BY = List.of(
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
        if (value != null && by == null) {
            problems.add("a value filter needs by, the dimension it is a value of");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be between 1 and " + MAX_LIMIT);
        }
        return problems;
    }
}
