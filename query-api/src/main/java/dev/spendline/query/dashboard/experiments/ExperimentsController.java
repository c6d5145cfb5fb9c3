package dev.spendline.query.dashboard.experiments;

import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.dashboard.CsvExport;
import dev.spendline.query.dashboard.actions.ActionForms;
import dev.spendline.query.dashboard.actions.ConfirmForm;
import dev.spendline.query.dashboard.actions.FormFields;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import tools.jackson.databind.node.ObjectNode;

/**
 * Experiments and their shadow guardrails (the report of {@code GET /api/v1/experiments}): each
 * variant's calls, successes, cost and cost per successful call, the guardrail, and what it would
 * have done. A guardrail is created through the {@code create_experiment_guardrail} write action,
 * prepared by the experiment's button and confirmed by typing its phrase. No read tool answers
 * this report, so the view takes no parameter but {@code format=csv}.
 */
@Controller
final class ExperimentsController {

    static final String PATH = "/app/experiments";
    static final String PREPARE = PATH + "/guardrails";
    static final String CONFIRM = PATH + "/guardrails/confirm";
    private static final String TEMPLATE = "dashboard/experiments";
    private static final String CREATE_GUARDRAIL = "create_experiment_guardrail";

    private final Queries queries;
    private final ActionForms actions;

    ExperimentsController(Queries queries, ActionForms actions) {
        this.queries = queries;
        this.actions = actions;
    }

    @GetMapping(PATH)
    String experiments(
            @AuthenticationPrincipal Principal principal,
            @RequestParam MultiValueMap<String, String> params,
            Model model) {
        requireNoParameters(params, Set.of());
        return page(principal, model);
    }

    /** One row per variant, with its experiment's guardrail. */
    @GetMapping(path = PATH, params = CsvExport.PARAMETER + "=" + CsvExport.VALUE)
    ResponseEntity<String> csv(
            @AuthenticationPrincipal Principal principal, @RequestParam MultiValueMap<String, String> params) {
        requireNoParameters(params, Set.of(CsvExport.PARAMETER));
        List<List<?>> rows = new ArrayList<>();
        for (ExperimentSummary experiment : report(principal).experiments()) {
            ExperimentGuardrail guardrail = experiment.guardrail();
            experiment
                    .variants()
                    .forEach(v -> rows.add(Arrays.asList(
                            experiment.experimentId(),
                            v.variant(),
                            v.calls(),
                            v.successes(),
                            v.costUsd(),
                            v.costPerSuccessUsd(),
                            v.firstSeen(),
                            v.lastSeen(),
                            guardrail == null ? null : guardrail.id(),
                            guardrail == null ? null : guardrail.maxIncreasePercent())));
        }
        return CsvExport.of(
                "experiments",
                List.of(
                        "experiment",
                        "variant",
                        "calls",
                        "successes",
                        "cost_usd",
                        "cost_per_success_usd",
                        "first_seen",
                        "last_seen",
                        "guardrail",
                        "guardrail_max_increase_percent"),
                rows);
    }

    @PostMapping(PREPARE)
    String prepare(
            @AuthenticationPrincipal Principal principal,
            @RequestParam(required = false) String experimentId,
            Model model,
            HttpServletResponse response) {
        ObjectNode fields = Json.MAPPER.createObjectNode();
        FormFields.putText(fields, "experimentId", experimentId);
        response.setStatus(actions.prepare(principal, CREATE_GUARDRAIL, fields, model));
        return page(principal, model);
    }

    @PostMapping(CONFIRM)
    String confirm(
            @AuthenticationPrincipal Principal principal,
            @ModelAttribute ConfirmForm form,
            Model model,
            HttpServletResponse response) {
        response.setStatus(actions.confirm(principal, form, model));
        return page(principal, model);
    }

    private String page(Principal principal, Model model) {
        model.addAttribute("report", report(principal));
        model.addAttribute("csvUrl", PATH + "?" + CsvExport.PARAMETER + "=" + CsvExport.VALUE);
        return TEMPLATE;
    }

    private ExperimentsReport report(Principal principal) {
        return queries.answer(QueryType.EXPERIMENTS, new ExperimentsQuery(principal.workspaceId(), null));
    }

    private static void requireNoParameters(MultiValueMap<String, String> params, Set<String> allowed) {
        List<FieldError> errors = params.keySet().stream()
                .filter(name -> !allowed.contains(name))
                .map(name -> new FieldError(name, "is not a parameter; this view takes only format=csv"))
                .toList();
        if (!errors.isEmpty()) {
            throw new InvalidArgumentsException(errors);
        }
    }
}
