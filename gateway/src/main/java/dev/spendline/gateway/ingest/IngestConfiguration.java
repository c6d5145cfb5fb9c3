package dev.spendline.gateway.ingest;

import dev.spendline.contracts.query.Queries;
import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.otlp.OtlpMappings;
import dev.spendline.gateway.quota.QuotaGuard;
import dev.spendline.gateway.quota.QuotaProperties;
import dev.spendline.internalapi.FailoverQueries;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.topics.NativeLz4;
import dev.spendline.topics.provision.KafkaClientSettings;
import dev.spendline.topics.provision.TopicProvisioning;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The ingest endpoints and their Kafka producer; the topics they produce to are created or checked
 * at start-up ({@link TopicProvisioning}), before the web server takes a request.
 */
@Configuration(proxyBeanMethods = false)
@Import(TopicProvisioning.class)
@EnableConfigurationProperties({IngestLimits.class, QuotaProperties.class})
public class IngestConfiguration {

    /**
     * Durable before fast: acks=all with idempotence, so an acknowledged item is on the broker
     * exactly once per send. A short linger lets concurrent requests share batches.
     */
    @Bean
    ProducerFactory<String, byte[]> ingestProducerFactory(KafkaClientSettings kafka, IngestLimits limits) {
        // The cluster's address and security settings (spendline.kafka.properties.*) first; ours on top.
        Map<String, Object> config = kafka.config();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, 128 * 1024);
        config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        NativeLz4.load(); // native lz4 in a Spring Boot jar too: see NativeLz4
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int)
                Math.max(10_000, limits.produceTimeout().toMillis()));
        config.put(
                ProducerConfig.MAX_BLOCK_MS_CONFIG,
                (int) limits.produceTimeout().toMillis() / 2);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return new DefaultKafkaProducerFactory<>(config);
    }

    @Bean
    KafkaTemplate<String, byte[]> ingestKafkaTemplate(ProducerFactory<String, byte[]> ingestProducerFactory) {
        return new KafkaTemplate<>(ingestProducerFactory);
    }

    /** Problem+json for whatever the ingest handler did not answer (unknown paths, failures outside it). */
    @Bean
    ProblemExceptionHandler problemExceptionHandler() {
        return new ProblemExceptionHandler();
    }

    @Bean
    IngestHandler ingestHandler(
            ApiKeyAuthenticator authenticator,
            OAuthAccessTokens accessTokens,
            @Value("${spendline.base-url:}") String baseUrl,
            KafkaTemplate<String, byte[]> ingestKafkaTemplate,
            IngestLimits limits,
            MeterRegistry registry,
            QuotaGuard quotaGuard,
            OtlpMappings otlpMappings,
            Clock clock) {
        return new IngestHandler(
                authenticator,
                accessTokens,
                baseUrl,
                new EventPublisher(ingestKafkaTemplate, limits.produceTimeout()),
                limits,
                new IngestMetrics(registry),
                clock,
                quotaGuard,
                otlpMappings);
    }

    /**
     * The quota check asks the stream processor: in standalone the in-process router; in the
     * gateway service, HTTP to any streams-app instance of the list
     * {@code spendline.gateway.streams-url}.
     * With {@code spendline.quota.enabled=false} no streams-app is needed.
     */
    @Bean
    QuotaGuard quotaGuard(QuotaProperties props, ObjectProvider<Queries> queries, Clock clock) {
        Queries source = props.enabled()
                ? queries.getIfAvailable(() -> {
                    throw new IllegalStateException("The event quota is enabled but no stream processor is"
                            + " configured: set spendline.gateway.streams-url, or spendline.quota.enabled=false");
                })
                : null;
        // The resend check: HTTP must leave Netty's event loop; the in-process router (standalone)
        // answers on the servlet thread, where blocking is allowed and where refusals are best
        // written (see "Known limits" in docs/architecture.md).
        Scheduler lookups = source instanceof HttpQueries || source instanceof FailoverQueries
                ? Schedulers.boundedElastic()
                : Schedulers.immediate();
        return new QuotaGuard(source, props, clock, lookups);
    }

    /** Public so the standalone mode can serve the same routes from its servlet container. */
    @Bean
    public RouterFunction<ServerResponse> ingestRouter(IngestHandler ingestHandler) {
        return IngestRoutes.routes(ingestHandler);
    }
}
