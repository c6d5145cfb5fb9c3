package dev.spendline.query.dashboard.experiments;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The dashboard's the experiments view and its guardrail forms. */
@Configuration(proxyBeanMethods = false)
@Import(ExperimentsController.class)
public class ExperimentsViewConfiguration {}
