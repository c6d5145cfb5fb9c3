package dev.spendline.query.dashboard.savings;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's the savings recommendations view. */
@Configuration(proxyBeanMethods = false)
@Import(SavingsController.class)
public class SavingsViewConfiguration {}
