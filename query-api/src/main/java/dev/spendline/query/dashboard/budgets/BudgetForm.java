package dev.spendline.query.dashboard.budgets;

import dev.spendline.contracts.json.Json;
import dev.spendline.query.dashboard.actions.FormFields;
import tools.jackson.databind.node.ObjectNode;

/** The create-budget form as typed; {@link #fields()} are the {@code create_budget} action's fields. */
record BudgetForm(String name, String limitUsd, String scope, String scopeValue, String period) {

    static BudgetForm blank() {
        return new BudgetForm(null, null, "WORKSPACE", null, "MONTHLY");
    }

    ObjectNode fields() {
        ObjectNode fields = Json.MAPPER.createObjectNode();
        FormFields.putText(fields, "name", name);
        FormFields.putNumber(fields, "limitUsd", limitUsd);
        FormFields.putText(fields, "scope", scope);
        FormFields.putText(fields, "scopeValue", scopeValue);
        FormFields.putText(fields, "period", period);
        return fields;
    }
}
