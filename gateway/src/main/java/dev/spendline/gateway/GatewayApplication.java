package dev.spendline.gateway;

import dev.spendline.contracts.ServiceDefaults;
import dev.spendline.gateway.config.GatewayConfiguration;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
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
     * The quota check's source: the internal port of any streams-app instance
     * ({@code spendline.gateway.streams-url}, e.g. http://streams-1:9082),
     * which routes each question to the instance that owns the workspace.
     */
    @Bean
    @ConditionalOnProperty("spendline.gateway.streams-url")
    HttpQueries quotaQueries(
            @Value("${spendline.gateway.streams-url}") URI streamsUrl,
            @Value("${" + InstanceCredential.SECRET_PROPERTY + ":}") String secret,
            Clock clock) {
        return new HttpQueries(
                streamsUrl,
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build(),
                Duration.ofSeconds(2),
                false,
                InstanceCredential.of(secret),
                clock);
    }
}
