package dev.spendline.query.experiments;

import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.Experiments;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.problems.WhenUnavailable;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Experiments seen in the caller's workspace ({@code GET /api/v1/experiments}) and one of them
 * ({@code GET /api/v1/experiments/{experimentId}}): each variant's calls, successes, cost and cost
 * per success, the guardrail if there is one, and its shadow decisions. See docs/experiments.md.
 */
@RestController
@WhenUnavailable(
        retryAfterSeconds = 2,
        title = "Experiments are temporarily unavailable",
        detail = "The data for this workspace is moving between instances or still loading; retry shortly.")
final class ExperimentController {

    static final String PATH = "/api/v1/experiments";

    private final Queries queries;

    ExperimentController(Queries queries) {
        this.queries = queries;
    }

    @GetMapping(PATH)
    ExperimentsReport list(@AuthenticationPrincipal Principal principal) {
        return queries.answer(QueryType.EXPERIMENTS, new ExperimentsQuery(principal.workspaceId(), null));
    }

    @GetMapping(PATH + "/{experimentId}")
    ExperimentSummary get(@AuthenticationPrincipal Principal principal, @PathVariable String experimentId) {
        if (!Experiments.isId(experimentId)) {
            throw unknown(experimentId);
        }
        return queries
                .answer(QueryType.EXPERIMENTS, new ExperimentsQuery(principal.workspaceId(), experimentId))
                .experiments()
                .stream()
                .findFirst()
                .orElseThrow(() -> unknown(experimentId));
    }

    /** 404 {@code unknown_experiment}. */
    private static ProblemException unknown(String id) {
        return new ProblemException(
                404,
                "unknown_experiment",
                "Unknown experiment",
                "No experiment '" + id + "' in this workspace's events: events name one with metadata.experimentId"
                        + " and metadata.variant");
    }
}
