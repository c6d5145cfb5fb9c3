package dev.spendline.query.budgets;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetDraft;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.plan.PlanGate;
import dev.spendline.query.problems.WhenUnavailable;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Budgets of the caller's workspace: {@code GET /api/v1/budgets} lists them with their status,
 * {@code POST} creates one (201 with the definition), {@code GET /api/v1/budgets/{id}} shows one,
 * {@code DELETE /api/v1/budgets/{id}} removes one. Definitions live in the compacted budgets topic;
 * a change shows in lists and in {@code budget_status} once the topology has read it (normally
 * well under a second), so a read straight after a write may not show it yet. Creating and deleting
 * need the Team plan ({@link PlanGate}); listing works on every plan.
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 5,
        title = "Budgets are temporarily unavailable",
        detail = "Kafka or the budget data cannot be reached right now; nothing was changed. Retry shortly.")
final class BudgetController {

    static final String PATH = "/api/v1/budgets";

    private final SettingsWriter writer;
    private final Queries queries;
    private final BudgetCreation creation;
    private final Clock clock;

    BudgetController(SettingsWriter writer, Queries queries, BudgetCreation creation, Clock clock) {
        this.writer = writer;
        this.queries = queries;
        this.creation = creation;
        this.clock = clock;
    }

    @GetMapping(PATH)
    BudgetStatusReport list(@AuthenticationPrincipal Principal principal) {
        return status(principal);
    }

    @GetMapping(PATH + "/{id}")
    BudgetStatus get(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        return find(status(principal).budgets(), id);
    }

    @PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Budget> create(
            @AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        PlanGate.requireWrites(principal);
        BudgetDraft draft = BudgetRequestReader.read(body);
        Budget budget = creation.create(principal, draft, creation.newId());
        return ResponseEntity.created(URI.create(PATH + "/" + budget.id())).body(budget);
    }

    @DeleteMapping(PATH + "/{id}")
    ResponseEntity<Void> delete(@AuthenticationPrincipal Principal principal, @PathVariable String id) {
        PlanGate.requireWrites(principal);
        Budget budget = find(status(principal).budgets(), id).budget();
        writer.put(Topics.BUDGETS, budget.workspaceId(), budget.key(), null);
        return ResponseEntity.noContent().build();
    }

    private BudgetStatusReport status(Principal principal) {
        return queries.answer(QueryType.BUDGET_STATUS, BudgetStatusQuery.all(principal.workspaceId(), clock.instant()));
    }

    private static BudgetStatus find(List<BudgetStatus> budgets, String id) {
        return budgets.stream()
                .filter(s -> s.budget().id().equals(id))
                .findFirst()
                .orElseThrow(() -> unknown(id));
    }

    /** 404 {@code unknown_budget}, also for a budget of another workspace. */
    private static ProblemException unknown(String id) {
        return new ProblemException(404, "unknown_budget", "Unknown budget", "No budget " + id + " in this workspace");
    }
}
