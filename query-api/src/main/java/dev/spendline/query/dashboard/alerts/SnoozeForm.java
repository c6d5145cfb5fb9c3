package dev.spendline.query.dashboard.alerts;

import dev.spendline.contracts.json.Json;
import dev.spendline.query.dashboard.actions.FormFields;
import tools.jackson.databind.node.ObjectNode;

/** A snooze form as typed; {@link #fields()} are the {@code snooze_alert} action's fields. */
record SnoozeForm(String alertId, String hours, String reason) {

    ObjectNode fields() {
        ObjectNode fields = Json.MAPPER.createObjectNode();
        FormFields.putText(fields, "alertId", alertId);
        FormFields.putNumber(fields, "hours", hours);
        FormFields.putText(fields, "reason", reason);
        return fields;
    }
}
