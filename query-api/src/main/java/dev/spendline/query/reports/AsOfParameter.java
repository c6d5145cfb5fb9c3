package dev.spendline.query.reports;

import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.springframework.util.MultiValueMap;

/**
 * The one optional parameter of the point-in-time tools ({@code budget_status},
 * {@code active_alerts}): {@code asOf}, an ISO instant; now when left out.
 */
final class AsOfParameter {

    private AsOfParameter() {}

    static Instant parse(MultiValueMap<String, String> params, Clock clock) {
        List<FieldError> errors = new ArrayList<>();
        params.forEach((name, values) -> {
            if (!name.equals("asOf")) {
                errors.add(new FieldError(name, "is not a parameter; the only parameter is asOf"));
            } else if (values.size() > 1) {
                errors.add(new FieldError(name, "must be given once"));
            }
        });
        Instant asOf = clock.instant();
        String text = params.getFirst("asOf");
        if (text != null) {
            try {
                asOf = Instant.parse(text);
            } catch (DateTimeParseException e) {
                errors.add(new FieldError("asOf", "must be an ISO instant like 2026-11-15T12:00:00Z"));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidParametersException(errors);
        }
        return asOf;
    }
}
