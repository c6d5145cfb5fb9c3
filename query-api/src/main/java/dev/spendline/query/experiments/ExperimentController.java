package dev.spendline.query.experiments;

import dev.spendline.contracts.experiment.ExperimentQueries;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.Experiments;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.controlplane.Principal;
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
final class ExperimentController {

    static final String PATH = "/api/v1/experiments";

    private final ExperimentQueries queries;

    ExperimentController(ExperimentQueries queries) {
        this.queries = queries;
    }

    @GetMapping(PATH)
    ExperimentsReport list(@AuthenticationPrincipal Principal principal) {
        return queries.experiments(new ExperimentsQuery(principal.workspaceId(), null));
    }

    @GetMapping(PATH + "/{experimentId}")
    ExperimentSummary get(@AuthenticationPrincipal Principal principal, @PathVariable String experimentId) {
        if (!Experiments.isId(experimentId)) {
            throw new UnknownExperimentException(experimentId);
        }
        return queries.experiments(new ExperimentsQuery(principal.workspaceId(), experimentId)).experiments().stream()
                .findFirst()
                .orElseThrow(() -> new UnknownExperimentException(experimentId));
    }
}
