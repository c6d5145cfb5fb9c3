package dev.spendline.contracts.query;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 *
 * <p>With two groupings ({@code per}, a period, beside a dimension {@code by}): {@code rows} are
 * the top values' rows, each value once for every period of the range (time order, spend or none),
 * values in ranking order; {@code others} and {@code totals} are over the whole range; {@code
 * periodTotals} and {@code periodOthers} have one row per period (its value the period): all spend
 * of the period, and the part of it not in the listed values, so a period's rows plus its others
 * are its total. The three are null in a report of one grouping.
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
        UnpricedUsage unpriced,
        @JsonInclude(JsonInclude.Include.NON_NULL) String per,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<SpendRow> periodTotals,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<SpendRow> periodOthers) {

    public SpendReport {
        excluded = excluded == null ? Map.of() : excluded;
    }

    /** One grouping. */
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
            Map<String, List<String>> excluded,
            UnpricedUsage unpriced) {
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
                unpriced,
                null,
                null,
                null);
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
                unpricedUsage,
                per,
                periodTotals,
                periodOthers);
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
