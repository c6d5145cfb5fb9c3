package dev.spendline.query.app;

import dev.spendline.contracts.ServiceDefaults;
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
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The query API as its own service: reads go over HTTP to the internal port of a streams instance
 * (any of {@code spendline.query.streams-url}, e.g. http://streams-1:9082,http://streams-2:9082), which routes each to the instance owning the workspace;
 * revenue settings are written to Kafka ({@code spendline.kafka.bootstrap-servers}).
 */
@SpringBootApplication
@Import(QueryApiConfiguration.class)
public class QueryApiApplication {

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(QueryApiApplication.class);
        app.setDefaultProperties(ServiceDefaults.withPorts(8083, 9083));
        app.run(args);
    }

    /**
     * Reads through the streams instances of the comma-separated {@code spendline.query.streams-url}:
     * each read starts at the next one in turn and moves on when one cannot be reached or answers
     * 503, for at most 15 s, then 503 + Retry-After ({@link FailoverQueries}). Connects time out
     * after 500 ms, as between streams instances (on one network a live instance accepts in well
     * under a millisecond), and an instance that could not be reached is asked last for the next
     * 5 s ({@link UnreachablePeers}), so that a dead instance costs the first read, not every other.
     */
    @Bean
    FailoverQueries queries(
            @Value("${spendline.query.streams-url}") String streamsUrls,
            @Value("${" + InstanceCredential.SECRET_PROPERTY + ":}") String secret,
            Clock clock,
            @Value("${" + UnreachablePeers.MEMORY_PROPERTY + ":5s}") String unreachableMemory) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
        InstanceCredential credential = InstanceCredential.of(secret);
        return FailoverQueries.over(
                streamsUrls,
                Duration.ofSeconds(15),
                url -> new HttpQueries(url, client, Duration.ofSeconds(15), false, credential, clock),
                // Real elapsed time, not the application clock a test may stop or move.
                new UnreachablePeers<>(DurationStyle.detectAndParse(unreachableMemory), Clock.systemUTC()));
    }

    /** The same meters of unreachable streams instances as a streams-app instance has for its peers. */
    @Bean
    MeterBinder unreachableStreamsInstancesMetrics(FailoverQueries queries) {
        UnreachablePeers<?> unreachable = queries.unreachable();
        return registry -> {
            FunctionCounter.builder(UnreachablePeers.DEFERRED_METRIC, unreachable, UnreachablePeers::deferred)
                    .description("Reads that asked another streams instance first because the one they would"
                            + " have asked could not be reached moments before")
                    .register(registry);
            Gauge.builder(UnreachablePeers.SIZE_METRIC, unreachable, UnreachablePeers::size)
                    .description("Streams instances remembered as unreachable now (asked last for a few seconds)")
                    .register(registry);
        };
    }
}
