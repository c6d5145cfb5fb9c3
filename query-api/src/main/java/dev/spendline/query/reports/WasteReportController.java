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

    static final Set<String> PARAMETERS = Set.of("from", "to", "by", "limit");

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
        ReportParameters read = new ReportParameters(params, PARAMETERS, errors);
        Dimension by = null;
        String byText = params.getFirst("by");
        if (byText != null) {
            by = Dimension.of(UsageKind.PRODUCT, byText);
            if (by == null || !TopWasteQuery.BY.contains(by)) {
                errors.add(new FieldError("by", "must be one of feature, model, provider, tenant, agent, workflow"));
                by = null;
            }
        }
        Instant[] range = read.range(clock);
        Instant from = range[0];
        Instant to = range[1];
        int limit = read.limit(TopWasteQuery.DEFAULT_LIMIT);
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
