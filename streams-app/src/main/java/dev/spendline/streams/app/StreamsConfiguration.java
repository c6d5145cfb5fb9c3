package dev.spendline.streams.app;

import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.streams.pricing.PriceBook;
import dev.spendline.streams.query.ClosedMonthCache;
import dev.spendline.streams.query.RoutingQueries;
import dev.spendline.topics.provision.TopicLayout;
import dev.spendline.topics.provision.TopicProvisioning;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Wires the streams side: the Kafka Streams runner, the query router over its stores, the instance
 * credential and health (the internal query endpoint is on the internal port: {@link
 * InternalPortConfiguration}). Imported by {@link StreamsApplication} and by the standalone mode.
 * The topics are created or checked first ({@link TopicProvisioning}): the runner needs their
 * {@link TopicLayout}, so they exist before Kafka Streams starts.
 */
@Configuration(proxyBeanMethods = false)
@Import(TopicProvisioning.class)
@EnableConfigurationProperties(StreamsProperties.class)
public class StreamsConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StreamsConfiguration.class);

    /**
     * How other instances reach this one's internal port (the management server, see {@link
     * InternalPortConfiguration}): {@code spendline.streams.advertised-url}, or loopback and the
     * management port. Refuses to start when there is no separate internal port, because the
     * instance-to-instance route is served only there.
     */
    @Bean
    HostInfo streamsHostInfo(
            StreamsProperties props,
            @Value("${server.port:8080}") int serverPort,
            @Value("${management.server.port:-1}") int internalPort) {
        if (internalPort < 0 || internalPort == serverPort) {
            throw new IllegalStateException("Set management.server.port to a port other than server.port:"
                    + " it is the internal port, where instances query each other and actuator answers"
                    + " (bound to management.server.address, 127.0.0.1 unless configured)");
        }
        if (props.advertisedUrl() != null && !props.advertisedUrl().isBlank()) {
            URI url = URI.create(props.advertisedUrl());
            return new HostInfo(url.getHost(), url.getPort());
        }
        if (internalPort == 0) {
            throw new IllegalStateException(
                    "Set spendline.streams.advertised-url or a fixed management.server.port: other instances must be"
                            + " able to reach this one's internal port for interactive queries");
        }
        return new HostInfo("127.0.0.1", internalPort);
    }

    /** The credential instances show each other; refuses to start without a shared secret. */
    @Bean
    @ConditionalOnMissingBean(InstanceCredential.class)
    InstanceCredential instanceCredential(@Value("${" + InstanceCredential.SECRET_PROPERTY + ":}") String secret) {
        return InstanceCredential.of(secret);
    }

    @Bean
    StreamsRunner streamsRunner(
            StreamsProperties props,
            @Value("${spendline.kafka.bootstrap-servers}") String bootstrapServers,
            HostInfo streamsHostInfo,
            MeterRegistry registry,
            @Value("${spendline.pricing.price-book-file:}") String priceBookFile,
            TopicLayout topics) {
        PriceBook priceBook =
                priceBookFile.isBlank() ? PriceBook.bundled() : PriceBook.withOverrides(Path.of(priceBookFile));
        log.info(
                "Price book: {} prices{}",
                priceBook.size(),
                priceBookFile.isBlank() ? " (bundled)" : " (bundled, with " + priceBookFile + " on top)");
        return new StreamsRunner(props, bootstrapServers, streamsHostInfo, registry, priceBook, topics);
    }

    @Bean
    public RoutingQueries routingQueries(
            StreamsRunner runner, StreamsProperties props, HostInfo self, InstanceCredential credential, Clock clock) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        return new RoutingQueries(
                runner.streams(),
                self,
                owner -> new HttpQueries(
                        URI.create("http://" + owner.host() + ":" + owner.port()),
                        client,
                        Duration.ofSeconds(10),
                        true,
                        credential,
                        clock),
                props.queryAttempts(),
                props.queryBackoff(),
                props.dedupeHorizon(),
                clock,
                new ClosedMonthCache(clock, ClosedMonthCache.DEFAULT_MAX_ROWS));
    }

    /** The one clock of the application; a test registers its own {@link Clock} bean to move time. */
    @Bean
    @ConditionalOnMissingBean(Clock.class)
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    StreamsHealthIndicator streamsHealthIndicator(StreamsRunner runner) {
        return new StreamsHealthIndicator(runner.streams());
    }
}
