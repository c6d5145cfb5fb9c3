package dev.spendline.standalone;

import dev.spendline.contracts.topic.Topics;
import dev.spendline.controlplane.ControlPlaneBootstrap;
import dev.spendline.controlplane.IssuedApiKey;
import dev.spendline.controlplane.Plan;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A running standalone Spendline: the embedded broker plus the Spring context. Started by
 * {@link StandaloneMain} and by integration tests, closed in the reverse order (the streams app
 * must commit to the broker before the broker stops).
 */
public final class Standalone implements AutoCloseable {

    /** Input topics keep data longer than the dedupe horizon (35 days), so replays cannot double-count. */
    static final Duration INPUT_RETENTION = Duration.ofDays(40);

    private final EmbeddedKafka kafka;
    private final ConfigurableApplicationContext context;
    private final String baseUrl;
    private final Optional<IssuedApiKey> firstKey;

    private Standalone(
            EmbeddedKafka kafka,
            ConfigurableApplicationContext context,
            String baseUrl,
            Optional<IssuedApiKey> firstKey) {
        this.kafka = kafka;
        this.context = context;
        this.baseUrl = baseUrl;
        this.firstKey = firstKey;
    }

    /**
     * @param extraProperties Spring properties that override the standalone defaults
     */
    public static Standalone start(
            Path dataDir, int port, int kafkaPort, int partitions, Map<String, Object> extraProperties) {
        Path data = dataDir.toAbsolutePath().normalize();
        EmbeddedKafka kafka = EmbeddedKafka.start(data.resolve("kafka"), kafkaPort, Map.of());
        try {
            TopicSetup.ensureTopics(
                    kafka.bootstrapServers(),
                    Topics.INPUTS.stream().map(t -> t.name()).toList(),
                    partitions,
                    Map.of("retention.ms", String.valueOf(INPUT_RETENTION.toMillis())));
            Map<String, Object> props = new HashMap<>();
            props.put("server.port", port);
            props.put("server.address", "127.0.0.1");
            props.put("spendline.data-dir", data.toString());
            props.put("spendline.kafka.bootstrap-servers", kafka.bootstrapServers());
            props.put("spendline.streams.state-dir", data.resolve("streams").toString());
            props.put("spendline.streams.advertised-url", "http://127.0.0.1:" + port);
            // One instance per data directory: static membership lets a restart resume at once.
            props.put("spendline.streams.instance-id", "standalone");
            props.putAll(extraProperties);
            SpringApplication app = new SpringApplication(StandaloneApplication.class);
            app.setDefaultProperties(props);
            app.setRegisterShutdownHook(false);
            ConfigurableApplicationContext context = app.run();
            Optional<IssuedApiKey> first = context.getBean(ControlPlaneBootstrap.class)
                    .createFirstWorkspaceIfEmpty("Default workspace", Plan.TEAM);
            return new Standalone(kafka, context, "http://127.0.0.1:" + port, first);
        } catch (RuntimeException e) {
            kafka.close();
            throw e;
        }
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** The key of the workspace created on first start; empty on later starts. */
    public Optional<IssuedApiKey> firstKey() {
        return firstKey;
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    public String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    @Override
    public void close() {
        try {
            context.close();
        } finally {
            kafka.close();
        }
    }
}
