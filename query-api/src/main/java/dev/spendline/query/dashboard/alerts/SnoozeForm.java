package dev.spendline.query.dashboard.alerts;

import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import tools.jackson.databind.node.ObjectNode;

/**
 * A snooze form as typed, turned into the fields of the {@code snooze_alert} action so that its
 * reader judges it as it judges Ask's and the API's: empty fields left out, hours that are not a
 * number sent as text.
 */
record SnoozeForm(String alertId, String hours, String reason) {

    ObjectNode fields() {
        ObjectNode fields = Json.MAPPER.createObjectNode();
        if (filled(alertId)) {
            fields.put("alertId", alertId);
        }
        if (filled(hours)) {
            BigDecimal number = decimal(hours.strip());
            if (number == null) {
                fields.put("hours", hours);
            } else {
                fields.put("hours", number);
            }
        }
        if (filled(reason)) {
            fields.put("reason", reason);
        }
        return fields;
    }

    private static boolean filled(String value) {
        return value != null && !value.isBlank();
    }

    private static BigDecimal decimal(String text) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
