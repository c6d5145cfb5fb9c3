package dev.spendline.contracts.savings;

import dev.spendline.contracts.budget.BudgetDraft;

/**
 * What to do about a recommendation.
 *
 * @param type {@code CREATE_BUDGET} when a budget (the {@code create_budget} write action, or
 *     {@code POST /api/v1/budgets}) would watch the saving happen, {@code budget} then holds its
 *     arguments; {@code CHANGE} when the change is in the customer's own code or configuration
 * @param description the change in words
 */
public record SuggestedAction(Type type, String description, BudgetDraft budget) {

    public enum Type {
        CREATE_BUDGET,
        CHANGE
    }
}
