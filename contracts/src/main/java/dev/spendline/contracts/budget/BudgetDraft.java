package dev.spendline.contracts.budget;

import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A budget as a user asks for it, before it has an id: the body of {@code POST /api/v1/budgets}
 * and the arguments of the {@code create_budget} write action. {@link #problems()} lists every
 * reason it cannot be created, with JSON pointers into the request.
 */
public record BudgetDraft(String name, BudgetScope scope, String scopeValue, BudgetPeriod period, BigDecimal limitUsd) {

    public static final int MAX_NAME_LENGTH = 100;
    /** A billion dollars per period for one budget: anything above is a typing mistake. */
    public static final BigDecimal MAX_LIMIT_USD = new BigDecimal("1000000000");

    public List<FieldError> problems() {
        List<FieldError> errors = new ArrayList<>();
        if (name == null || name.isBlank()) {
            errors.add(new FieldError("/name", "is required"));
        } else if (name.length() > MAX_NAME_LENGTH) {
            errors.add(new FieldError("/name", "must be at most " + MAX_NAME_LENGTH + " characters"));
        } else if (TextRules.DISPLAY_NAME.characterProblem(name) != null) {
            errors.add(new FieldError("/name", TextRules.DISPLAY_NAME.characterProblem(name)));
        }
        if (scope == null) {
            errors.add(new FieldError("/scope", "is required"));
        } else if (scope.needsValue()) {
            if (scopeValue == null || scopeValue.isEmpty()) {
                errors.add(new FieldError(
                        "/scopeValue",
                        "is required for scope " + scope + " (the "
                                + scope.dimension().wireName() + ")"));
            } else if (scopeValue.length() > Limits.MAX_ID_LENGTH) {
                errors.add(new FieldError("/scopeValue", "must be at most " + Limits.MAX_ID_LENGTH + " characters"));
            } else if (TextRules.IDENTITY.characterProblem(scopeValue) != null) {
                errors.add(new FieldError("/scopeValue", TextRules.IDENTITY.characterProblem(scopeValue)));
            }
        } else if (scopeValue != null) {
            errors.add(new FieldError("/scopeValue", "must be left out for scope WORKSPACE"));
        }
        if (period == null) {
            errors.add(new FieldError("/period", "is required"));
        }
        if (limitUsd == null) {
            errors.add(new FieldError("/limitUsd", "is required"));
        } else if (limitUsd.signum() <= 0) {
            errors.add(new FieldError("/limitUsd", "must be more than 0"));
        } else if (limitUsd.compareTo(MAX_LIMIT_USD) > 0) {
            errors.add(new FieldError("/limitUsd", "must be at most " + MAX_LIMIT_USD.toPlainString()));
        } else if (limitUsd.stripTrailingZeros().scale() > 9) {
            errors.add(new FieldError("/limitUsd", "must have at most 9 decimals"));
        }
        return errors;
    }
}
