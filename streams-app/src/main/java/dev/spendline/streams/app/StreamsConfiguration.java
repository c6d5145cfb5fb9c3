package dev.spendline.streams.app;

import dev.spendline.contracts.query.HttpSpendQueries;
import dev.spendline.streams.pricing.PriceBook;
import dev.spendline.streams.query.RoutingSpendQueries;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Wires the streams side: the Kafka Streams runner, the query router over its stores, the internal
 * query endpoint and health. Imported by {@link StreamsApplication} and by the standalone mode.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StreamsProperties.class)
@Import({InternalQueryController.class, QueryErrorHandler.class})
public class StreamsConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StreamsConfiguration.class);

    @Bean
    HostInfo streamsHostInfo(StreamsProperties props, @Value("${server.port:8080}") int serverPort) {
        if (props.advertisedUrl() != null && !props.advertisedUrl().isBlank()) {
            URI url = URI.create(props.advertisedUrl());
            return new HostInfo(url.getHost(), url.getPort());
        }
        if (serverPort <= 0) {
            throw new IllegalStateException(
                    "Set spendline.streams.advertised-url or a fixed server.port: other instances must be"
                            + " able to reach this one for interactive queries");
        }
        return new HostInfo("127.0.0.1", serverPort);
    }

    @Bean
    StreamsRunner streamsRunner(
            StreamsProperties props,
            @Value("${spendline.kafka.bootstrap-servers}") String bootstrapServers,
            HostInfo streamsHostInfo,
            MeterRegistry registry,
            @Value("${spendline.pricing.price-book-file:}") String priceBookFile) {
        PriceBook priceBook =
                priceBookFile.isBlank() ? PriceBook.bundled() : PriceBook.withOverrides(Path.of(priceBookFile));
        log.info(
                "Price book: {} prices{}",
                priceBook.size(),
                priceBookFile.isBlank() ? " (bundled)" : " (bundled, with " + priceBookFile + " on top)");
        return new StreamsRunner(props, bootstrapServers, streamsHostInfo, registry, priceBook);
    }

    @Bean
    public RoutingSpendQueries routingSpendQueries(StreamsRunner runner, StreamsProperties props, HostInfo self) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        return new RoutingSpendQueries(
                runner.streams(),
                self,
                owner -> new HttpSpendQueries(
                        URI.create("http://" + owner.host() + ":" + owner.port()),
                        client,
                        Duration.ofSeconds(10),
                        true),
                props.queryAttempts(),
                props.queryBackoff(),
                props.dedupeHorizon());
    }

    @Bean
    StreamsHealthIndicator streamsHealthIndicator(StreamsRunner runner) {
        return new StreamsHealthIndicator(runner.streams());
    }
}
