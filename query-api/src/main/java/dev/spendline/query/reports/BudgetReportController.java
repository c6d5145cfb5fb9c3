package dev.spendline.query.reports;

import dev.spendline.contracts.budget.BudgetQueries;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
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
 * {@code GET /api/v1/reports/budget-status} ({@code budget_status}): every budget in its current
 * period. Optional {@code asOf} (an ISO instant, e.g. {@code 2026-11-15T12:00:00Z}) shows where the
 * budgets stood at that time instead of now.
 */
@RestController
final class BudgetReportController {

    private final BudgetQueries queries;
    private final Clock clock = Clock.systemUTC();
    private final Timer timer;

    BudgetReportController(BudgetQueries queries, MeterRegistry registry) {
        this.queries = queries;
        this.timer = ReadToolTimers.timer(registry, "budget_status");
    }

    @GetMapping("/api/v1/reports/budget-status")
    BudgetStatusReport budgetStatus(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        BudgetStatusQuery query = new BudgetStatusQuery(principal.workspaceId(), AsOfParameter.parse(params, clock));
        return timer.record(() -> queries.budgetStatus(query));
    }
}
