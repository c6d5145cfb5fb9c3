package dev.spendline.query.reports;

import dev.spendline.contracts.savings.SavingsQueries;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.validation.FieldError;
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
 * {@code GET /api/v1/reports/savings} ({@code savings_recommendations}): what the workspace could
 * save, judged from {@code from} / {@code to} as in the spend report (default: the last 30 days),
 * at most {@code limit} recommendations (default 10). Rules: docs/recommendations.md.
 */
@RestController
final class SavingsReportController {

    static final Set<String> PARAMETERS = Set.of("from", "to", "limit");

    private final SavingsQueries queries;
    private final Clock clock = Clock.systemUTC();
    private final Timer timer;

    SavingsReportController(SavingsQueries queries, MeterRegistry registry) {
        this.queries = queries;
        this.timer = ReadToolTimers.timer(registry, "savings_recommendations");
    }

    @GetMapping("/api/v1/reports/savings")
    SavingsReport savings(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        List<FieldError> errors = new ArrayList<>();
        ReportParameters read = new ReportParameters(params, PARAMETERS, errors);
        Instant[] range = read.range(clock);
        int limit = read.limit(SavingsQuery.DEFAULT_LIMIT);
        if (errors.isEmpty()) {
            new SavingsQuery(principal.workspaceId(), range[0], range[1], limit)
                    .problems()
                    .forEach(p -> errors.add(new FieldError(p.startsWith("limit") ? "limit" : "from", p)));
        }
        if (!errors.isEmpty()) {
            throw new InvalidParametersException(errors);
        }
        SavingsQuery query = new SavingsQuery(principal.workspaceId(), range[0], range[1], limit);
        return timer.record(() -> queries.savingsRecommendations(query));
    }
}
