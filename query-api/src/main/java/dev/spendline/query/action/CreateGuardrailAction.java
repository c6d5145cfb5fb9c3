package dev.spendline.query.action;

import dev.spendline.contracts.experiment.ExperimentGuardrail;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.Experiments;
import dev.spendline.contracts.experiment.ExperimentsQuery;
import dev.spendline.contracts.experiment.GuardrailMode;
import dev.spendline.contracts.experiment.GuardrailRule;
import dev.spendline.contracts.experiment.VariantStats;
import dev.spendline.contracts.ids.ReadableIds;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code create_experiment_guardrail}: a shadow guardrail on one experiment (docs/experiments.md).
 * Prepare and confirm both run the eligibility and evidence checks of {@link GuardrailRule}
 * against the experiment as the topology has counted it; a refusal lists every reason. The
 * guardrail's id is chosen at prepare, so a confirmation retried after Kafka failed writes the
 * same guardrail again.
 */
final class CreateGuardrailAction implements WriteAction {

    static final String NAME = "create_experiment_guardrail";
    private static final String EXPERIMENT_ID = "experimentId";
    private static final String GUARDRAIL_ID = "guardrailId";
    private static final String ID_PREFIX = "grd_";

    private final Queries experiments;
    private final SettingsWriter writer;
    private final Clock clock;

    CreateGuardrailAction(Queries experiments, SettingsWriter writer, Clock clock) {
        this.clock = clock;
        this.experiments = experiments;
        this.writer = writer;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreparedPlan prepare(Principal principal, ObjectNode fields) {
        List<FieldError> errors = new ArrayList<>(FieldError.unknownFields(fields, List.of(EXPERIMENT_ID)));
        JsonNode id = fields.get(EXPERIMENT_ID);
        if (id == null || id.isNull()) {
            errors.add(new FieldError(
                    "/" + EXPERIMENT_ID, "is required: the metadata.experimentId of the experiment's events"));
        } else if (!id.isString()) {
            errors.add(new FieldError("/" + EXPERIMENT_ID, "must be a string"));
        } else if (!Experiments.isId(id.stringValue())) {
            errors.add(new FieldError(
                    "/" + EXPERIMENT_ID,
                    "must be 1 to " + Experiments.MAX_ID_LENGTH + " characters without control characters"));
        }
        if (!errors.isEmpty()) {
            throw WriteAction.invalid(errors);
        }
        String experimentId = id.stringValue();
        ExperimentSummary experiment = requireEligible(principal, experimentId, null);
        ObjectNode arguments = Json.MAPPER.createObjectNode();
        arguments.put(EXPERIMENT_ID, experimentId);
        arguments.put(GUARDRAIL_ID, ReadableIds.next(ID_PREFIX));
        arguments.put("mode", GuardrailMode.SHADOW.name());
        arguments.put("controlVariant", Experiments.CONTROL);
        arguments.put("maxIncreasePercent", ExperimentGuardrail.DEFAULT_MAX_INCREASE_PERCENT);
        arguments.put("minCallsPerVariant", Experiments.MIN_CALLS_PER_VARIANT);
        return new PreparedPlan(summary(experiment), arguments);
    }

    @Override
    public JsonNode execute(Principal principal, JsonNode arguments) {
        String experimentId = arguments.path(EXPERIMENT_ID).asString(null);
        String guardrailId = arguments.path(GUARDRAIL_ID).asString(null);
        if (!Experiments.isId(experimentId) || !ReadableIds.matches(ID_PREFIX, guardrailId)) {
            throw new ActionFailedException("invalid_action", "The prepared guardrail has no valid experiment or id");
        }
        // Confirm runs the checks again: the evidence may have changed, or another guardrail landed.
        requireEligible(principal, experimentId, guardrailId);
        ExperimentGuardrail guardrail = new ExperimentGuardrail(
                ExperimentGuardrail.SCHEMA_VERSION,
                principal.workspaceId(),
                guardrailId,
                experimentId,
                GuardrailMode.SHADOW,
                Experiments.CONTROL,
                ExperimentGuardrail.DEFAULT_MAX_INCREASE_PERCENT,
                Experiments.MIN_CALLS_PER_VARIANT,
                clock.instant(),
                principal.credential().id());
        writer.put(Topics.GUARDRAILS, guardrail.workspaceId(), guardrail.key(), guardrail);
        return Json.MAPPER.valueToTree(guardrail);
    }

    /**
     * The experiment, if a guardrail may be created on it; a guardrail with {@code ownId} (this
     * very action, retried) does not count as "already guarded".
     */
    private ExperimentSummary requireEligible(Principal principal, String experimentId, String ownId) {
        ExperimentSummary experiment = experiments
                .answer(QueryType.EXPERIMENTS, new ExperimentsQuery(principal.workspaceId(), experimentId))
                .experiments()
                .stream()
                .findFirst()
                .orElse(null);
        ExperimentSummary judged = experiment != null
                        && experiment.guardrail() != null
                        && experiment.guardrail().id().equals(ownId)
                ? new ExperimentSummary(experimentId, experiment.variants(), null, experiment.shadowDecisions())
                : experiment;
        List<String> problems = GuardrailRule.eligibilityProblems(experimentId, judged);
        if (!problems.isEmpty()) {
            throw new ActionFailedException(
                    "guardrail_not_eligible",
                    "A guardrail cannot be created on experiment '" + experimentId + "': "
                            + String.join("; ", problems));
        }
        return experiment;
    }

    /** E.g. "Create a shadow guardrail on experiment 'prompt-v2' ...", with each variant's figures. */
    static String summary(ExperimentSummary experiment) {
        String variants = experiment.variants().stream()
                .map(CreateGuardrailAction::describe)
                .collect(Collectors.joining("; "));
        return "Create a shadow guardrail on experiment '" + experiment.experimentId() + "': on every call it"
                + " compares each variant's cost per successful call with '" + Experiments.CONTROL + "' and records"
                + " (never enforces) that it would stop a variant costing more than "
                + ExperimentGuardrail.DEFAULT_MAX_INCREASE_PERCENT + " % above the control. Nothing is ever"
                + " blocked. So far: " + variants + ".";
    }

    private static String describe(VariantStats v) {
        String perSuccess = v.costPerSuccessUsd() == null
                ? "no successful calls"
                : "$" + v.costPerSuccessUsd().stripTrailingZeros().toPlainString() + " per successful call";
        return v.variant() + " " + v.calls() + " calls, " + perSuccess;
    }
}
