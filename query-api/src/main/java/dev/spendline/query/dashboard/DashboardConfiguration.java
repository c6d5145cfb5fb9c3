package dev.spendline.query.dashboard;

import dev.spendline.query.dashboard.compare.CompareConfiguration;
import dev.spendline.query.dashboard.overview.OverviewConfiguration;
import dev.spendline.query.dashboard.spend.SpendConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The dashboard's views and what every page shares: the frame's model, number formats and labels,
 * and failures shown as pages. The Ask page comes with Ask ({@code AskConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@Import({
    DashboardModel.class,
    DashboardErrors.class,
    Formats.class,
    MetricFigures.class,
    Labels.class,
    OverviewConfiguration.class,
    SpendConfiguration.class,
    CompareConfiguration.class
})
public class DashboardConfiguration {}
