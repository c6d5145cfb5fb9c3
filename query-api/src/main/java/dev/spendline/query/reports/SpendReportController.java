package dev.spendline.query.reports;

import dev.spendline.contracts.query.SpendQueries;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/reports/spend}: spend of the caller's workspace grouped by one dimension.
 * The workspace always comes from the API key, never from a parameter, so a key cannot read
 * another workspace's data.
 */
@RestController
final class SpendReportController {

    private final SpendQueries queries;
    private final Clock clock;
    private final Timer latency;

    SpendReportController(SpendQueries queries, MeterRegistry registry) {
        this.queries = queries;
        this.clock = Clock.systemUTC();
        this.latency = ReadToolTimers.timer(registry, "spend_by");
    }

    @GetMapping("/api/v1/reports/spend")
    SpendReport spend(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        List<FieldError> errors = new ArrayList<>();
        SpendQuery query = SpendReportRequest.parse(principal.workspaceId(), params, clock, errors);
        if (query == null) {
            throw new InvalidParametersException(errors);
        }
        return latency.record(() -> queries.spendBy(query));
    }
}
