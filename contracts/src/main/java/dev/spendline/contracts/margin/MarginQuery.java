package dev.spendline.contracts.margin;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

/**
 * Contribution margin of one workspace over the calendar months {@code from} to {@code to}, both
 * included (UTC): revenue is entered per month, so margins are computed per whole month. At most
 * {@code limit} rows.
 *
 * <p>Filters (null: every value), matched exactly:
 *
 * <ul>
 *   <li>{@code tenant}: only that customer. {@code margin_by_customer} answers the customer's row of
 *       the unfiltered report; {@code margin_by_feature} the customer's features, its revenue
 *       allocated over them as the unfiltered report allocates it.
 *   <li>{@code feature}: only that feature. {@code margin_by_feature} answers the feature's row of
 *       the unfiltered report; {@code margin_by_customer} each customer that used the feature, with
 *       its cost and calls of the feature and the share of its revenue the allocation rule gives the
 *       feature (docs/margin.md).
 * </ul>
 *
 * Counts and totals cover only the rows the filters keep, never the rest. Amounts that name no
 * customer (calls without a tenant: {@code unattributedCostUsd}) or no feature (revenue of a
 * customer without AI cost: {@code unallocatedRevenueUsd}) match no filter on what they lack.
 */
public record MarginQuery(String workspaceId, YearMonth from, YearMonth to, int limit, String tenant, String feature)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 1_000;
    public static final int MAX_MONTHS = 13;

    /** Problems that make the query unanswerable, in words for the caller; empty when valid. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (from == null || to == null || from.isAfter(to)) {
            problems.add("from must be the same month as to or before it");
        } else if (from.plusMonths(MAX_MONTHS - 1).isBefore(to)) {
            problems.add("the range must be at most " + MAX_MONTHS + " months");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be between 1 and " + MAX_LIMIT);
        }
        return problems;
    }
}
