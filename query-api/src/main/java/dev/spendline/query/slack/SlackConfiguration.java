package dev.spendline.query.slack;

import com.slack.api.Slack;
import com.slack.api.SlackConfig;
import com.slack.api.bolt.util.SlackRequestParser;
import dev.spendline.ask.Asker;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.dashboard.Formats;
import dev.spendline.query.dashboard.PublicAddress;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The Slack app. Its endpoints, settings actions and chain are always there; the Bolt app, the Web API
 * client and the install flow only when {@code spendline.slack.client-id} is set, so an unconfigured
 * Spendline answers 404 on {@code /slack/**} and says so in settings.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SlackProperties.class)
@Import({SlackEndpoint.class, SlackSettingsController.class, SlackSecurity.class})
public class SlackConfiguration {

    @Bean
    SlackConnections slackConnections(
            SlackProperties properties, SlackInstallationRepository repository, SlackAlertRepository alerts) {
        return new SlackConnections(properties, repository, alerts);
    }

    /** Beans that exist only when the operator configured the Slack app. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnExpression("'${spendline.slack.client-id:}' != ''")
    static class Configured {

        @Bean
        Slack slackApiClient(SlackProperties properties) {
            SlackConfig config = new SlackConfig();
            // Slack's address is configurable so that tests point the client at a local fake of the Web API.
            config.setMethodsEndpointUrlPrefix(properties.apiUrl());
            return Slack.getInstance(config);
        }

        @Bean
        SlackTokenCipher slackTokenCipher(SlackProperties properties) {
            return new SlackTokenCipher(properties.tokenEncryptionKeys(), properties.tokenEncryptionKeyId());
        }

        @Bean
        SlackInstallations slackInstallations(SlackInstallationRepository repository, SlackTokenCipher cipher) {
            return new SlackInstallations(repository, cipher);
        }

        @Bean
        SlackInstallFlow slackInstallFlow(
                SlackProperties properties,
                Slack slackApiClient,
                SlackInstallationRepository repository,
                SlackTokenCipher cipher,
                WorkspaceRepository workspaces,
                Clock clock) {
            return new SlackInstallFlow(properties, slackApiClient, repository, cipher, workspaces, clock);
        }

        @Bean(destroyMethod = "stop")
        SlackBolt slackBolt(
                SlackProperties properties,
                Slack slackApiClient,
                SlackInstallations installations,
                SlackInstallationRepository repository,
                Asker asker,
                PublicAddress publicAddress,
                Formats formats) {
            return new SlackBolt(
                    properties,
                    slackApiClient,
                    installations,
                    repository,
                    asker,
                    publicAddress,
                    new SlackAnswers(formats));
        }

        @Bean
        SlackRequestParser slackRequestParser(SlackBolt bolt) {
            return new SlackRequestParser(bolt.app().config());
        }
    }
}
