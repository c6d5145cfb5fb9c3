package dev.spendline.query.ask;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.tools.ReadTools;
import dev.spendline.contracts.waste.TopWasteQuery;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One read tool call: the tool and its arguments exactly as the tool's input schema
 * ({@code docs/schemas/tools/<tool>.input.schema.json}) takes them, so an MCP client could send
 * the same call. {@link #query} reads the arguments back the way the schemas define them (a
 * {@code to} date includes that whole day), so what Ask shows is what it runs.
 */
record ToolCall(ReadTool tool, Map<String, Object> arguments) {

    /** The arguments that are not filters of {@code spend_by}. */
    private static final Set<String> SPEND_FIXED = Set.of("by", "usage", "from", "to", "limit");

    ToolCall {
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
    }

    String name() {
        return tool.toolName();
    }

    /** The typed query of the workspace; null arguments the tool does not take are a bug, not input. */
    Record query(String workspaceId) {
        return switch (tool) {
            case SPEND_BY -> {
                UsageKind usage = UsageKind.parse(text("usage"));
                Map<Dimension, String> filters = new LinkedHashMap<>();
                arguments.forEach((name, value) -> {
                    if (!SPEND_FIXED.contains(name)) {
                        filters.put(Dimension.of(usage, name), (String) value);
                    }
                });
                yield new SpendQuery(
                        workspaceId, usage, Dimension.of(usage, text("by")), from(), to(), filters, (Integer)
                                arguments.get("limit"));
            }
            case MARGIN_BY_CUSTOMER, MARGIN_BY_FEATURE -> new MarginQuery(
                    workspaceId, YearMonth.parse(text("from")), YearMonth.parse(text("to")), (Integer)
                            arguments.get("limit"));
            case TOP_WASTE -> new TopWasteQuery(
                    workspaceId,
                    from(),
                    to(),
                    arguments.containsKey("by") ? Dimension.of(UsageKind.PRODUCT, text("by")) : null,
                    (Integer) arguments.get("limit"));
            case SAVINGS_RECOMMENDATIONS -> new SavingsQuery(
                    workspaceId, from(), to(), (Integer) arguments.get("limit"));
            case BUDGET_STATUS -> new BudgetStatusQuery(workspaceId, Instant.parse(text("asOf")));
            case ACTIVE_ALERTS -> new ActiveAlertsQuery(workspaceId, Instant.parse(text("asOf")));
        };
    }

    /** Problems of the call's query, in the tool's words; empty when it can run. */
    List<String> problems() {
        Record query = query("-");
        if (query instanceof SpendQuery q) {
            return q.problems();
        } else if (query instanceof MarginQuery q) {
            return q.problems();
        } else if (query instanceof TopWasteQuery q) {
            return q.problems();
        } else if (query instanceof SavingsQuery q) {
            return q.problems();
        }
        return List.of();
    }

    /** Runs the call for the workspace: the tool's answer record, unchanged. */
    Record run(ReadTools tools, String workspaceId) {
        Record query = query(workspaceId);
        return switch (tool) {
            case SPEND_BY -> tools.spendBy((SpendQuery) query);
            case MARGIN_BY_CUSTOMER -> tools.marginByCustomer((MarginQuery) query);
            case MARGIN_BY_FEATURE -> tools.marginByFeature((MarginQuery) query);
            case TOP_WASTE -> tools.topWaste((TopWasteQuery) query);
            case SAVINGS_RECOMMENDATIONS -> tools.savingsRecommendations((SavingsQuery) query);
            case BUDGET_STATUS -> tools.budgetStatus((BudgetStatusQuery) query);
            case ACTIVE_ALERTS -> tools.activeAlerts((ActiveAlertsQuery) query);
        };
    }

    private String text(String name) {
        return (String) arguments.get(name);
    }

    private Instant from() {
        String text = text("from");
        return text.length() == 10 ? TimeRange.start(LocalDate.parse(text)) : Instant.parse(text);
    }

    private Instant to() {
        String text = text("to");
        return text.length() == 10
                ? LocalDate.parse(text).plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC)
                : Instant.parse(text);
    }
}
