package dev.spendline.query.action;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.actions.ConfirmationRefusedException;
import dev.spendline.controlplane.actions.IssuedConfirmation;
import dev.spendline.controlplane.actions.PreparedAction;
import dev.spendline.controlplane.actions.PreparedActionStatus;
import dev.spendline.controlplane.actions.PreparedActions;
import dev.spendline.controlplane.actions.PreparedActions.Confirmed;
import dev.spendline.controlplane.actions.PreparedActions.Execution;
import dev.spendline.query.plan.PlanGate;
import dev.spendline.query.problems.RequestBodies;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prepare and confirm over the registered {@link WriteAction}s: strict request reading, the plan
 * check, the confirmation phrase, and the translation between actions and the stored rows of
 * {@link PreparedActions} (which does tokens, expiry and exactly-once execution).
 *
 * <p>Public for the dashboard, whose forms prepare and confirm the same actions with a signed-in
 * user's {@link Principal} ({@link #prepare(Principal, String, ObjectNode)}, {@link
 * #confirm(Principal, String, String)}), and for MCP's write tools, whose arguments are the
 * endpoints' bodies: the rules, refusals and stored results are the API's.
 */
public final class ActionService {

    static final String CONFIRM_PATH = "/api/v1/ask/actions/confirm";
    private static final List<String> CONFIRM_FIELDS = List.of("confirmationToken", "confirmationPhrase");
    private static final int PHRASE_DIGITS = 4;

    private final WriteActionRegistry registry;
    private final PreparedActions preparedActions;
    private final SecureRandom random = new SecureRandom();

    ActionService(WriteActionRegistry registry, PreparedActions preparedActions) {
        this.registry = registry;
        this.preparedActions = preparedActions;
    }

    /** The answer to prepare. */
    public record Prepared(
            String action,
            String summary,
            JsonNode arguments,
            String confirmationToken,
            String confirmationPhrase,
            Instant expiresAt,
            ConfirmWith confirmWith) {}

    /** How to confirm, for a client (or a person reading the JSON). */
    public record ConfirmWith(String method, String path, String instructions) {}

    /** The answer to a confirmation that executed the action or replays its success. */
    public record Confirmation(
            String action, String status, String summary, JsonNode result, Instant executedAt, boolean replayed) {}

    /**
     * Prepares the action a request body names ({@code {"action": "<kind>", ...fields}}), read
     * exactly as {@code POST /api/v1/ask/actions/prepare} reads it; public for MCP's
     * {@code prepare_write_action}, whose arguments are that body.
     *
     * @throws ProblemException as {@link #prepare(Principal, String, ObjectNode)}, and 400 {@code
     *     invalid_action} for a body that is not a JSON object
     */
    public Prepared prepare(Principal principal, byte[] body) {
        PlanGate.requireWrites(principal);
        ObjectNode request = object(body, "invalid_action", "Invalid action request", exampleOfPrepare());
        WriteAction action = action(request.get("action"));
        ObjectNode fields = request.deepCopy();
        fields.remove("action");
        return prepare(principal, action, fields);
    }

    /**
     * Prepares {@code action} with its fields (a form's, read as a request body would be), for the
     * dashboard.
     *
     * @throws ProblemException 403 {@code plan_required} below Team, 400 for an unknown action or
     *     invalid fields (every problem listed), 409 when the action cannot be done now
     */
    public Prepared prepare(Principal principal, String action, ObjectNode fields) {
        PlanGate.requireWrites(principal);
        return prepare(principal, action(action == null ? null : JsonNodeFactory.instance.stringNode(action)), fields);
    }

    private Prepared prepare(Principal principal, WriteAction action, ObjectNode fields) {
        PreparedPlan plan = action.prepare(principal, fields);
        String phrase = action.name().replace('_', ' ') + " " + digits();
        IssuedConfirmation issued = preparedActions.prepare(
                principal, action.name(), Json.MAPPER.writeValueAsString(plan.arguments()), plan.summary(), phrase);
        return new Prepared(
                action.name(),
                plan.summary(),
                plan.arguments(),
                issued.token(),
                phrase,
                issued.action().expiresAt(),
                new ConfirmWith(
                        "POST",
                        CONFIRM_PATH,
                        "Show the summary, ask the person to type the confirmation phrase exactly, then send"
                                + " {\"confirmationToken\": ..., \"confirmationPhrase\": <what they typed>} with"
                                + " the same credential before expiresAt. Never confirm on their behalf."));
    }

