package dev.spendline.query.dashboard;

import dev.spendline.query.dashboard.actions.ActionFormsConfiguration;
import dev.spendline.query.dashboard.alerts.AlertsViewConfiguration;
import dev.spendline.query.dashboard.budgets.BudgetsViewConfiguration;
import dev.spendline.query.dashboard.experiments.ExperimentsViewConfiguration;
import dev.spendline.query.dashboard.margin.MarginViewConfiguration;
import dev.spendline.query.dashboard.savings.SavingsViewConfiguration;
import dev.spendline.query.dashboard.waste.WasteViewConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The report views of margin, waste, savings, budgets, alerts and experiments, their error pages
 * and their write-action forms. Needs the {@code Queries} bean, a {@code Clock}, the write actions
 * ({@code ActionConfiguration}); brings the frame ({@link DashboardFrame}).
 */
@Configuration(proxyBeanMethods = false)
@Import({
    DashboardFrame.class,
    ReadToolPages.class,
    ActionFormsConfiguration.class,
    MarginViewConfiguration.class,
    WasteViewConfiguration.class,
    SavingsViewConfiguration.class,
    BudgetsViewConfiguration.class,
    AlertsViewConfiguration.class,
    ExperimentsViewConfiguration.class
})
public class DashboardReportsConfiguration {}
