package dev.spendline.contracts.query;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Spend of one workspace over {@code [from, to)} grouped by one dimension ({@code by}) or by a
 * period ({@code grain}; exactly one of the two), filtered by any number of the usage's dimensions
 * ({@code filters}: every one must match), minus the calls of the excluded values ({@code exclusions},
 * dimension to values: a call counts only when none of them matches), ranked by {@code metric} in {@code order}, top
 * {@code limit} rows. Times are rounded to whole hours (from down, to up), the finest granularity
 * Spendline keeps. A report by a period lists its periods in time order ({@code asc}: oldest
 * first), every period of the range, none left out for having no spend.
 *
 * <p>With {@code per} (a period) beside a dimension {@code by}, the report has both groupings: the
 * top {@code limit} values of {@code by} over the whole range, each with a row for every period of
 * the range, spend or none (see {@link SpendReport#per()}).
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
        SpendOrder order,
        Map<Dimension, Set<String>> exclusions,
        TimeGrain per)
        implements WorkspaceQuery {

    /**
     * The most values a report by a dimension {@code per} period lists: each value has a row for
     * every period of the range (a year by day is 365 rows a value), so fewer values than by a
     * dimension alone.
     */
    public static final int MAX_PER_LIMIT = 50;

    /**
     * The most sub-reads an exclusion may cost: values excluded on a dimension other than {@code by}
     * are subtracted (spend without X = spend − spend of X, exact since every measure is a sum),
     * and exclusions on several dimensions by inclusion–exclusion, the product of (1 + values) over
     * those dimensions.
     */
    public static final int MAX_EXCLUSION_READS = 64;

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    public static final Duration MAX_RANGE = Duration.ofDays(400);

    public SpendQuery {
        filters = filters == null ? Map.of() : Map.copyOf(filters);
        exclusions = exclusionsOf(exclusions);
        metric = metric == null ? SpendMetric.COST : metric;
        order = order == null ? (grain != null ? SpendOrder.ASC : SpendOrder.DESC) : order;
    }

    /** By one grouping only: a dimension or a period ({@code per} null). */
    public SpendQuery(
            String workspaceId,
            UsageKind usage,
            Dimension by,
            TimeGrain grain,
            Instant from,
            Instant to,
            Map<Dimension, String> filters,
            int limit,
            SpendMetric metric,
            SpendOrder order,
            Map<Dimension, Set<String>> exclusions) {
        this(workspaceId, usage, by, grain, from, to, filters, limit, metric, order, exclusions, null);
    }

    /** Without exclusions. */
    public SpendQuery(
            String workspaceId,
            UsageKind usage,
            Dimension by,
            TimeGrain grain,
            Instant from,
            Instant to,
            Map<Dimension, String> filters,
            int limit,
            SpendMetric metric,
            SpendOrder order) {
        this(workspaceId, usage, by, grain, from, to, filters, limit, metric, order, Map.of());
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

    /** The same query with other filters and no exclusions (one term of an exclusion's subtraction). */
    public SpendQuery withFiltersOnly(Map<Dimension, String> otherFilters) {
        return new SpendQuery(
                workspaceId, usage, by, grain, from, to, otherFilters, limit, metric, order, Map.of(), per);
    }

    /** The same query leaving out {@code otherExclusions} instead of its own (a comparison's, for each period). */
    public SpendQuery withExclusions(Map<Dimension, Set<String>> otherExclusions) {
        return new SpendQuery(
                workspaceId, usage, by, grain, from, to, filters, limit, metric, order, otherExclusions, per);
    }

    /** The exclusions as the report shows them: wire name to sorted values. */
    public Map<String, List<String>> excludedByName() {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        exclusions.forEach((d, values) -> out.put(d.wireName(), List.copyOf(new TreeSet<>(values))));
        return out;
    }

    /** Sub-reads the exclusions cost (1 when there are none): see {@link #MAX_EXCLUSION_READS}. */
    public int exclusionReads() {
        int reads = 1;
        for (Map.Entry<Dimension, Set<String>> e : exclusions.entrySet()) {
            if (e.getKey() != by) {
                reads *= 1 + e.getValue().size();
                if (reads > MAX_EXCLUSION_READS) {
                    return reads;
                }
            }
        }
        return reads;
    }

    /**
     * {@code exclusions} as a query keeps them: unmodifiable, in dimension order, without
     * dimensions that leave nothing out (null: none).
     */
    public static Map<Dimension, Set<String>> exclusionsOf(Map<Dimension, Set<String>> exclusions) {
        if (exclusions == null || exclusions.isEmpty()) {
            return Map.of();
        }
        Map<Dimension, Set<String>> copy = new EnumMap<>(Dimension.class);
        exclusions.forEach((d, values) -> {
            if (values != null && !values.isEmpty()) {
                // A null value is kept as "", which problems() reports as empty.
                copy.put(
                        d,
                        Set.copyOf(values.stream().map(v -> v == null ? "" : v).toList()));
            }
        });
        // Unmodifiable but in dimension order, so reports list exclusions the same way every time.
        return java.util.Collections.unmodifiableMap(copy);
    }

    /** The same query by its dimension alone over {@code [periodFrom, periodTo)}: one period's column of a report per period. */
    public SpendQuery forPeriod(Instant periodFrom, Instant periodTo) {
        return new SpendQuery(
                workspaceId, usage, by, null, periodFrom, periodTo, filters, limit, metric, order, exclusions, null);
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
        if (per != null && by == null) {
            problems.add("per=" + per.wireName() + " needs by to be a dimension (e.g. by=model&per=" + per.wireName()
                    + "), not a period");
        }
        if (per != null && limit > MAX_PER_LIMIT) {
            problems.add("limit must be at most " + MAX_PER_LIMIT + " with per (each value has a row per period)");
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
        exclusions.forEach((dimension, values) -> {
            if (dimension.kind() != usage) {
                problems.add(
                        "exclude " + dimension.wireName() + " is not a dimension of " + usage.wireName() + " usage");
            } else if (values.contains("")) {
                problems.add("exclude " + dimension.wireName() + ": a value must not be empty");
            } else if (filters.containsKey(dimension) && values.contains(filters.get(dimension))) {
                problems.add(dimension.wireName() + "=" + filters.get(dimension) + " is both the filter and excluded,"
                        + " which leaves nothing");
            }
        });
        if (exclusionReads() > MAX_EXCLUSION_READS) {
            problems.add("too many exclusions: at most " + MAX_EXCLUSION_READS
                    + " reads, the product of (1 + values excluded) over the dimensions other than by");
        }
        return problems;
    }
}
