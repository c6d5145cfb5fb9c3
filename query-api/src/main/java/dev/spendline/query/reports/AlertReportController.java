package dev.spendline.query.reports;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.AlertQueries;
import dev.spendline.controlplane.Principal;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/reports/active-alerts} ({@code active_alerts}): open alerts that are not
 * snoozed, with the snoozed ones listed apart. Optional {@code asOf} judges snoozes at that time.
 */
@RestController
final class AlertReportController {

    private final AlertQueries queries;
    private final Clock clock = Clock.systemUTC();
    private final Timer timer;

    AlertReportController(AlertQueries queries, MeterRegistry registry) {
        this.queries = queries;
        this.timer = ReadToolTimers.timer(registry, "active_alerts");
    }

    @GetMapping("/api/v1/reports/active-alerts")
    ActiveAlertsReport activeAlerts(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        ActiveAlertsQuery query = new ActiveAlertsQuery(principal.workspaceId(), AsOfParameter.parse(params, clock));
        return timer.record(() -> queries.activeAlerts(query));
    }
}
