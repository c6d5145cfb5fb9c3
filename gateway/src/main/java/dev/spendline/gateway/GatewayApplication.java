package dev.spendline.gateway;

import dev.spendline.contracts.ServiceDefaults;
import dev.spendline.gateway.config.GatewayConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The ingest gateway as its own service (WebFlux on Netty). */
@SpringBootApplication
@Import(GatewayConfiguration.class)
public class GatewayApplication {

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(GatewayApplication.class);
        app.setDefaultProperties(ServiceDefaults.withPort(8081));
        app.run(args);
    }
}
