package dev.spendline.cli.action;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline action prepare-shadow-guardrail EXPERIMENT_ID}: prepares {@code create_experiment_guardrail}. */
@Command(
        name = "prepare-shadow-guardrail",
        mixinStandardHelpOptions = true,
        description = "Prepares a guardrail for an experiment, always in shadow mode (action"
                + " create_experiment_guardrail); prints the confirm command.")
final class PrepareShadowGuardrailCommand extends PrepareCommand {

    @Parameters(paramLabel = "EXPERIMENT_ID", description = "The experiment's id, as sent in metadata.experimentId.")
    String experimentId;

    @Override
    String action() {
        return "create_experiment_guardrail";
    }

    @Override
    void fields(ObjectNode request) {
        request.put("experimentId", experimentId);
    }
}
