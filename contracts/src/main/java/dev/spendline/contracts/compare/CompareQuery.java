package dev.spendline.contracts.compare;

import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.util.ArrayList;
import java.util.List;

/**
 * The same report over two periods, value by value: {@code current} against {@code base}. For
 * {@code spend} the two are spend queries that differ only in their range ({@code by} null: only
 * totals are compared); for the margin reports, margin queries that differ only in their months.
 * Rows are ordered by the size of the change, largest first, top {@code limit}.
 */
public record CompareQuery(
        String workspaceId,
        CompareSubject subject,
        SpendQuery currentSpend,
        SpendQuery baseSpend,
        MarginQuery currentMargin,
        MarginQuery baseMargin,
        int limit)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    /** How many values {@code grewMost} and {@code fellMost} name at most. */
    public static final int MOVERS = 3;

    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be between 1 and " + MAX_LIMIT);
        }
        // Both reports are of this query's workspace, never another one carried inside it.
        for (WorkspaceQuery inner : new WorkspaceQuery[] {currentSpend, baseSpend, currentMargin, baseMargin}) {
            if (inner != null && !java.util.Objects.equals(inner.workspaceId(), workspaceId)) {
                problems.add("both periods must be of the workspace " + workspaceId);
            }
        }
        if (subject == CompareSubject.SPEND) {
            if (currentSpend == null || baseSpend == null) {
                problems.add("a spend comparison needs two spend queries");
            } else {
                problems.addAll(currentSpend.problems());
                baseSpend.problems().stream().map(p -> "base: " + p).forEach(problems::add);
            }
        } else if (currentMargin == null || baseMargin == null) {
            problems.add("a margin comparison needs two margin queries");
        } else {
            problems.addAll(currentMargin.problems());
            baseMargin.problems().stream().map(p -> "base: " + p).forEach(problems::add);
        }
        return problems;
    }
}
