package dev.spendline.query.experiments;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The experiments API; needs the {@code Queries} bean. */
@Configuration(proxyBeanMethods = false)
@Import({ExperimentController.class})
public class ExperimentsConfiguration {}
