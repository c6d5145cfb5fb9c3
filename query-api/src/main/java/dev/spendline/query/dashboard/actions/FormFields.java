package dev.spendline.query.dashboard.actions;

import java.math.BigDecimal;
import tools.jackson.databind.node.ObjectNode;

/**
 * A write-action form's typed text as the action's JSON fields, so that the action's own reader
 * judges a form exactly as it judges an API request: an empty field is left out (the reader says
 * what is required), a number field that is not a number is sent as text (the reader says it must
 * be a number).
 */
public final class FormFields {

    private FormFields() {}

    public static void putText(ObjectNode fields, String name, String value) {
        if (filled(value)) {
            fields.put(name, value);
        }
    }

    public static void putNumber(ObjectNode fields, String name, String value) {
        if (!filled(value)) {
            return;
        }
        try {
            fields.put(name, new BigDecimal(value.strip()));
        } catch (NumberFormatException e) {
            fields.put(name, value);
        }
    }

    private static boolean filled(String value) {
        return value != null && !value.isBlank();
    }
}
