package dev.spendline.query.reports;

import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/reports/margin/customers} ({@code margin_by_customer}) and
 * {@code GET /api/v1/reports/margin/features} ({@code margin_by_feature}). Parameters:
 * {@code from} and {@code to} as calendar months {@code YYYY-MM} (UTC), both included; {@code to}
 * defaults to the current month and {@code from} to {@code to}; {@code limit} (default 50).
 */
@RestController
final class MarginReportController {

    static final Set<String> PARAMETERS = Set.of("from", "to", "limit");

    private final MarginQueries queries;
    private final Clock clock;
    private final Timer byCustomer;
    private final Timer byFeature;

    MarginReportController(MarginQueries queries, MeterRegistry registry) {
        this.queries = queries;
        this.clock = Clock.systemUTC();
        this.byCustomer = ReadToolTimers.timer(registry, "margin_by_customer");
        this.byFeature = ReadToolTimers.timer(registry, "margin_by_feature");
    }

    @GetMapping("/api/v1/reports/margin/customers")
    CustomerMarginReport customers(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        MarginQuery query = parse(principal.workspaceId(), params);
        return byCustomer.record(() -> queries.marginByCustomer(query));
    }

    @GetMapping("/api/v1/reports/margin/features")
    FeatureMarginReport features(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        MarginQuery query = parse(principal.workspaceId(), params);
        return byFeature.record(() -> queries.marginByFeature(query));
    }

    private MarginQuery parse(String workspaceId, MultiValueMap<String, String> params) {
        List<FieldError> errors = new ArrayList<>();
        params.forEach((name, values) -> {
            if (!PARAMETERS.contains(name)) {
                errors.add(new FieldError(name, "is not a parameter; use from, to (YYYY-MM) and limit"));
            } else if (values.size() > 1) {
                errors.add(new FieldError(name, "must be given once"));
            }
        });
        YearMonth to = month(params.getFirst("to"), "to", YearMonth.now(clock.withZone(ZoneOffset.UTC)), errors);
        YearMonth from = month(params.getFirst("from"), "from", to, errors);
        int limit = MarginQuery.DEFAULT_LIMIT;
        String limitText = params.getFirst("limit");
        if (limitText != null) {
            try {
                limit = Integer.parseInt(limitText);
            } catch (NumberFormatException e) {
                errors.add(new FieldError("limit", "must be a whole number"));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidParametersException(errors);
        }
        MarginQuery query = new MarginQuery(workspaceId, from, to, limit);
        List<String> problems = query.problems();
        if (!problems.isEmpty()) {
            throw new InvalidParametersException(problems.stream()
                    .map(p -> new FieldError(p.startsWith("limit") ? "limit" : "from", p))
                    .toList());
        }
        return query;
    }

    private static YearMonth month(String text, String name, YearMonth fallback, List<FieldError> errors) {
        if (text == null) {
            return fallback;
        }
        try {
            return YearMonth.parse(text);
        } catch (DateTimeParseException e) {
            errors.add(new FieldError(name, "must be a calendar month like 2026-11"));
            return fallback;
        }
    }
}
