package dev.spendline.topics.provision;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Prepares the Kafka topics when a service starts, shared by the gateway, streams-app, query-api
 * and the standalone (each imports it; Spring registers it once). The {@link TopicLayout} bean is
 * made while the context is refreshed, so the topics exist before any lifecycle starts: before
 * Kafka Streams starts and before the web server takes a request that would produce. Start-up
 * fails, with the reason, if the cluster cannot be reached or the topics are not right.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(KafkaTopicsProperties.class)
public class TopicProvisioning {

    /** Per call to the cluster; an orchestrator restarts a service that gave up. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Skipped where a context brings its own layout: wiring tests that run without a cluster. */
    @Bean
    @ConditionalOnMissingBean(TopicLayout.class)
    TopicLayout spendlineTopicLayout(KafkaTopicsProperties props) {
        if (props.bootstrapServers() == null || props.bootstrapServers().isBlank()) {
            throw new IllegalStateException("Set spendline.kafka.bootstrap-servers: the Kafka cluster to use");
        }
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                props.bootstrapServers(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                (int) TIMEOUT.toMillis()))) {
            TopicProvisioner provisioner = new TopicProvisioner(admin, TIMEOUT);
            return props.createTopics()
                    ? provisioner.createMissing(props.settings())
                    : provisioner.verify(props.settings());
        }
    }
}
