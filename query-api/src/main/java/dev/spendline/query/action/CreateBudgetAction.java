package dev.spendline.query.action;

import dev.spendline.contracts.budget.BudgetDraft;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.query.budgets.BudgetCreation;
import dev.spendline.query.budgets.BudgetLimitReachedException;
import dev.spendline.query.budgets.InvalidBudgetException;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code create_budget}: the fields of {@code POST /api/v1/budgets}, validated and stored by the
 * same {@link BudgetCreation}. The budget's id is chosen at prepare time and is part of the
 * arguments, so an execution retried after Kafka failed to acknowledge lands on the same budget.
 */
final class CreateBudgetAction implements WriteAction {

    static final String NAME = "create_budget";
    private static final String BUDGET_ID = "budgetId";

    private final BudgetCreation budgets;

    CreateBudgetAction(BudgetCreation budgets) {
        this.budgets = budgets;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PreparedPlan prepare(Principal principal, ObjectNode fields) {
        BudgetDraft draft;
        try {
            draft = BudgetCreation.read(fields, Set.of());
        } catch (InvalidBudgetException e) {
            throw WriteAction.invalid(e.errors());
        }
        try {
            budgets.requireRoom(principal.workspaceId());
        } catch (BudgetLimitReachedException e) {
            throw new ActionFailedException("budget_limit_reached", e.getMessage());
        }
        ObjectNode arguments = Json.MAPPER.createObjectNode();
        arguments.put("name", draft.name());
        arguments.put("limitUsd", draft.limitUsd());
        arguments.put("scope", draft.scope().name());
        if (draft.scopeValue() != null) {
            arguments.put("scopeValue", draft.scopeValue());
        }
        arguments.put("period", draft.period().name());
        arguments.put(BUDGET_ID, budgets.newId());
        return new PreparedPlan(summary(draft), arguments);
    }

    @Override
    public JsonNode execute(Principal principal, JsonNode arguments) {
        String id = arguments.path(BUDGET_ID).asString(null);
        ObjectNode fields = (ObjectNode) arguments.deepCopy();
        fields.remove(BUDGET_ID);
        BudgetDraft draft;
        try {
            // Our own canonical arguments; re-read so a rule tightened since prepare still holds.
            draft = BudgetCreation.read(fields, Set.of());
        } catch (InvalidBudgetException e) {
            throw new ActionFailedException(
                    "invalid_action",
                    "The prepared budget is no longer valid: "
                            + e.errors().stream()
                                    .map(CreateBudgetAction::describe)
                                    .toList());
        }
        if (!BudgetCreation.isId(id)) {
            throw new ActionFailedException("invalid_action", "The prepared budget has no valid id");
        }
        try {
            return Json.MAPPER.valueToTree(budgets.create(principal, draft, id));
        } catch (BudgetLimitReachedException e) {
            throw new ActionFailedException("budget_limit_reached", e.getMessage());
        }
    }

    /** E.g. "Create a MONTHLY budget 'Support bot' of $500.00 on feature support-bot". */
    static String summary(BudgetDraft draft) {
        String on = draft.scope() == BudgetScope.WORKSPACE
                ? "the whole workspace"
                : draft.scope().name().toLowerCase(Locale.ROOT) + " " + draft.scopeValue();
        return "Create a " + draft.period() + " budget '" + draft.name() + "' of " + dollars(draft.limitUsd()) + " on "
                + on;
    }

    /** At least two decimals, more only when the limit has them: $500.00, $0.125. */
    static String dollars(BigDecimal amount) {
        return "$"
                + amount.setScale(Math.max(2, amount.stripTrailingZeros().scale()))
                        .toPlainString();
    }

    private static String describe(FieldError error) {
        return error.pointer() + " " + error.message();
    }
}
