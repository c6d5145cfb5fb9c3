package dev.spendline.query.action;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.Limits;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.alerts.AlertSnoozing;
import dev.spendline.query.alerts.AlertSnoozing.SnoozeRequest;
import dev.spendline.query.alerts.InvalidSnoozeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code snooze_alert}: {@code alertId} plus the fields of {@code POST /api/v1/alerts/{id}/snooze},
 * validated and stored by the same {@link AlertSnoozing}. The alert must be open at prepare and
 * again at confirm; the snooze runs for {@code hours} from the confirmation. Snoozing is keyed by
 * the alert, so a retried execution replaces rather than duplicates.
 */
final class SnoozeAlertAction implements WriteAction {

    static final String NAME = "snooze_alert";
    private static final String ALERT_ID = "alertId";

    private final AlertSnoozing snoozing;

    SnoozeAlertAction(AlertSnoozing snoozing) {
        this.snoozing = snoozing;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreparedPlan prepare(Principal principal, ObjectNode fields) {
        List<FieldError> errors = new ArrayList<>();
        SnoozeRequest request = null;
        try {
            request = AlertSnoozing.read(fields, Set.of(ALERT_ID));
        } catch (InvalidSnoozeException e) {
            errors.addAll(e.errors());
        }
        Alert alert = null;
        JsonNode id = fields.get(ALERT_ID);
        if (id == null || id.isNull()) {
            errors.add(new FieldError("/" + ALERT_ID, "is required: the id of an open alert (see active_alerts)"));
        } else if (!id.isString()) {
            errors.add(new FieldError("/" + ALERT_ID, "must be a string"));
        } else if (id.stringValue().isEmpty() || id.stringValue().length() > Limits.MAX_ID_LENGTH) {
            errors.add(new FieldError("/" + ALERT_ID, "must be 1 to " + Limits.MAX_ID_LENGTH + " characters"));
        } else {
            alert = snoozing.findOpen(principal.workspaceId(), id.stringValue()).orElse(null);
            if (alert == null) {
                errors.add(new FieldError("/" + ALERT_ID, "is not an open alert of this workspace"));
            }
        }
        if (!errors.isEmpty()) {
            throw WriteAction.invalid(errors);
        }
        ObjectNode arguments = Json.MAPPER.createObjectNode();
        arguments.put(ALERT_ID, alert.id());
        arguments.put("hours", request.hours());
        arguments.put("reason", request.reason());
        String summary = "Snooze the " + alert.severity() + " alert " + alert.id() + " (\"" + alert.message()
                + "\") for " + request.hours().stripTrailingZeros().toPlainString() + " hour(s) from confirmation,"
                + " because: " + request.reason();
        return new PreparedPlan(summary, arguments);
    }

    @Override
    public JsonNode execute(Principal principal, JsonNode arguments) {
        String alertId = arguments.path(ALERT_ID).asString("");
        SnoozeRequest request;
        try {
            request = AlertSnoozing.read(arguments, Set.of(ALERT_ID));
        } catch (InvalidSnoozeException e) {
            throw new ActionFailedException("invalid_action", "The prepared snooze is no longer valid");
        }
        Alert alert = snoozing.findOpen(principal.workspaceId(), alertId)
                .orElseThrow(() -> new ActionFailedException(
                        "alert_not_open",
                        "Alert " + alertId + " is no longer open (it resolved after the snooze was prepared);"
                                + " nothing was snoozed"));
        return Json.MAPPER.valueToTree(snoozing.snooze(principal, alert, request));
    }
}
