package dev.spendline.query.experiments;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The experiments API; needs an {@code ExperimentQueries} bean. */
@Configuration(proxyBeanMethods = false)
@Import({ExperimentController.class, ExperimentErrorHandler.class})
public class ExperimentsConfiguration {}
