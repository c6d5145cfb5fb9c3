package dev.spendline.contracts.tools;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.AlertQueries;
import dev.spendline.contracts.budget.BudgetQueries;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.SpendQueries;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.savings.SavingsQueries;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsRecommender;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteQueries;

/**
 * The seven read tools ({@link ReadTool}) as one typed Java API: what the REST reports, Ask and MCP
 * call. Each method takes the tool's argument record and answers its report record; each throws
 * {@link IllegalArgumentException} for arguments with problems and
 * {@link dev.spendline.contracts.query.QueryUnavailableException} when no instance can answer.
 */
public interface ReadTools
        extends SpendQueries, MarginQueries, WasteQueries, SavingsQueries, BudgetQueries, AlertQueries {

    /**
     * The tools over the query interfaces that answer them (in-process stores, a router, or HTTP);
     * {@code savings_recommendations} is built from the others ({@link SavingsRecommender}).
     */
    static ReadTools of(
            SpendQueries spend, MarginQueries margins, WasteQueries waste, BudgetQueries budgets, AlertQueries alerts) {
        SavingsQueries savings = new SavingsRecommender(waste, spend, margins);
        return new ReadTools() {
            @Override
            public SpendReport spendBy(SpendQuery query) {
                return spend.spendBy(query);
            }

            @Override
            public CustomerMarginReport marginByCustomer(MarginQuery query) {
                return margins.marginByCustomer(query);
            }

            @Override
            public FeatureMarginReport marginByFeature(MarginQuery query) {
                return margins.marginByFeature(query);
            }

            @Override
            public TopWasteReport topWaste(TopWasteQuery query) {
                return waste.topWaste(query);
            }

            @Override
            public SavingsReport savingsRecommendations(SavingsQuery query) {
                return savings.savingsRecommendations(query);
            }

            @Override
            public BudgetStatusReport budgetStatus(BudgetStatusQuery query) {
                return budgets.budgetStatus(query);
            }

            @Override
            public ActiveAlertsReport activeAlerts(ActiveAlertsQuery query) {
                return alerts.activeAlerts(query);
            }
        };
    }
}
