package dev.spendline.query.reports;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.validation.FieldError;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.util.MultiValueMap;

/**
 * Reads the query parameters of {@code GET /api/v1/reports/spend} into a {@link SpendQuery},
 * collecting every problem. Parameters: {@code by} (required), {@code usage} (product|internal,
 * default product), {@code from} / {@code to} (a date {@code 2026-11-01} or a date-time with
 * offset; a date {@code to} includes that whole day; default the last 30 days), {@code limit}
 * (default 20), and at most one filter named like a dimension, e.g. {@code feature=search}.
 * All times are UTC.
 */
final class SpendReportRequest {

    static final Duration DEFAULT_RANGE = Duration.ofDays(30);
    static final Set<String> FIXED = Set.of("by", "usage", "from", "to", "limit");

    private SpendReportRequest() {}

    static SpendQuery parse(
            String workspaceId, MultiValueMap<String, String> params, Clock clock, List<FieldError> errors) {
        params.forEach((name, values) -> {
            if (values.size() > 1) {
                errors.add(new FieldError(name, "must be given once"));
            }
        });
        String usageText = params.getFirst("usage");
        UsageKind usage = usageText == null ? UsageKind.PRODUCT : UsageKind.parse(usageText);
        if (usage == null) {
            errors.add(new FieldError("usage", "must be product or internal"));
            usage = UsageKind.PRODUCT;
        }
        Dimension by = null;
        String byText = params.getFirst("by");
        if (byText == null) {
            errors.add(new FieldError("by", "is required; one of " + String.join(", ", Dimension.wireNames(usage))));
        } else {
            by = Dimension.of(usage, byText);
            if (by == null) {
                errors.add(new FieldError(
                        "by",
                        "must be one of " + String.join(", ", Dimension.wireNames(usage)) + " for " + usage.wireName()
                                + " usage"));
            }
        }
        Instant to = instant(params.getFirst("to"), "to", true, errors);
        Instant from = instant(params.getFirst("from"), "from", false, errors);
        if (to == null && params.getFirst("to") == null) {
            to = clock.instant();
        }
        if (from == null && params.getFirst("from") == null && to != null) {
            from = to.minus(DEFAULT_RANGE);
        }
        int limit = SpendQuery.DEFAULT_LIMIT;
        String limitText = params.getFirst("limit");
        if (limitText != null) {
            try {
                limit = Integer.parseInt(limitText);
            } catch (NumberFormatException e) {
                errors.add(new FieldError("limit", "must be a whole number"));
            }
        }
        Map<Dimension, String> filters = new EnumMap<>(Dimension.class);
        for (Map.Entry<String, List<String>> param : params.entrySet()) {
            if (FIXED.contains(param.getKey())) {
                continue;
            }
            Dimension filter = Dimension.of(usage, param.getKey());
            if (filter == null) {
                errors.add(new FieldError(param.getKey(), "is not a known parameter"));
            } else if (param.getValue().get(0).isEmpty()) {
                errors.add(new FieldError(param.getKey(), "must not be empty"));
            } else {
                filters.put(filter, param.getValue().get(0));
            }
        }
        if (!errors.isEmpty()) {
            return null;
        }
        SpendQuery query = new SpendQuery(workspaceId, usage, by, from, to, filters, limit);
        query.problems().forEach(problem -> errors.add(new FieldError("", problem)));
        return errors.isEmpty() ? query : null;
    }

    static Instant instant(String text, String name, boolean endOfDay, List<FieldError> errors) {
        if (text == null) {
            return null;
        }
        try {
            if (text.length() == 10) {
                LocalDate date = LocalDate.parse(text);
                return (endOfDay ? date.plusDays(1) : date).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(
                    name, "must be a date (2026-11-01) or a date-time with offset (2026-11-01T00:00:00Z)"));
            return null;
        }
    }
}
