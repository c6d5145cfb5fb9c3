package dev.spendline.query.slack;

import com.slack.api.Slack;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.query.dashboard.Formats;
import dev.spendline.query.dashboard.PublicAddress;
import dev.spendline.topics.provision.KafkaClientSettings;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Alerts posted to Slack (docs/slack.md, "Alerts in a channel"): the notifier that reads the alerts
 * topic, when the Slack app is configured and {@code spendline.slack.alerts.enabled} is not false.
 * Imported by the query-api (and so the standalone) next to {@link SlackConfiguration}, whose Web API
 * client and installations it uses.
 *
 * <ul>
 *   <li>{@code spendline.slack.alerts.group-id} — its consumer group ({@code spendline-slack-alerts});
 *       every query-api instance joins it, so each alert is handled by one of them.
 *   <li>{@code spendline.slack.alerts.queue-limit} — alerts that may wait per workspace (1000).
 *   <li>{@code spendline.slack.alerts.first-backoff} (1s), {@code max-backoff} (1m),
 *       {@code give-up-after} (15m) — retries of Slack's 5xx and unreachable answers.
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spendline.slack.client-id:}' != '' and '${spendline.slack.alerts.enabled:true}' == 'true'")
public class SlackAlertsConfiguration {

    @Bean
    SlackAlertPoster slackAlertPoster(
            Slack slackApiClient,
            SlackInstallations installations,
            SlackAlertRepository repository,
            Formats formats,
            PublicAddress publicAddress,
            @Value("${spendline.slack.alerts.first-backoff:1s}") String firstBackoff,
            @Value("${spendline.slack.alerts.max-backoff:1m}") String maxBackoff,
            @Value("${spendline.slack.alerts.give-up-after:15m}") String giveUpAfter,
            ObjectProvider<MeterRegistry> registry) {
        return new SlackAlertPoster(
                slackApiClient,
                installations,
                repository,
                new SlackAlertMessages(formats),
                publicAddress.baseUrl(),
                new SlackAlertPoster.Retry(duration(firstBackoff), duration(maxBackoff), duration(giveUpAfter)),
                wait -> Thread.sleep(wait.toMillis()),
                registry.getIfAvailable(SimpleMeterRegistry::new));
    }

    @Bean
    SlackAlertNotifier slackAlertNotifier(
            KafkaClientSettings kafka,
            SlackAlertPoster poster,
            SlackAlertRepository repository,
            @Value("${spendline.slack.alerts.group-id:spendline-slack-alerts}") String groupId,
            @Value("${spendline.slack.alerts.queue-limit:1000}") int queueLimit) {
        return new SlackAlertNotifier(kafka, groupId, queueLimit, poster::deliver, workspaceId -> repository
                .findChannel(workspaceId)
                .ifPresent(channel -> repository.recordResult(workspaceId, channel.channelId(), QUEUE_FULL)));
    }

    /** Recorded on a channel when alerts were dropped because its workspace's queue was full. */
    static final String QUEUE_FULL = "queue_full";

    private static Duration duration(String text) {
        return DurationStyle.detectAndParse(text);
    }
}
