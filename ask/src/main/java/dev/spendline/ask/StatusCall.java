package dev.spendline.ask;

import static dev.spendline.ask.QuestionInterpreter.DEFAULT_LIMIT;
import static dev.spendline.ask.QuestionWords.*;

import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.tools.ReadTool;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The status calls, {@code budget_status} and {@code active_alerts}: as of now, narrowed to a scope,
 * a state, a severity or a type.
 */
final class StatusCall implements CallBuilder {

    @Override
    public Interpretation build(Reading r, Metric metric) {
        Instant asOf = r.now;
        if (metric == Metric.BUDGETS && r.range != null && r.range.to().isBefore(r.now)) {
            asOf = r.range.to().minusSeconds(1);
            r.notes.add("Budgets as they stood at the end of " + Words.period(r.range));
        } else if (r.range != null) {
            r.notes.add((metric == Metric.ALERTS ? "Active alerts" : "Budget status") + " is as of now; the period"
                    + " named is not used");
        }
        if (r.dimensions.internalName() != null) {
            return r.unanswered(r.dimensions.internalName() + "; budgets and alerts watch product usage");
        }
        Map<Dimension, String> filters = new LinkedHashMap<>();
        String refused = r.dimensions.filters(UsageKind.PRODUCT, null, filters);
        if (refused != null) {
            return r.unanswered(refused);
        }
        if (filters.size() > 1) {
            return r.unanswered("a budget or alert has one scope: it can single out one name, not "
                    + filters.entrySet().stream()
                            .map(e -> Words.named(e.getKey(), e.getValue()))
                            .collect(Collectors.joining(" and ")));
        }
        String scope = null;
        String value = null;
        if (filters.size() == 1) {
            Map.Entry<Dimension, String> f = filters.entrySet().iterator().next();
            scope = scopeOf(r, f.getKey());
            if (scope == null) {
                return r.unanswered("budgets and alerts are scoped to the workspace, a feature, a customer, a model,"
                        + " a provider or an agent; not to " + Words.named(f.getKey(), f.getValue()));
            }
            value = f.getValue();
        } else if (!r.terms.groupings().isEmpty()) {
            Dimension d = r.terms.groupings().get(0).getKey().product();
            scope = d == null ? null : scopeOf(r, d);
        } else if (r.options.workspaceWord()) {
            scope = "WORKSPACE";
        }
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("asOf", asOf.toString());
        if (scope != null) {
            arguments.put("scope", scope);
        }
        if (value != null) {
            arguments.put("value", value);
        }
        if (metric == Metric.BUDGETS && r.budgetName != null) {
            arguments.put("name", r.budgetName);
        }
        if (metric == Metric.BUDGETS && r.options.budgetState() != null) {
            arguments.put("state", r.options.budgetState());
        }
        if (metric == Metric.ALERTS && r.options.alertType() != null) {
            arguments.put("type", r.options.alertType());
        }
        if (metric == Metric.ALERTS && r.options.alertSeverity() != null) {
            arguments.put("severity", r.options.alertSeverity());
        }
        List<String> narrowed = new ArrayList<>();
        if (scope != null) {
            narrowed.add(
                    value != null
                            ? Words.named(filters.keySet().iterator().next(), value)
                            : Words.constant(scope) + " scope");
        }
        arguments.entrySet().stream()
                .filter(e -> List.of("state", "type", "severity").contains(e.getKey()))
                .forEach(e -> narrowed.add(Words.constant((String) e.getValue())));
        String reading = (metric == Metric.ALERTS ? "active alerts" : "budget status")
                + (narrowed.isEmpty() ? "" : " (" + String.join(", ", narrowed) + ")") + " as of "
                + Words.moment(asOf);
        ReadTool tool = metric == Metric.ALERTS ? ReadTool.ACTIVE_ALERTS : ReadTool.BUDGET_STATUS;
        return r.answered(metric, new ToolCall(tool, arguments), null, reading, null, false, DEFAULT_LIMIT);
    }

    /** The budget scope of a dimension; null when budgets have none for it. */
    private static String scopeOf(Reading r, Dimension d) {
        for (BudgetScope scope : BudgetScope.values()) {
            if (scope.dimension() == d) {
                return scope.name();
            }
        }
        return null;
    }
}
