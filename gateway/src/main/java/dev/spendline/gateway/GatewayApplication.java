package dev.spendline.gateway;

import dev.spendline.contracts.ServiceDefaults;
import dev.spendline.gateway.config.GatewayConfiguration;
import dev.spendline.internalapi.FailoverQueries;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.internalapi.UnreachablePeers;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** The ingest gateway as its own service (WebFlux on Netty). */
@SpringBootApplication
@Import(GatewayConfiguration.class)
public class GatewayApplication {

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(GatewayApplication.class);
        app.setDefaultProperties(ServiceDefaults.withPorts(8081, 9081));
        app.run(args);
    }

    /**
     * The quota check's source: the internal port of any streams-app instance of a comma-separated
     * list ({@code spendline.gateway.streams-url}, e.g. http://streams-1:9082,http://streams-2:9082),
     * which routes each question to the instance that owns the workspace; an instance that cannot
     * be reached or answers 503 is skipped for the next (within the quota check's own timeout);
     * one that could not be reached is asked last for the next 5 s ({@link UnreachablePeers}).
     */
    @Bean
    @ConditionalOnProperty("spendline.gateway.streams-url")
    FailoverQueries quotaQueries(
            @Value("${spendline.gateway.streams-url}") String streamsUrls,
            @Value("${" + InstanceCredential.SECRET_PROPERTY + ":}") String secret,
            Clock clock,
            @Value("${" + UnreachablePeers.MEMORY_PROPERTY + ":5s}") String unreachableMemory) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        InstanceCredential credential = InstanceCredential.of(secret);
        return FailoverQueries.over(
                streamsUrls,
                Duration.ofSeconds(2),
                url -> new HttpQueries(url, client, Duration.ofSeconds(2), false, credential, clock),
                // Real elapsed time, not the application clock a test may stop or move.
                new UnreachablePeers<>(DurationStyle.detectAndParse(unreachableMemory), Clock.systemUTC()));
    }

    /** The same meters of unreachable streams instances as a streams-app instance has for its peers. */
    @Bean
    @ConditionalOnProperty("spendline.gateway.streams-url")
    MeterBinder unreachableStreamsInstancesMetrics(FailoverQueries quotaQueries) {
        UnreachablePeers<?> unreachable = quotaQueries.unreachable();
        return registry -> {
            FunctionCounter.builder(UnreachablePeers.DEFERRED_METRIC, unreachable, UnreachablePeers::deferred)
                    .description("Quota checks that asked another streams instance first because the one they"
                            + " would have asked could not be reached moments before")
                    .register(registry);
            Gauge.builder(UnreachablePeers.SIZE_METRIC, unreachable, UnreachablePeers::size)
                    .description("Streams instances remembered as unreachable now (asked last for a few seconds)")
                    .register(registry);
        };
    }
}
