package dev.spendline.query.app;

import dev.spendline.contracts.ServiceDefaults;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The query API as its own service: reads go over HTTP to the internal port of a streams instance
 * ({@code spendline.query.streams-url}, e.g. http://streams-1:9082), which routes each to the instance owning the workspace;
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

    @Bean
    HttpQueries queries(
            @Value("${spendline.query.streams-url}") URI streamsUrl,
            @Value("${" + InstanceCredential.SECRET_PROPERTY + ":}") String secret,
            Clock clock) {
        return new HttpQueries(
                streamsUrl,
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build(),
                Duration.ofSeconds(15),
                false,
                InstanceCredential.of(secret),
                clock);
    }
}
