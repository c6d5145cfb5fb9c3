package dev.spendline.query.dashboard.budgets;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's the budgets view and its create-budget forms. */
@Configuration(proxyBeanMethods = false)
@Import(BudgetsController.class)
public class BudgetsViewConfiguration {}
