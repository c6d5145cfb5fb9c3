package dev.spendline.controlplane;

import dev.spendline.controlplane.accounts.InvitationRepository;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.actions.PreparedActionRepository;
import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.controlplane.oauth.SigningKeyRepository;
import dev.spendline.controlplane.otlp.OtlpMappingRepository;
import dev.spendline.controlplane.otlp.OtlpMappings;
import dev.spendline.controlplane.signin.SignInAttemptRepository;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Clock;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The control plane for a Spring application: migrates the schema on start-up (the same Flyway
 * migrations on H2 and PostgreSQL), then exposes the repositories and the API-key authenticator.
 * Needs a {@link DataSource} ({@code spring.datasource.*}).
 */
@Configuration(proxyBeanMethods = false)
public class ControlPlaneConfiguration {

    @Bean
    JdbcClient controlPlaneJdbcClient(DataSource dataSource) {
        // Migrating here, before any repository can be used, keeps every entry point consistent.
        ControlPlaneMigrations.migrate(dataSource);
        return JdbcClient.create(dataSource);
    }

    @Bean
    public WorkspaceRepository workspaceRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new WorkspaceRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public ApiKeyRepository apiKeyRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new ApiKeyRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public UserRepository userRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new UserRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public MembershipRepository membershipRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new MembershipRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public InvitationRepository invitationRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new InvitationRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public SetupLinkRepository setupLinkRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new SetupLinkRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public PreparedActionRepository preparedActionRepository(JdbcClient controlPlaneJdbcClient) {
        return new PreparedActionRepository(controlPlaneJdbcClient);
    }

    @Bean
    public OAuthGrantRepository oauthGrantRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new OAuthGrantRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public SigningKeyRepository signingKeyRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new SigningKeyRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public SlackInstallationRepository slackInstallationRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new SlackInstallationRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public WebhookEndpointRepository webhookEndpointRepository(JdbcClient controlPlaneJdbcClient) {
        return new WebhookEndpointRepository(controlPlaneJdbcClient);
    }

    @Bean
    public SlackAlertRepository slackAlertRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new SlackAlertRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public SignInAttemptRepository signInAttemptRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new SignInAttemptRepository(controlPlaneJdbcClient, clock);
    }

    @Bean
    public OtlpMappingRepository otlpMappingRepository(JdbcClient controlPlaneJdbcClient, Clock clock) {
        return new OtlpMappingRepository(controlPlaneJdbcClient, clock);
    }

    /**
     * @param cacheTtl how long a workspace's OTLP mapping is cached by the ingest path; a change made
     *     in another process (query-api beside the gateway service) applies within this time
     */
    @Bean
    public OtlpMappings otlpMappings(
            OtlpMappingRepository repository, @Value("${spendline.otlp.mapping-cache-ttl:30s}") Duration cacheTtl) {
        return new OtlpMappings(repository, cacheTtl);
    }

    /**
     * @param cacheTtl how long a key lookup is cached; a revoke made by another process takes
     *     effect within this time
     */
    @Bean
    public ApiKeyAuthenticator apiKeyAuthenticator(
            ApiKeyRepository keys,
            WorkspaceRepository workspaces,
            Clock clock,
            @Value("${spendline.auth.key-cache-ttl:30s}") Duration cacheTtl) {
        return new ApiKeyAuthenticator(keys, workspaces, cacheTtl, clock);
    }

    /**
     * @param grantCacheTtl how long the grant check of an access token sent to ingest is cached; a
     *     revoked grant or a removed member is refused there within this time (MCP checks uncached)
     * @param clockSkew how long past its expiry an access token is still accepted (instances' clocks
     *     may differ by this much)
     */
    @Bean
    public OAuthAccessTokens oauthAccessTokens(
            SigningKeyRepository keys,
            OAuthGrantRepository grants,
            MembershipRepository memberships,
            UserRepository users,
            Clock clock,
            @Value("${spendline.oauth.grant-cache-ttl:5s}") Duration grantCacheTtl,
            @Value("${spendline.oauth.clock-skew:60s}") Duration clockSkew) {
        return new OAuthAccessTokens(keys, grants, memberships, users, clock, grantCacheTtl, clockSkew);
    }

    @Bean
    public ControlPlaneBootstrap controlPlaneBootstrap(
            WorkspaceRepository workspaces, ApiKeyRepository keys, DataSource dataSource) {
        return new ControlPlaneBootstrap(
                workspaces, keys, new TransactionTemplate(new DataSourceTransactionManager(dataSource)));
    }
}
