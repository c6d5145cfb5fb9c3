package dev.spendline.query.budgets;

import dev.spendline.contracts.budget.BudgetDraft;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.problems.RequestBodies;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Reads a budget request strictly: a JSON object with exactly the budget fields (plus those the
 * caller names, such as a write action's {@code action}), the right types, known scope and period
 * values. Every problem is listed, with a JSON Pointer, so one corrected request succeeds.
 * {@code period} defaults to MONTHLY.
 */
final class BudgetRequestReader {

    private static final List<String> FIELDS = List.of("name", "scope", "scopeValue", "period", "limitUsd");

    private BudgetRequestReader() {}

    static BudgetDraft read(byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        JsonNode node = RequestBodies.parse(body, errors);
        if (!errors.isEmpty()) {
            throw new InvalidBudgetException(errors);
        }
        return read(node, Set.of());
    }

    /**
     * @param otherFields fields the caller reads itself; they are not reported as unknown
     * @throws InvalidBudgetException listing every problem
     */
    static BudgetDraft read(JsonNode node, Set<String> otherFields) {
        List<FieldError> errors = new ArrayList<>();
        if (node == null || !node.isObject()) {
            throw new InvalidBudgetException(List.of(new FieldError(
                    "",
                    "the body must be a JSON object like {\"name\": \"Support bot\", \"scope\": \"FEATURE\","
                            + " \"scopeValue\": \"support-bot\", \"period\": \"MONTHLY\", \"limitUsd\": 500}")));
        }
        errors.addAll(FieldError.unknownFields(
                node, Stream.concat(FIELDS.stream(), otherFields.stream()).toList()));
        String name = text(node, "name", errors);
        BudgetScope scope = constant(node, "scope", BudgetScope.class, null, errors);
        String scopeValue = text(node, "scopeValue", errors);
        BudgetPeriod period = constant(node, "period", BudgetPeriod.class, BudgetPeriod.MONTHLY, errors);
        BigDecimal limit = null;
        JsonNode limitNode = node.get("limitUsd");
        if (limitNode != null && !limitNode.isNull()) {
            if (limitNode.isNumber()) {
                limit = limitNode.decimalValue();
            } else {
                errors.add(new FieldError("/limitUsd", "must be a number of US dollars, not text"));
            }
        }
        BudgetDraft draft = new BudgetDraft(name, scope, scopeValue, period, limit);
        // Type errors first; then what the draft itself finds, without repeating a field.
        for (FieldError problem : draft.problems()) {
            if (errors.stream().noneMatch(e -> e.pointer().equals(problem.pointer()))) {
                errors.add(problem);
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidBudgetException(errors);
        }
        return draft;
    }

    private static String text(JsonNode node, String field, List<FieldError> errors) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            errors.add(new FieldError("/" + field, "must be a string"));
            return null;
        }
        return value.stringValue();
    }

    private static <E extends Enum<E>> E constant(
            JsonNode node, String field, Class<E> type, E fallback, List<FieldError> errors) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        String allowed = String.join(
                ", ", Arrays.stream(type.getEnumConstants()).map(Enum::name).toList());
        if (!value.isString()) {
            errors.add(new FieldError("/" + field, "must be one of " + allowed));
            return null;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(value.stringValue())) {
                return constant;
            }
        }
        errors.add(new FieldError("/" + field, "must be one of " + allowed + " (got \"" + value.stringValue() + "\")"));
        return null;
    }
}
