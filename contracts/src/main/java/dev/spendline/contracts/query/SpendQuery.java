package dev.spendline.contracts.query;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Spend of one workspace grouped by one dimension over {@code [from, to)}, optionally filtered,
 * top {@code limit} rows by cost. Times are rounded to whole hours (from down, to up), the finest
 * granularity Spendline keeps.
 */
public record SpendQuery(
        String workspaceId,
        UsageKind usage,
        Dimension by,
        Instant from,
        Instant to,
        Map<Dimension, String> filters,
        int limit)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    public static final Duration MAX_RANGE = Duration.ofDays(400);

    public SpendQuery {
        filters = filters == null ? Map.of() : Map.copyOf(filters);
    }

    /** Problems that make the query unanswerable, in words for the caller; empty when valid. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (by == null) {
            problems.add("by is required");
        } else if (by.kind() != usage) {
            problems.add("by=" + by.wireName() + " is not a dimension of " + usage.wireName() + " usage");
        }
        if (from == null || to == null || !from.isBefore(to)) {
            problems.add("from must be before to");
        } else if (Duration.between(from, to).compareTo(MAX_RANGE) > 0) {
            problems.add("the range must be at most " + MAX_RANGE.toDays() + " days");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be between 1 and " + MAX_LIMIT);
        }
        filters.forEach((dimension, value) -> {
            if (dimension.kind() != usage) {
                problems.add(dimension.wireName() + " is not a filter of " + usage.wireName() + " usage");
            } else if (by != null && !by.filterableBy(dimension)) {
                problems.add("a report by " + by.wireName() + " cannot be filtered by " + dimension.wireName()
                        + "; supported filters: the same dimension, and the pairs tenant+feature, feature+model,"
                        + " tenant+model");
            }
        });
        if (filters.size() > 1) {
            problems.add("at most one filter is supported");
        }
        return problems;
    }
}
