package dev.spendline.standalone;

import dev.spendline.controlplane.ControlPlaneBootstrap;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.streams.app.StreamsRunner;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.kafka.streams.KafkaStreams;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A running standalone Spendline: the embedded broker (unless an external cluster is given) plus
 * the Spring context. Started by {@link StandaloneMain} and by integration tests, closed in the
 * reverse order (Kafka Streams must commit to the broker before the broker stops).
 */
public final class Standalone implements AutoCloseable {

    /** The property of the internal port (Spring Boot's management server). */
    public static final String INTERNAL_PORT = "management.server.port";

    /** The Spring property holding the data directory, absolute. */
    static final String DATA_DIR = "spendline.data-dir";

    /** Null when Spendline runs against an external Kafka cluster. */
    private final EmbeddedKafka kafka;

    private final String bootstrapServers;
    private final ConfigurableApplicationContext context;
    private final String baseUrl;
    private final String internalUrl;
    private final Path dataDir;
    private final Optional<IssuedApiKey> firstKey;
    private final Optional<String> setupLink;
    private final boolean ready;

    /**
     * How long {@link #start} waits for {@code /readyz} (Kafka Streams running, its stores
     * answering): restoring a large state after its directory was lost takes minutes.
     */
    static final Duration READY_TIMEOUT = Duration.ofMinutes(10);

    private Standalone(
            EmbeddedKafka kafka,
            String bootstrapServers,
            ConfigurableApplicationContext context,
            String baseUrl,
            String internalUrl,
            Path dataDir,
            Optional<IssuedApiKey> firstKey,
            Optional<String> setupLink,
            boolean ready) {
        this.ready = ready;
        this.kafka = kafka;
        this.bootstrapServers = bootstrapServers;
        this.context = context;
        this.baseUrl = baseUrl;
        this.internalUrl = internalUrl;
        this.dataDir = dataDir;
        this.firstKey = firstKey;
        this.setupLink = setupLink;
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
     * to register a movable {@link java.time.Clock} bean, which replaces the application's one clock.
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
        // Before anything writes into it: the directory 0700, and what an earlier version left 0644 fixed.
        DataDirectory.secure(data);
        String databasePassword = ControlPlaneDatabase.password(data);
        if (usesEmbeddedDatabase(extraProperties)) {
            // Before the pool opens the database; refuses clearly if another process has it open.
            ControlPlaneDatabase.migrate(data);
        }
        EmbeddedKafka kafka = externalKafka == null
                ? EmbeddedKafka.startSecured(
                        data.resolve("kafka"),
                        kafkaPort,
                        LocalSecrets.kafkaCredentials(data),
                        EmbeddedKafka.systemPropertyOverrides())
                : null;
        String bootstrap = kafka == null ? externalKafka : kafka.bootstrapServers();
        if (kafka != null) {
            // The embedded broker's port may change between starts: commands that talk to it
            // (redrive-dead-letters) read where it is now.
            writeBootstrapServers(data, bootstrap);
        }
        try {
            Map<String, Object> props = new HashMap<>();
            props.put("server.port", port);
            props.put("server.address", "127.0.0.1");
            // The internal port: actuator and instance-to-instance queries, loopback unless configured.
            int internalPort = extraProperties.containsKey(INTERNAL_PORT)
                    ? Integer.parseInt(String.valueOf(extraProperties.get(INTERNAL_PORT)))
                    : FreePorts.loopback();
            props.put(INTERNAL_PORT, internalPort);
            props.put("management.server.address", "127.0.0.1");
            props.put(InstanceCredential.SECRET_PROPERTY, LocalSecrets.instanceSecret(data));
            props.put("spring.datasource.password", databasePassword);
            props.put(LocalCommandController.SECRET_PROPERTY, LocalSecrets.commandSecret(data));
            props.put(DATA_DIR, data.toString());
            // Webhook secrets are encrypted with a key of the data directory; receivers on this machine
            // (http to loopback) are allowed, since the standalone is itself a local program.
            props.put("spendline.webhooks.secret-encryption-keys.local", LocalSecrets.webhookSecretKey(data));
            props.put("spendline.webhooks.allow-loopback", true);
            // The data directory as the user gave it, for the commands the pages print (LocalCommands).
            props.put(LocalCommands.DATA_DIR_PROPERTY, dataDir.toString());
            props.put("spendline.kafka.bootstrap-servers", bootstrap);
            if (kafka != null) {
                // Every Kafka client of the context logs in to the embedded broker; an external
                // cluster's security settings come from the operator (spendline.kafka.properties.*).
                kafka.clientProperties().forEach((key, value) -> props.put("spendline.kafka.properties." + key, value));
            }
            // The topics are created by the context (TopicProvisioning), like in every service; the
            // standalone's own partition count applies to topics created from scratch.
            props.put("spendline.kafka.partitions", partitions);
            props.put("spendline.streams.state-dir", data.resolve("streams").toString());
            props.put("spendline.streams.advertised-url", "http://127.0.0.1:" + internalPort);
            // One instance per data directory: static membership lets a restart resume at once.
            props.put("spendline.streams.instance-id", "standalone");
            // The prices add-price wrote, unless the operator names a price file of their own: a
            // default property, so a system property, the environment or a config file wins.
            AddPrice.defaultPriceBookFile(data)
                    .ifPresent(file -> props.put(AddPrice.PRICE_BOOK_FILE_PROPERTY, file.toString()));
            props.putAll(extraProperties);
            SpringApplication app = new SpringApplication(StandaloneApplication.class);
            app.setDefaultProperties(props);
            app.setRegisterShutdownHook(false);
            app.addInitializers(initializers.toArray(ApplicationContextInitializer[]::new));
            ConfigurableApplicationContext context = app.run();
            String ownUrl = "http://127.0.0.1:"
                    + context.getEnvironment().getProperty("local.server.port", String.valueOf(port));
            KafkaStreams streams = context.getBean(StreamsRunner.class).streams();
            boolean ready = awaitReady(
                    ownUrl,
                    READY_TIMEOUT,
                    () -> streams.state() == KafkaStreams.State.ERROR
                            || streams.state() == KafkaStreams.State.PENDING_ERROR);
            Optional<IssuedApiKey> first = context.getBean(ControlPlaneBootstrap.class)
                    .createFirstWorkspaceIfEmpty("Default workspace", Plan.TEAM);
            String baseUrl = "http://127.0.0.1:" + port;
            // The database, the Kafka logs and the streams state this start created: owner-only too.
            DataDirectory.tighten(data);
            String internalUrl = "http://127.0.0.1:" + context.getEnvironment().getProperty(INTERNAL_PORT);
            // From now on the key commands on this data directory run here, not on the files.
            RunningStandalone.announce(data, internalUrl);
            // The first workspace has data (its key works at once) but no owner yet: whoever opens
            // this one-time link and signs up becomes its owner.
            Optional<String> setupLink = first.flatMap(key -> context.getBean(SetupLinkRepository.class)
                    .issue(key.key().workspaceId())
                    .map(token -> baseUrl + "/setup/" + token));
            return new Standalone(kafka, bootstrap, context, baseUrl, internalUrl, data, first, setupLink, ready);
        } catch (RuntimeException e) {
            if (kafka != null) {
                kafka.close();
            }
            throw e;
        }
    }

