package dev.spendline.contracts.query;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Spend of one workspace over {@code [from, to)} grouped by one dimension ({@code by}) or by a
 * period ({@code grain}; exactly one of the two), filtered by any number of the usage's dimensions
 * ({@code filters}: every one must match), ranked by {@code metric} in {@code order}, top
 * {@code limit} rows. Times are rounded to whole hours (from down, to up), the finest granularity
 * Spendline keeps. A report by a period lists its periods in time order ({@code asc}: oldest
 * first), every period of the range, none left out for having no spend.
 */
public record SpendQuery(
        String workspaceId,
        UsageKind usage,
        Dimension by,
        TimeGrain grain,
        Instant from,
        Instant to,
        Map<Dimension, String> filters,
        int limit,
        SpendMetric metric,
        SpendOrder order)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    public static final Duration MAX_RANGE = Duration.ofDays(400);

    public SpendQuery {
        filters = filters == null ? Map.of() : Map.copyOf(filters);
        metric = metric == null ? SpendMetric.COST : metric;
        order = order == null ? (grain != null ? SpendOrder.ASC : SpendOrder.DESC) : order;
    }

    /** By a dimension, ranked by cost, largest first. */
    public SpendQuery(
            String workspaceId,
            UsageKind usage,
            Dimension by,
            Instant from,
            Instant to,
            Map<Dimension, String> filters,
            int limit) {
        this(workspaceId, usage, by, null, from, to, filters, limit, SpendMetric.COST, SpendOrder.DESC);
    }

    /** The wire name of the grouping: a dimension's or a grain's. */
    public String byName() {
        return grain != null ? grain.wireName() : by == null ? null : by.wireName();
    }

    /** Problems that make the query unanswerable, in words for the caller; empty when valid. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (by == null && grain == null) {
            problems.add("by is required");
        } else if (by != null && grain != null) {
            problems.add("by is either a dimension or a period, not both");
        } else if (by != null && by.kind() != usage) {
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
            } else if (value == null || value.isEmpty()) {
                problems.add(dimension.wireName() + " must not be empty");
            }
        });
        return problems;
    }
}
