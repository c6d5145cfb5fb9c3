package dev.spendline.streams.app;

import dev.spendline.contracts.ServiceDefaults;
import java.util.HashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The streams-app as its own service (see compose/ and docs/architecture.md). */
@SpringBootApplication
@Import(StreamsConfiguration.class)
public class StreamsApplication {

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(StreamsApplication.class);
        Map<String, Object> defaults = new HashMap<>(ServiceDefaults.withPorts(8082, 9082));
        // A service whose Kafka Streams client has failed exits, so that it is restarted.
        defaults.put(StreamsConfiguration.EXIT_ON_FAILURE, true);
        // Ready only once Kafka Streams runs and its stores answer (StreamsReadinessIndicator).
        defaults.put(StreamsConfiguration.READINESS_GROUP, StreamsConfiguration.READINESS_MEMBERS);
        defaults.put(StreamsConfiguration.READINESS_PATH, StreamsConfiguration.READINESS_PATH_VALUE);
        app.setDefaultProperties(defaults);
        app.run(args);
    }
}
