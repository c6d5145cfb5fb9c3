package dev.spendline.streams.app;

import dev.spendline.contracts.ServiceDefaults;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The streams-app as its own service (see compose/ and docs/architecture.md). */
@SpringBootApplication
@Import(StreamsConfiguration.class)
public class StreamsApplication {

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(StreamsApplication.class);
        app.setDefaultProperties(ServiceDefaults.withPorts(8082, 9082));
        app.run(args);
    }
}