    /**
     * Confirms with a request body ({@code {"confirmationToken", "confirmationPhrase"}} and nothing
     * else), read exactly as {@code POST /api/v1/ask/actions/confirm} reads it; public for MCP's
     * {@code confirm_write_action}.
     *
     * @throws ProblemException as {@link #confirm(Principal, String, String)}, and 400 {@code
     *     invalid_confirmation} for a missing or unknown field
     */
    public Confirmation confirm(Principal principal, byte[] body) {
        PlanGate.requireWrites(principal);
        ObjectNode request = object(
                body,
                "invalid_confirmation",
                "Invalid confirmation",
                "{\"confirmationToken\": \"sct_...\", \"confirmationPhrase\": \"create budget 1234\"}");
        List<FieldError> errors = new ArrayList<>(FieldError.unknownFields(request, CONFIRM_FIELDS));
        String token = requiredText(request, "confirmationToken", errors);
        String phrase = requiredText(request, "confirmationPhrase", errors);
        if (!errors.isEmpty()) {
            throw new ProblemException(
                    HttpStatus.BAD_REQUEST.value(),
                    "invalid_confirmation",
                    "Invalid confirmation",
                    errors.size() + " problem(s) with the request; nothing was executed",
                    errors);
        }
        return confirmChecked(principal, token, phrase);
    }

    /**
     * Confirms a prepared action with the phrase the person typed, for the dashboard: executes it
     * once, or answers the stored result ({@link Confirmation#replayed()}).
     *
     * @throws ProblemException 403 below Team or for another credential, 404 for an unknown token,
     *     422 for a wrong phrase (the token stays usable), 410 when expired, 409 when the action
     *     failed (its stored failure)
     */
    public Confirmation confirm(Principal principal, String token, String phrase) {
        PlanGate.requireWrites(principal);
        return confirmChecked(principal, token, phrase);
    }

    private Confirmation confirmChecked(Principal principal, String token, String phrase) {
        Confirmed confirmed;
        try {
            confirmed = preparedActions.confirm(principal, token, phrase, row -> execute(principal, row));
        } catch (ConfirmationRefusedException e) {
            throw refusal(e.reason());
        }
        PreparedAction row = confirmed.action();
        JsonNode result = Json.MAPPER.readTree(row.result());
        if (row.status() == PreparedActionStatus.FAILED) {
            throw new ProblemException(
                    HttpStatus.CONFLICT.value(),
                    result.path("code").asString("action_failed"),
                    "The action failed",
                    result.path("detail").asString("The action could not be done") + " (stored result"
                            + (confirmed.replayed() ? ", repeated" : "") + "; confirming again changes nothing)");
        }
        return new Confirmation(
                row.action(), row.status().name(), row.summary(), result, row.executedAt(), confirmed.replayed());
    }

    /** Runs in the one confirmation that claimed the action; exceptions other than a final failure propagate. */
    private Execution execute(Principal principal, PreparedAction row) {
        WriteAction action = registry.find(row.action()).orElse(null);
        if (action == null) {
            return Execution.failed(problem(
                    "unknown_action", "This server no longer has the action " + row.action() + "; nothing was done"));
        }
        try {
            JsonNode result = action.execute(principal, Json.MAPPER.readTree(row.arguments()));
            return Execution.succeeded(Json.MAPPER.writeValueAsString(result));
        } catch (ActionFailedException e) {
            return Execution.failed(problem(e.code(), e.getMessage()));
        }
    }

    private static String problem(String code, String detail) {
        ObjectNode problem = Json.MAPPER.createObjectNode();
        problem.put("code", code);
        problem.put("detail", detail);
        return Json.MAPPER.writeValueAsString(problem);
    }

