package dev.spendline.query.budgets;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The budgets API; needs a {@code SettingsWriter} and the {@code Queries} bean. */
@Configuration(proxyBeanMethods = false)
@Import({BudgetCreation.class, BudgetController.class})
public class BudgetConfiguration {}
