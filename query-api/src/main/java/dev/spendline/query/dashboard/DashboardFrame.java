package dev.spendline.query.dashboard;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * What every dashboard page shares: the frame's model, number formats and labels, and failures
 * shown as pages.
 */
@Configuration(proxyBeanMethods = false)
@Import({DashboardModel.class, DashboardErrors.class, Formats.class, MetricFigures.class, Labels.class})
public class DashboardFrame {}