    private WriteAction action(JsonNode value) {
        String known = String.join(", ", registry.names());
        if (value == null || value.isNull()) {
            throw WriteAction.invalid(List.of(new FieldError("/action", "is required: one of " + known)));
        }
        if (!value.isString()) {
            throw WriteAction.invalid(List.of(new FieldError("/action", "must be a string: one of " + known)));
        }
        return registry.find(value.stringValue())
                .orElseThrow(() -> new ProblemException(
                        HttpStatus.BAD_REQUEST.value(),
                        "unknown_action",
                        "Unknown action",
                        "There is no action \"" + abbreviate(value.stringValue()) + "\"; the actions are " + known,
                        List.of(new FieldError("/action", "must be one of " + known))));
    }

    private static ObjectNode object(byte[] body, String code, String title, String example) {
        List<FieldError> errors = new ArrayList<>();
        ObjectNode node = RequestBodies.object(body, example, errors);
        if (node == null) {
            boolean notJson = errors.get(0).message().equals(RequestBodies.NOT_JSON);
            throw new ProblemException(
                    HttpStatus.BAD_REQUEST.value(),
                    code,
                    title,
                    notJson
                            ? "The body is not valid JSON; nothing was changed"
                            : "The body must be a JSON object; nothing was changed",
                    errors);
        }
        return node;
    }

    private static String requiredText(ObjectNode request, String field, List<FieldError> errors) {
        JsonNode value = request.get(field);
        if (value == null || value.isNull()) {
            errors.add(new FieldError("/" + field, "is required"));
            return null;
        }
        if (!value.isString()) {
            errors.add(new FieldError("/" + field, "must be a string"));
            return null;
        }
        return value.stringValue();
    }

    private static String exampleOfPrepare() {
        return "{\"action\": \"create_budget\", \"name\": \"Support bot\", \"limitUsd\": 500, \"scope\": \"FEATURE\","
                + " \"scopeValue\": \"support-bot\", \"period\": \"MONTHLY\"}";
    }

    // Echoed in a message: bounded so a huge value cannot bloat the answer.
    private static String abbreviate(String value) {
        return value.length() <= 60 ? value : value.substring(0, 60) + "…";
    }

    private String digits() {
        StringBuilder digits = new StringBuilder(PHRASE_DIGITS);
        for (int i = 0; i < PHRASE_DIGITS; i++) {
            digits.append(random.nextInt(10));
        }
        return digits.toString();
    }

    /** Why a confirmation executed nothing, as the problem the client gets (table in docs/actions.md). */
    static ProblemException refusal(ConfirmationRefusedException.Reason reason) {
        return switch (reason) {
            case UNKNOWN_TOKEN -> new ProblemException(
                    HttpStatus.NOT_FOUND.value(),
                    "unknown_token",
                    "Unknown confirmation token",
                    "No prepared action of this workspace has this token; prepare the action again");
            case OTHER_CREDENTIAL -> new ProblemException(
                    HttpStatus.FORBIDDEN.value(),
                    "other_credential",
                    "Prepared with another credential",
                    "Only the API key (or OAuth grant) that prepared this action can confirm it; nothing was executed");
            case WRONG_PHRASE -> new ProblemException(
                    HttpStatus.UNPROCESSABLE_CONTENT.value(),
                    "wrong_phrase",
                    "Wrong confirmation phrase",
                    "The phrase must be exactly the confirmationPhrase that prepare returned; nothing was executed"
                            + " and the token can still be used",
                    List.of(new FieldError("/confirmationPhrase", "is not the exact phrase")));
            case EXPIRED -> new ProblemException(
                    HttpStatus.GONE.value(),
                    "expired",
                    "Confirmation expired",
                    "A prepared action can be confirmed for 10 minutes; prepare it again. Nothing was executed");
            case IN_PROGRESS -> new ProblemException(
                            HttpStatus.CONFLICT.value(),
                            "in_progress",
                            "Confirmation in progress",
                            "Another confirmation of this action is executing it; repeat this confirmation shortly"
                                    + " to get its result")
                    .retryAfter(1);
        };
    }
}
