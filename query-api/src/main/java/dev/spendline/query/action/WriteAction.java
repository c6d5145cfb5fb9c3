package dev.spendline.query.action;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One kind of write action that Ask, the CLI and MCP can prepare and confirm. Register an
 * implementation as a Spring bean and it is available under {@link #name()}: the registry, the
 * endpoints, token handling, the confirmation phrase, exactly-once execution and the stored
 * result are the same for every kind.
 */
public interface WriteAction {

    /** The {@code action} value, e.g. {@code create_budget}; lowercase words joined by underscores. */
    String name();

    /**
     * Validates a prepare request and says what confirming will do. Must change nothing.
     *
     * @param fields the request body without {@code action}
     * @return the summary in words and the canonical arguments {@link #execute} will receive
     * @throws ProblemException from {@link #invalid}, listing every problem
     *     with JSON Pointers into the request
     * @throws ActionFailedException when the action cannot be done now (e.g. a limit is reached)
     */
    PreparedPlan prepare(Principal principal, ObjectNode fields);

    /**
     * Does the action. Called at most once per prepared action, on confirmation, by the same
     * credential that prepared it, with the arguments {@link #prepare} returned. Should be
     * idempotent (fix ids at prepare time): after an exception other than {@link
     * ActionFailedException} the action may be confirmed, and so executed, again.
     *
     * @return the result, stored and returned to every confirmation of this action
     * @throws ActionFailedException for a final failure, stored and answered to every confirmation
     */
    JsonNode execute(Principal principal, JsonNode arguments);

    /** The refusal of a prepare request with problems: 400 {@code invalid_action}, every problem listed. */
    static ProblemException invalid(List<FieldError> errors) {
        return new ProblemException(
                400,
                "invalid_action",
                "Invalid action request",
                errors.size() + " problem(s) with the request; nothing was prepared",
                errors);
    }
}