    /**
     * Waits until {@code /readyz} answers 200: the web server is up before Kafka Streams has joined
     * its group and opened its stores, and until then every report answers 503 "still loading".
     * The banner that invites a first question is printed only after this.
     *
     * @param failed true once waiting longer is pointless (Kafka Streams has failed)
     * @return false if it was not ready within {@code timeout}
     */
    static boolean awaitReady(String baseUrl, Duration timeout, BooleanSupplier failed) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest probe = HttpRequest.newBuilder(URI.create(baseUrl + "/readyz"))
                .timeout(Duration.ofSeconds(5))
                .build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && !failed.getAsBoolean()) {
            try {
                if (client.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return true;
                }
            } catch (IOException e) {
                // Not answering yet: ask again.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** Whether {@code /readyz} answered 200 before {@link #start} returned. */
    public boolean ready() {
        return ready;
    }

    /** False when the operator points the standalone at another database (PostgreSQL, README). */
    private static boolean usesEmbeddedDatabase(Map<String, Object> extraProperties) {
        Object configured = extraProperties.containsKey("spring.datasource.url")
                ? extraProperties.get("spring.datasource.url")
                : System.getProperty("spring.datasource.url", System.getenv("SPRING_DATASOURCE_URL"));
        return configured == null || String.valueOf(configured).startsWith("jdbc:h2:");
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** The internal port's URL: actuator and instance-to-instance queries (loopback). */
    public String internalUrl() {
        return internalUrl;
    }

    /** Where the running embedded broker listens, for local commands; see {@link #bootstrapServersOf}. */
    static final String BOOTSTRAP_FILE = "kafka-bootstrap-servers";

    private static void writeBootstrapServers(Path data, String bootstrap) {
        try {
            Path file = data.resolve(BOOTSTRAP_FILE);
            Files.writeString(file, bootstrap + "\n", StandardCharsets.US_ASCII);
            Files.setPosixFilePermissions(file, DataDirectory.FILE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + data.resolve(BOOTSTRAP_FILE), e);
        }
    }

    /** The bootstrap servers of the embedded broker last started on {@code dataDir}; empty when none. */
    static Optional<String> bootstrapServersOf(Path dataDir) {
        Path file = dataDir.toAbsolutePath().normalize().resolve(BOOTSTRAP_FILE);
        try {
            return Files.exists(file)
                    ? Optional.of(
                            Files.readString(file, StandardCharsets.US_ASCII).trim())
                    : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }

    /** The key of the workspace created on first start; empty on later starts. */
    public Optional<IssuedApiKey> firstKey() {
        return firstKey;
    }

    /** The one-time link that makes its opener the owner of the first workspace; empty on later starts. */
    public Optional<String> setupLink() {
        return setupLink;
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /**
     * Address and client properties of the broker Spendline uses: with the embedded broker, its
     * credentials (a client without them is refused).
     */
    public KafkaClientSettings kafkaClientSettings() {
        return kafka == null ? context.getBean(KafkaClientSettings.class) : kafka.clientSettings();
    }

    @Override
    public void close() {
        RunningStandalone.withdraw(dataDir, internalUrl);
        try {
            context.close();
        } finally {
            if (kafka != null) {
                kafka.close();
            }
        }
    }
}
