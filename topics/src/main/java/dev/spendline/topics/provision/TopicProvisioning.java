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

    /**
     * The address and security settings every Kafka client of the service uses ({@code
     * spendline.kafka.bootstrap-servers} and {@code spendline.kafka.properties.*}).
     */
    @Bean
    @ConditionalOnMissingBean(KafkaClientSettings.class)
    KafkaClientSettings spendlineKafkaClient(KafkaTopicsProperties props) {
        return props.client();
    }

    /** Skipped where a context brings its own layout: wiring tests that run without a cluster. */
    @Bean
    @ConditionalOnMissingBean(TopicLayout.class)
    TopicLayout spendlineTopicLayout(KafkaTopicsProperties props, KafkaClientSettings client) {
        Map<String, Object> config = client.config();
        config.putIfAbsent(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        try (Admin admin = Admin.create(config)) {
            TopicProvisioner provisioner = new TopicProvisioner(admin, TIMEOUT);
            return props.createTopics()
                    ? provisioner.createMissing(props.settings())
                    : provisioner.verify(props.settings());
        } catch (IllegalStateException e) {
            throw withSecurityHint(e, client);
        }
    }

    /**
     * A client that speaks plaintext to a listener that wants SASL or TLS sees no refusal, only a
     * broker that never answers (or an authentication error): the operator gets told where the
     * security settings go, and which ones are set (names only, never values).
     */
    static IllegalStateException withSecurityHint(IllegalStateException e, KafkaClientSettings client) {
        String hint = client.secured()
                ? " Kafka client properties in use: "
                        + client.properties().keySet().stream().sorted().toList()
                        + " (spendline.kafka.properties.*): check them against the cluster's listener."
                : " If the cluster requires authentication or TLS, set spendline.kafka.properties.security.protocol,"
                        + " sasl.mechanism, sasl.jaas.config and ssl.truststore.* (docs/operations.md#kafka-security).";
        return new IllegalStateException(e.getMessage() + "." + hint, e);
    }
}
