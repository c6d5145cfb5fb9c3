package dev.spendline.query.dashboard.budgets;

import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import tools.jackson.databind.node.ObjectNode;

/**
 * The create-budget form as typed. {@link #fields()} turns it into the fields of the {@code
 * create_budget} action, so the action's reader judges it exactly as it judges an API request: an
 * empty field is left out (the reader says what is required), a limit that is not a number is sent
 * as text (the reader says it must be a number).
 */
record BudgetForm(String name, String limitUsd, String scope, String scopeValue, String period) {

    static BudgetForm blank() {
        return new BudgetForm(null, null, "WORKSPACE", null, "MONTHLY");
    }

    ObjectNode fields() {
        ObjectNode fields = Json.MAPPER.createObjectNode();
        putText(fields, "name", name);
        putText(fields, "scope", scope);
        putText(fields, "scopeValue", scopeValue);
        putText(fields, "period", period);
        if (filled(limitUsd)) {
            BigDecimal limit = decimal(limitUsd.strip());
            if (limit == null) {
                fields.put("limitUsd", limitUsd);
            } else {
                fields.put("limitUsd", limit);
            }
        }
        return fields;
    }

    private static void putText(ObjectNode fields, String name, String value) {
        if (filled(value)) {
            fields.put(name, value);
        }
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
