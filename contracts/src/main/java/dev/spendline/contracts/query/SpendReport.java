package dev.spendline.contracts.query;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The answer to a {@link SpendQuery}: the top rows by the metric, everything else summed in
 * {@code others}, and {@code totals} over all rows (equal to the rows plus others). {@code from}
 * and {@code to} are the hour-aligned range actually covered; {@code by} is a dimension or a period
 * ({@code day}, {@code week}, {@code month}). {@code excluded} lists the values left out, by dimension
 * (empty when none): every figure, totals included, is without their calls. {@code unpriced} is the
 * part of internal usage whose model had no price (counted as 0 USD); null for product usage,
 * whose events always carry their cost.
 */
public record SpendReport(
        String workspaceId,
        String usage,
        String by,
        Instant from,
        Instant to,
        Map<String, String> filters,
        int limit,
        String metric,
        String order,
        int distinctValues,
        List<SpendRow> rows,
        Measures others,
        Measures totals,
        Map<String, List<String>> excluded,
        UnpricedUsage unpriced) {

    public SpendReport {
        excluded = excluded == null ? Map.of() : excluded;
    }

    /** Nothing unpriced: product usage, or a report made before pricing was checked. */
    public SpendReport(
            String workspaceId,
            String usage,
            String by,
            Instant from,
            Instant to,
            Map<String, String> filters,
            int limit,
            String metric,
            String order,
            int distinctValues,
            List<SpendRow> rows,
            Measures others,
            Measures totals,
            Map<String, List<String>> excluded) {
        this(
                workspaceId,
                usage,
                by,
                from,
                to,
                filters,
                limit,
                metric,
                order,
                distinctValues,
                rows,
                others,
                totals,
                excluded,
                null);
    }

    /** The same report with {@code unpricedUsage} as its unpriced part. */
    public SpendReport withUnpriced(UnpricedUsage unpricedUsage) {
        return new SpendReport(
                workspaceId,
                usage,
                by,
                from,
                to,
                filters,
                limit,
                metric,
                order,
                distinctValues,
                rows,
                others,
                totals,
                excluded,
                unpricedUsage);
    }

    /** Without exclusions. */
    public SpendReport(
            String workspaceId,
            String usage,
            String by,
            Instant from,
            Instant to,
            Map<String, String> filters,
            int limit,
            String metric,
            String order,
            int distinctValues,
            List<SpendRow> rows,
            Measures others,
            Measures totals) {
        this(
                workspaceId,
                usage,
                by,
                from,
                to,
                filters,
                limit,
                metric,
                order,
                distinctValues,
                rows,
                others,
                totals,
                Map.of());
    }

    /** A report ranked by cost, largest first. */
    public SpendReport(
            String workspaceId,
            String usage,
            String by,
            Instant from,
            Instant to,
            Map<String, String> filters,
            int limit,
            int distinctValues,
            List<SpendRow> rows,
            Measures others,
            Measures totals) {
        this(workspaceId, usage, by, from, to, filters, limit, "cost", "desc", distinctValues, rows, others, totals);
    }
}
