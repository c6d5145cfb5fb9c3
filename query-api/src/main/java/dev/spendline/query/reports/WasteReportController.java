package dev.spendline.query.reports;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteQueries;
import dev.spendline.controlplane.Principal;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/reports/waste} ({@code top_waste}): waste by kind, or with {@code by} (feature,
 * model, provider, tenant, agent, workflow) by kind and value. {@code from} / {@code to} as in the
 * spend report (default: the last 30 days), {@code limit} (default 20).
 */
@RestController
final class WasteReportController {

    private static final Set<String> PARAMETERS = Set.of("from", "to", "by", "limit");

    private final WasteQueries queries;
    private final Clock clock = Clock.systemUTC();
    private final Timer timer;

    WasteReportController(WasteQueries queries, MeterRegistry registry) {
        this.queries = queries;
        this.timer = ReadToolTimers.timer(registry, "top_waste");
    }

    @GetMapping("/api/v1/reports/waste")
    TopWasteReport topWaste(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        List<FieldError> errors = new ArrayList<>();
        params.forEach((name, values) -> {
            if (!PARAMETERS.contains(name)) {
                errors.add(new FieldError(name, "is not a parameter; use from, to, by and limit"));
            } else if (values.size() > 1) {
                errors.add(new FieldError(name, "must be given once"));
            }
        });
        Dimension by = null;
        String byText = params.getFirst("by");
        if (byText != null) {
            by = Dimension.of(UsageKind.PRODUCT, byText);
            if (by == null || !TopWasteQuery.BY.contains(by)) {
                errors.add(new FieldError("by", "must be one of feature, model, provider, tenant, agent, workflow"));
                by = null;
            }
        }
        Instant to = SpendReportRequest.instant(params.getFirst("to"), "to", true, errors);
        Instant from = SpendReportRequest.instant(params.getFirst("from"), "from", false, errors);
        if (to == null && params.getFirst("to") == null) {
            to = clock.instant();
        }
        if (from == null && params.getFirst("from") == null && to != null) {
            from = to.minus(SpendReportRequest.DEFAULT_RANGE);
        }
        int limit = TopWasteQuery.DEFAULT_LIMIT;
        String limitText = params.getFirst("limit");
        if (limitText != null) {
            try {
                limit = Integer.parseInt(limitText);
            } catch (NumberFormatException e) {
                errors.add(new FieldError("limit", "must be a whole number"));
            }
        }
        if (errors.isEmpty()) {
            new TopWasteQuery(principal.workspaceId(), from, to, by, limit)
                    .problems()
                    .forEach(p -> errors.add(new FieldError(p.startsWith("limit") ? "limit" : "from", p)));
        }
        if (!errors.isEmpty()) {
            throw new InvalidParametersException(errors);
        }
        TopWasteQuery query = new TopWasteQuery(principal.workspaceId(), from, to, by, limit);
        return timer.record(() -> queries.topWaste(query));
    }
}
