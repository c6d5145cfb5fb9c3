package dev.spendline.query.reports;

import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.springframework.util.MultiValueMap;

/**
 * The query parameters the range reports share (names, {@code from} / {@code to}, {@code limit}),
 * read the same way everywhere: every problem is collected into {@code errors}, so one 400 answer
 * lists them all.
 */
final class ReportParameters {

    private final MultiValueMap<String, String> params;
    private final List<FieldError> errors;

    ReportParameters(MultiValueMap<String, String> params, Set<String> allowed, List<FieldError> errors) {
        this.params = params;
        this.errors = errors;
        String names = String.join(", ", allowed.stream().sorted().toList());
        params.forEach((name, values) -> {
            if (!allowed.contains(name)) {
                errors.add(new FieldError(name, "is not a parameter; use " + names));
            } else if (values.size() > 1) {
                errors.add(new FieldError(name, "must be given once"));
            }
        });
    }

    /** {@code [from, to)}: dates ({@code to} included) or date-times; by default the last 30 days to now. */
    Instant[] range(Clock clock) {
        Instant to = SpendReportRequest.instant(params.getFirst("to"), "to", true, errors);
        Instant from = SpendReportRequest.instant(params.getFirst("from"), "from", false, errors);
        if (to == null && params.getFirst("to") == null) {
            to = clock.instant();
        }
        if (from == null && params.getFirst("from") == null && to != null) {
            from = to.minus(SpendReportRequest.DEFAULT_RANGE);
        }
        return new Instant[] {from, to};
    }

    int limit(int defaultLimit) {
        String text = params.getFirst("limit");
        if (text == null) {
            return defaultLimit;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            errors.add(new FieldError("limit", "must be a whole number"));
            return defaultLimit;
        }
    }
}
