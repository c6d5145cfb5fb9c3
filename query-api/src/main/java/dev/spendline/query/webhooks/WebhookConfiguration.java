package dev.spendline.query.webhooks;

import dev.spendline.contracts.query.Queries;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Webhooks: the endpoints API and service, and (unless {@code spendline.webhooks.delivery.enabled=false})
 * the delivery worker. Runs in query-api, so in the standalone and in every deployed query-api instance;
 * the worker's consumer group shares the partitions out among them.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhookProperties.class)
@Import(WebhookController.class)
public class WebhookConfiguration {

    private static final Logger log = LoggerFactory.getLogger(WebhookConfiguration.class);

    @Bean
    WebhookSecretCipher webhookSecretCipher(WebhookProperties properties) {
        WebhookSecretCipher cipher =
                new WebhookSecretCipher(properties.secretEncryptionKeys(), properties.secretEncryptionKeyId());
        if (!cipher.encrypts()) {
            log.warn("spendline.webhooks.secret-encryption-keys is not set: webhook signing secrets are stored"
                    + " unencrypted in the control-plane database (docs/webhooks.md, Configuration)");
        }
        return cipher;
    }

    @Bean
    AddressGuard webhookAddressGuard(WebhookProperties properties) {
        return AddressGuard.system(properties.allowLoopback(), properties.allowPrivateNetworks());
    }

    @Bean
    WebhookSender webhookSender(
            AddressGuard webhookAddressGuard, WebhookSecretCipher cipher, Clock clock, WebhookProperties properties) {
        return new WebhookSender(
                webhookAddressGuard,
                cipher,
                clock,
                properties.delivery().connectTimeout(),
                properties.delivery().requestTimeout());
    }

    /**
     * Where a message's {@code dashboardUrl} points: the alerts page under {@code spendline.base-url}, or
     * under this server's loopback address when no public address is configured (the standalone).
     */
    @Bean
    Supplier<String> webhookDashboardUrl(Environment environment) {
        return () -> {
            String base = environment.getProperty("spendline.base-url");
            if (base == null || base.isBlank()) {
                base = "http://127.0.0.1:" + environment.getProperty("local.server.port", "8080");
            }
            return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/app/alerts";
        };
    }

    @Bean
    public WebhookEndpoints webhookEndpoints(
            WebhookEndpointRepository repository,
            WebhookSecretCipher cipher,
            AddressGuard webhookAddressGuard,
            WebhookSender sender,
            Supplier<String> webhookDashboardUrl,
            Clock clock) {
        return new WebhookEndpoints(
                repository, cipher, new WebhookRequestReader(webhookAddressGuard), sender, webhookDashboardUrl, clock);
    }

    @Bean(destroyMethod = "shutdownNow")
    ScheduledExecutorService webhookTimer() {
        return Executors.newSingleThreadScheduledExecutor(daemon("webhook-timer"));
    }

    @Bean(destroyMethod = "shutdownNow")
    ExecutorService webhookWorkers() {
        return Executors.newCachedThreadPool(daemon("webhook-lane"));
    }

    @Bean
    @ConditionalOnProperty(name = "spendline.webhooks.delivery.enabled", havingValue = "true", matchIfMissing = true)
    WebhookDeliveryWorker webhookDeliveryWorker(
            org.springframework.beans.factory.ObjectProvider<KafkaClientSettings> kafka,
            WebhookProperties properties,
            WebhookEndpointRepository repository,
            Queries queries,
            WebhookSender sender,
            Supplier<String> webhookDashboardUrl,
            Clock clock,
            ScheduledExecutorService webhookTimer,
            ExecutorService webhookWorkers) {
        WebhookProperties.Delivery delivery = properties.delivery();
        BackoffPolicy backoff = new BackoffPolicy(
                delivery.initialBackoff(), delivery.maxBackoff(), delivery.retryWindow(), Math::random);
        EndpointLane.Context lanes = new EndpointLane.Context(
                repository,
                sender,
                backoff,
                delivery.disableAfter(),
                delivery.queueCapacity(),
                clock,
                webhookTimer,
                webhookWorkers);
        WebhookDispatcher dispatcher = new WebhookDispatcher(repository, queries, clock, webhookDashboardUrl, lanes);
        // Without Kafka (a test of the settings pages) there is nothing to consume: the worker stays idle.
        return new WebhookDeliveryWorker(kafka.getIfAvailable(), delivery.consumerGroup(), dispatcher);
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
