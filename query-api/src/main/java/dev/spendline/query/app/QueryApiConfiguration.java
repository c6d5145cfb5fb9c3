package dev.spendline.query.app;

import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.query.action.ActionConfiguration;
import dev.spendline.query.alerts.AlertConfiguration;
import dev.spendline.query.ask.AskConfiguration;
import dev.spendline.query.budgets.BudgetConfiguration;
import dev.spendline.query.dashboard.DashboardConfiguration;
import dev.spendline.query.dashboard.DashboardReportsConfiguration;
import dev.spendline.query.experiments.ExperimentsConfiguration;
import dev.spendline.query.limits.BodyLimitConfiguration;
import dev.spendline.query.mcp.McpConfiguration;
import dev.spendline.query.oauth.AuthorizationServerSecurity;
import dev.spendline.query.openapi.OpenApiConfiguration;
import dev.spendline.query.otlp.OtlpMappingConfiguration;
import dev.spendline.query.problems.ProblemsConfiguration;
import dev.spendline.query.reports.ReportsConfiguration;
import dev.spendline.query.revenue.RevenueConfiguration;
import dev.spendline.query.security.InternalPortSecurity;
import dev.spendline.query.security.SecurityConfiguration;
import dev.spendline.query.settings.SettingsConfiguration;
import dev.spendline.query.settings.web.SettingsPagesConfiguration;
import dev.spendline.query.signin.SessionSecurity;
import dev.spendline.query.slack.SlackAlertsConfiguration;
import dev.spendline.query.slack.SlackConfiguration;
import dev.spendline.query.webhooks.WebhookConfiguration;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The read API. Needs a {@link dev.spendline.contracts.query.Queries} bean: the in-process
 * router in standalone, HTTP to the streams service when deployed apart ({@link QueryApiApplication}).
 */
@Configuration(proxyBeanMethods = false)
@Import({
    ControlPlaneConfiguration.class,
    InternalPortSecurity.class,
    SecurityConfiguration.class,
    SessionSecurity.class,
    AuthorizationServerSecurity.class,
    DashboardConfiguration.class,
    DashboardReportsConfiguration.class,
    ProblemsConfiguration.class,
    BodyLimitConfiguration.class,
    ReportsConfiguration.class,
    OpenApiConfiguration.class,
    SettingsConfiguration.class,
    RevenueConfiguration.class,
    OtlpMappingConfiguration.class,
    SettingsPagesConfiguration.class,
    BudgetConfiguration.class,
    AlertConfiguration.class,
    ExperimentsConfiguration.class,
    ActionConfiguration.class,
    AskConfiguration.class,
    SlackConfiguration.class,
    SlackAlertsConfiguration.class,
    WebhookConfiguration.class,
    McpConfiguration.class
})
public class QueryApiConfiguration {

    /** The one clock of the application; a test registers its own {@link Clock} bean to move time. */
    @Bean
    @ConditionalOnMissingBean(Clock.class)
    Clock clock() {
        return Clock.systemUTC();
    }
}
