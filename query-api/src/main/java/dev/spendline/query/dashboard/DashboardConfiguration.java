package dev.spendline.query.dashboard;

import dev.spendline.query.dashboard.compare.CompareConfiguration;
import dev.spendline.query.dashboard.overview.OverviewConfiguration;
import dev.spendline.query.dashboard.spend.SpendConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The overview, the spend explorer and the comparison, in the shared frame, and the 404 page of a
 * mistyped dashboard address. The report views come
 * with {@link DashboardReportsConfiguration}; the Ask page with Ask ({@code AskConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@Import({
    DashboardFrame.class,
    DashboardNotFound.class,
    OverviewConfiguration.class,
    SpendConfiguration.class,
    CompareConfiguration.class
})
public class DashboardConfiguration {}
