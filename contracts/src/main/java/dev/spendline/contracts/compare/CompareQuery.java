package dev.spendline.contracts.compare;

import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The same report over two periods, value by value: {@code current} against {@code base}. For
 * {@code spend} the two are spend queries that differ only in their range ({@code by} null: only
 * totals are compared); for the margin reports, margin queries that differ only in their months.
 * Rows are ordered by the size of the change, largest first, top {@code limit}. A spend comparison
 * may leave values out ({@code exclusions}, dimension to values, as {@link SpendQuery#exclusions()}):
 * they are the comparison's, so both periods leave out the same calls; the two spend queries carry
 * none of their own.
 */
public record CompareQuery(
        String workspaceId,
        CompareSubject subject,
        SpendQuery currentSpend,
        SpendQuery baseSpend,
        MarginQuery currentMargin,
        MarginQuery baseMargin,
        int limit,
        Map<Dimension, Set<String>> exclusions)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 1_000;
    /** How many values {@code grewMost} and {@code fellMost} name at most. */
    public static final int MOVERS = 3;

    public CompareQuery {
        exclusions = SpendQuery.exclusionsOf(exclusions);
    }

    /** Without exclusions. */
    public CompareQuery(
            String workspaceId,
            CompareSubject subject,
            SpendQuery currentSpend,
            SpendQuery baseSpend,
            MarginQuery currentMargin,
            MarginQuery baseMargin,
            int limit) {
        this(workspaceId, subject, currentSpend, baseSpend, currentMargin, baseMargin, limit, Map.of());
    }

    /** The current period's spend as it is read: with the comparison's exclusions. */
    public SpendQuery currentSpendRead() {
        return currentSpend.withExclusions(exclusions);
    }

    /** The base period's spend as it is read: with the comparison's exclusions. */
    public SpendQuery baseSpendRead() {
        return baseSpend.withExclusions(exclusions);
    }

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
                if (!currentSpend.exclusions().isEmpty()
                        || !baseSpend.exclusions().isEmpty()) {
                    // Else the exclusions read would silently replace the periods' own.
                    problems.add("a comparison's exclusions are its own, for both periods;"
                            + " its spend queries must exclude nothing");
                }
                // Checked as read, so an exclusion is refused with spend_by's own messages.
                List<String> current = currentSpendRead().problems();
                problems.addAll(current);
                // A problem of both periods alike (an excluded value that is also the filter) is named once.
                baseSpendRead().problems().stream()
                        .filter(p -> !current.contains(p))
                        .map(p -> "base: " + p)
                        .forEach(problems::add);
            }
        } else if (!exclusions.isEmpty()) {
            problems.add("exclude is for spend comparisons; " + subject.wireName() + " leaves no values out");
        } else if (currentMargin == null || baseMargin == null) {
            problems.add("a margin comparison needs two margin queries");
        } else {
            problems.addAll(currentMargin.problems());
            baseMargin.problems().stream().map(p -> "base: " + p).forEach(problems::add);
        }
        return problems;
    }
}
