package dev.spendline.contracts.compare;

import java.util.List;
import java.util.Map;

/**
 * The answer to a {@link CompareQuery}. {@code compared} says what each row's numbers are: the
 * spend metric ({@code cost}, {@code calls}, …) or {@code margin_usd}. {@code distinctValues}
 * counts the values of either period; rows are the top {@code limit} by the size of the change;
 * {@code totals} compares the whole of each report; {@code grewMost} and {@code fellMost} name the
 * values that rose and fell most (up to three each, largest change first). {@code excluded} lists
 * the values left out of both periods, by dimension (empty when none): every figure, totals
 * included, is without their calls.
 */
public record CompareReport(
        String workspaceId,
        String report,
        String by,
        String usage,
        Map<String, String> filters,
        String compared,
        ComparePeriod current,
        ComparePeriod base,
        int limit,
        int distinctValues,
        List<CompareRow> rows,
        CompareRow totals,
        List<String> grewMost,
        List<String> fellMost,
        Map<String, List<String>> excluded) {

    public CompareReport {
        excluded = excluded == null ? Map.of() : excluded;
    }

    /** Without exclusions. */
    public CompareReport(
            String workspaceId,
            String report,
            String by,
            String usage,
            Map<String, String> filters,
            String compared,
            ComparePeriod current,
            ComparePeriod base,
            int limit,
            int distinctValues,
            List<CompareRow> rows,
            CompareRow totals,
            List<String> grewMost,
            List<String> fellMost) {
        this(
                workspaceId,
                report,
                by,
                usage,
                filters,
                compared,
                current,
                base,
                limit,
                distinctValues,
                rows,
                totals,
                grewMost,
                fellMost,
                Map.of());
    }
}
