package dev.spendline.cli.action;

import java.math.BigDecimal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline action prepare-budget}: prepares {@code create_budget}. */
@Command(
        name = "prepare-budget",
        mixinStandardHelpOptions = true,
        description = "Prepares a new budget (action create_budget); prints the confirm command.")
final class PrepareBudgetCommand extends PrepareCommand {

    @Option(names = "--name", required = true, description = "Budget name.")
    String name;

    @Option(names = "--limit-usd", required = true, paramLabel = "USD", description = "Budget limit in USD.")
    BigDecimal limitUsd;

    @Option(names = "--scope", required = true, description = "Budget scope, e.g. FEATURE or WORKSPACE.")
    String scope;

    @Option(names = "--scope-value", description = "The value within the scope, e.g. a feature name.")
    String scopeValue;

    @Option(names = "--period", defaultValue = "MONTHLY", description = "Budget period (default: ${DEFAULT-VALUE}).")
    String period;

    @Override
    String action() {
        return "create_budget";
    }

    @Override
    void fields(ObjectNode request) {
        request.put("name", name);
        request.put("limitUsd", limitUsd);
        request.put("scope", scope);
        if (scopeValue != null) {
            request.put("scopeValue", scopeValue);
        }
        request.put("period", period);
    }
}
