package dev.spendline.standalone;

import dev.spendline.contracts.topic.Topic;
import dev.spendline.contracts.topic.Topics;
import dev.spendline.controlplane.ControlPlaneBootstrap;
import dev.spendline.controlplane.IssuedApiKey;
import dev.spendline.controlplane.Plan;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A running standalone Spendline: the embedded broker (unless an external cluster is given) plus
 * the Spring context. Started by {@link StandaloneMain} and by integration tests, closed in the
 * reverse order (Kafka Streams must commit to the broker before the broker stops).
 */
public final class Standalone implements AutoCloseable {

    /** Input topics keep data longer than the dedupe horizon (35 days), so replays cannot double-count. */
    static final Duration INPUT_RETENTION = Duration.ofDays(40);
    /** Alert changes are a live feed for consumers; a week covers any outage worth replaying. */
    static final Duration OUTPUT_RETENTION = Duration.ofDays(7);

    /** Null when Spendline runs against an external Kafka cluster. */
    private final EmbeddedKafka kafka;

    private final String bootstrapServers;
    private final ConfigurableApplicationContext context;
    private final String baseUrl;
    private final Optional<IssuedApiKey> firstKey;

    private Standalone(
            EmbeddedKafka kafka,
            String bootstrapServers,
            ConfigurableApplicationContext context,
            String baseUrl,
            Optional<IssuedApiKey> firstKey) {
        this.kafka = kafka;
        this.bootstrapServers = bootstrapServers;
        this.context = context;
        this.baseUrl = baseUrl;
        this.firstKey = firstKey;
    }

    /** Starts with the embedded broker. */
    public static Standalone start(
            Path dataDir, int port, int kafkaPort, int partitions, Map<String, Object> extraProperties) {
        return start(dataDir, port, null, kafkaPort, partitions, extraProperties);
    }

    /**
     * @param externalKafka bootstrap servers of an existing cluster, or null for the embedded broker
     * @param extraProperties Spring properties that override the standalone defaults
     */
    public static Standalone start(
            Path dataDir,
            int port,
            String externalKafka,
            int kafkaPort,
            int partitions,
            Map<String, Object> extraProperties) {
        return start(dataDir, port, externalKafka, kafkaPort, partitions, extraProperties, List.of());
    }

    /**
     * For tests: as above, with initializers that run on the context before it is refreshed, e.g.
     * to register a movable clock as {@code actionsClock} (see {@code ActionConfiguration}).
     * Production starts pass none.
     */
    public static Standalone start(
            Path dataDir,
            int port,
            String externalKafka,
            int kafkaPort,
            int partitions,
            Map<String, Object> extraProperties,
            List<ApplicationContextInitializer<?>> initializers) {
        Path data = dataDir.toAbsolutePath().normalize();
        EmbeddedKafka kafka =
                externalKafka == null ? EmbeddedKafka.start(data.resolve("kafka"), kafkaPort, Map.of()) : null;
        String bootstrap = kafka == null ? externalKafka : kafka.bootstrapServers();
        try {
            TopicSetup.ensureTopics(
                    bootstrap,
                    Topics.INPUTS.stream().map(Topic::name).toList(),
                    partitions,
                    Map.of("retention.ms", String.valueOf(INPUT_RETENTION.toMillis())));
            TopicSetup.ensureTopics(
                    bootstrap,
                    Topics.SETTINGS.stream().map(Topic::name).toList(),
                    partitions,
                    Map.of("cleanup.policy", "compact"));
            TopicSetup.ensureTopics(
                    bootstrap,
                    Topics.OUTPUTS.stream().map(Topic::name).toList(),
                    partitions,
                    Map.of("retention.ms", String.valueOf(OUTPUT_RETENTION.toMillis())));
            Map<String, Object> props = new HashMap<>();
            props.put("server.port", port);
            props.put("server.address", "127.0.0.1");
            props.put("spendline.data-dir", data.toString());
            props.put("spendline.kafka.bootstrap-servers", bootstrap);
            props.put("spendline.streams.state-dir", data.resolve("streams").toString());
            props.put("spendline.streams.advertised-url", "http://127.0.0.1:" + port);
            // One instance per data directory: static membership lets a restart resume at once.
            props.put("spendline.streams.instance-id", "standalone");
            props.putAll(extraProperties);
            SpringApplication app = new SpringApplication(StandaloneApplication.class);
            app.setDefaultProperties(props);
            app.setRegisterShutdownHook(false);
            app.addInitializers(initializers.toArray(ApplicationContextInitializer[]::new));
            ConfigurableApplicationContext context = app.run();
            Optional<IssuedApiKey> first = context.getBean(ControlPlaneBootstrap.class)
                    .createFirstWorkspaceIfEmpty("Default workspace", Plan.TEAM);
            return new Standalone(kafka, bootstrap, context, "http://127.0.0.1:" + port, first);
        } catch (RuntimeException e) {
            if (kafka != null) {
                kafka.close();
            }
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
        return bootstrapServers;
    }

    @Override
    public void close() {
        try {
            context.close();
        } finally {
            if (kafka != null) {
                kafka.close();
            }
        }
    }
}
