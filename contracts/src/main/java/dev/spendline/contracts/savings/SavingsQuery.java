package dev.spendline.contracts.savings;

import dev.spendline.contracts.query.WorkspaceQuery;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@code savings_recommendations}: what one workspace could save, judged from the
 * period {@code [from, to)} (rounded to whole hours like spend reports); at most {@code limit}
 * recommendations, the largest saving first.
 *
 * <p>Filters (null: any), all of which a recommendation must {@link #matches match}: {@code kind};
 * {@code feature}, {@code tenant}, {@code workflow}, when its evidence names that dimension and
 * value; {@code model}, when it is about that model (its evidence lists it in {@code models}).
 * Values are matched exactly. A filtered report is exactly the matching recommendations of the
 * unfiltered one, suggested actions included; {@code found}, {@code limit} and the total cover only
 * those.
 */
public record SavingsQuery(
        String workspaceId,
        Instant from,
        Instant to,
        int limit,
        RecommendationKind kind,
        String feature,
        String tenant,
        String workflow,
        String model)
        implements WorkspaceQuery {

    public static final int DEFAULT_LIMIT = 10;
    public static final int MAX_LIMIT = 100;
    /** At least a day: a saving per month extrapolated from less would be noise. */
    public static final Duration MIN_RANGE = Duration.ofDays(1);

    public static final Duration MAX_RANGE = Duration.ofDays(400);

    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (from == null || to == null || !from.isBefore(to)) {
            problems.add("from must be before to");
        } else if (Duration.between(from, to).compareTo(MIN_RANGE) < 0) {
            problems.add("the range must be at least one day");
        } else if (Duration.between(from, to).compareTo(MAX_RANGE) > 0) {
            problems.add("the range must be at most " + MAX_RANGE.toDays() + " days");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be between 1 and " + MAX_LIMIT);
        }
        return problems;
    }

    /** Whether {@code r} passes every filter of this query. */
    public boolean matches(Recommendation r) {
        RecommendationEvidence e = r.evidence();
        return (kind == null || r.kind() == kind)
                && names(e, "feature", feature)
                && names(e, "tenant", tenant)
                && names(e, "workflow", workflow)
                && (model == null || e.models().contains(model));
    }

    private static boolean names(RecommendationEvidence e, String dimension, String value) {
        return value == null || (dimension.equals(e.dimension()) && value.equals(e.value()));
    }
}
