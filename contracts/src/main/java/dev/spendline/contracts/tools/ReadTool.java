package dev.spendline.contracts.tools;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;

/**
 * The seven read tools by their public names (the MCP tool names, the Ask tool names), with the
 * records of their arguments and answers, their REST path and their JSON Schemas in
 * {@code docs/schemas/tools/<name>.input.schema.json} and {@code .output.schema.json}.
 */
public enum ReadTool {
    SPEND_BY("spend_by", "/api/v1/reports/spend", SpendQuery.class, SpendReport.class),
    MARGIN_BY_CUSTOMER(
            "margin_by_customer", "/api/v1/reports/margin/customers", MarginQuery.class, CustomerMarginReport.class),
    MARGIN_BY_FEATURE(
            "margin_by_feature", "/api/v1/reports/margin/features", MarginQuery.class, FeatureMarginReport.class),
    TOP_WASTE("top_waste", "/api/v1/reports/waste", TopWasteQuery.class, TopWasteReport.class),
    SAVINGS_RECOMMENDATIONS(
            "savings_recommendations", "/api/v1/reports/savings", SavingsQuery.class, SavingsReport.class),
    BUDGET_STATUS("budget_status", "/api/v1/reports/budget-status", BudgetStatusQuery.class, BudgetStatusReport.class),
    ACTIVE_ALERTS("active_alerts", "/api/v1/reports/active-alerts", ActiveAlertsQuery.class, ActiveAlertsReport.class);

    private final String toolName;
    private final String path;
    private final Class<? extends Record> arguments;
    private final Class<? extends Record> answer;

    ReadTool(String toolName, String path, Class<? extends Record> arguments, Class<? extends Record> answer) {
        this.toolName = toolName;
        this.path = path;
        this.arguments = arguments;
        this.answer = answer;
    }

    public String toolName() {
        return toolName;
    }

    public String path() {
        return path;
    }

    public Class<? extends Record> arguments() {
        return arguments;
    }

    public Class<? extends Record> answer() {
        return answer;
    }

    public String inputSchemaFile() {
        return toolName + ".input.schema.json";
    }

    public String outputSchemaFile() {
        return toolName + ".output.schema.json";
    }

    /** The tool of a public name; null when there is none. */
    public static ReadTool named(String toolName) {
        for (ReadTool t : values()) {
            if (t.toolName.equals(toolName)) {
                return t;
            }
        }
        return null;
    }
}
