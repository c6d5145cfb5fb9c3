package dev.spendline.kafka.embedded;

import dev.spendline.topics.NativeLz4;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real, single-node Kafka (KRaft, broker and controller in one) running inside this JVM, from
 * the Kafka server jar — the same code path as {@code kafka-storage.sh format} followed by
 * {@code kafka-server-start.sh}. Used by the standalone mode and by integration tests.
 *
 * <p>Its log directory is formatted on first start and reused afterwards, so data survives a
 * restart (and a SIGKILL: acknowledged writes are in the OS page cache). The quorum is a static
 * single voter, so the controller port may change between restarts.
 *
 * <p>Two modes: {@link #startSecured} requires SASL credentials ({@link BrokerCredentials}) on
 * both listeners, the client listener and the controller's, so another local user cannot read or
 * write its topics; the standalone uses it. {@link #start} takes anyone who reaches the port, for
 * integration tests whose brokers hold nothing worth protecting. Both listen on 127.0.0.1 only.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final String CONTROLLER_LISTENER = "CONTROLLER";

    private final KafkaRaftServer server;
    private final String bootstrapServers;
    private final Path logDir;
    private final String controllerAddress;
    /** Null: the broker takes any client. */
    private final BrokerCredentials credentials;

    private EmbeddedKafka(
            KafkaRaftServer server,
            String bootstrapServers,
            Path logDir,
            String controllerAddress,
            BrokerCredentials credentials) {
        this.server = server;
        this.controllerAddress = controllerAddress;
        this.bootstrapServers = bootstrapServers;
        this.logDir = logDir;
        this.credentials = credentials;
    }

    /** Prefix of the JVM system properties that reach the embedded broker's own configuration. */
    public static final String BROKER_PROPERTY_PREFIX = "spendline.kafka.broker.";

    /**
     * Broker settings given as JVM system properties {@code spendline.kafka.broker.<broker setting>}
     * (e.g. {@code -Dspendline.kafka.broker.log.cleaner.dedupe.buffer.size=33554432}). The broker
     * starts before Spring does, so these cannot be Spring properties; an operator tunes the embedded
     * broker this way without a rebuild.
     */
    public static Map<String, String> systemPropertyOverrides() {
        Map<String, String> overrides = new java.util.TreeMap<>();
        System.getProperties().stringPropertyNames().stream()
                .filter(name ->
                        name.startsWith(BROKER_PROPERTY_PREFIX) && name.length() > BROKER_PROPERTY_PREFIX.length())
                .forEach(name ->
                        overrides.put(name.substring(BROKER_PROPERTY_PREFIX.length()), System.getProperty(name)));
        return overrides;
    }

    /**
     * Starts a broker storing its log under {@code logDir} and listening on {@code port} (0: any
     * free port), and waits until it answers.
     *
     * @param overrides broker properties that replace the defaults chosen here
     */
    public static EmbeddedKafka start(Path logDir, int port, Map<String, String> overrides) {
        return start(logDir, port, ClusterMembership.single(FreePorts.loopback()), overrides);
    }

    /**
     * As {@link #start(Path, int, Map)}, but both listeners require SASL PLAIN with {@code
     * credentials}; clients connect with {@link #clientProperties()}. A client without them is
     * refused (it sees an authentication failure or no answer at all).
     */
    public static EmbeddedKafka startSecured(
            Path logDir, int port, BrokerCredentials credentials, Map<String, String> overrides) {
        return start(logDir, port, ClusterMembership.single(FreePorts.loopback()), credentials, overrides);
    }

    /**
     * Starts one node of a cluster of several (see {@link ClusterMembership}). Every node must be
     * started before any of them is ready: a node waits for a majority of the voters. Internal
     * topics are replicated to 3 nodes (2 in sync) when the quorum has 3 or more voters, as on a
     * production cluster; to 1 on a single node.
     */
    public static EmbeddedKafka start(
            Path logDir, int port, ClusterMembership membership, Map<String, String> overrides) {
        return start(logDir, port, membership, null, overrides);
    }

    private static EmbeddedKafka start(
            Path logDir,
            int port,
            ClusterMembership membership,
            BrokerCredentials credentials,
            Map<String, String> overrides) {
        NativeLz4.load(); // the broker decompresses lz4 batches to validate them: see NativeLz4
        try {
            Files.createDirectories(logDir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the Kafka log directory " + logDir, e);
        }
        int brokerPort = port == 0 ? FreePorts.loopback() : port;
        int controllerPort = membership.controllerPort();
        String replicas = String.valueOf(membership.replicationFactor());
        String minInSync = String.valueOf(membership.minInSyncReplicas());
        Map<String, Object> props = new HashMap<>();
        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(membership.nodeId()));
        props.put("controller.quorum.voters", membership.voters());
        // The listener is named after its protocol; both are bound to loopback.
        String protocol = credentials == null ? "PLAINTEXT" : "SASL_PLAINTEXT";
        props.put(
                "listeners",
                protocol + "://127.0.0.1:" + brokerPort + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort);
        props.put("advertised.listeners", protocol + "://127.0.0.1:" + brokerPort);
        props.put("controller.listener.names", CONTROLLER_LISTENER);
        props.put("inter.broker.listener.name", protocol);
        props.put(
                "listener.security.protocol.map",
                protocol + ":" + protocol + "," + CONTROLLER_LISTENER + ":" + protocol);
        if (credentials != null) {
            // The controller listener too: since KIP-919 an admin client can talk to it directly.
            // The broker logs in to its own controller (and to other brokers) as the same user.
            props.put("sasl.enabled.mechanisms", BrokerCredentials.MECHANISM);
            props.put("sasl.mechanism.inter.broker.protocol", BrokerCredentials.MECHANISM);
            props.put("sasl.mechanism.controller.protocol", BrokerCredentials.MECHANISM);
            String jaas = credentials.serverJaas();
            props.put("listener.name.sasl_plaintext.plain.sasl.jaas.config", jaas);
            props.put(
                    "listener.name." + CONTROLLER_LISTENER.toLowerCase(java.util.Locale.ROOT)
                            + ".plain.sasl.jaas.config",
                    jaas);
        }
        props.put("log.dirs", logDir.toString());
        // Internal topics replicated as the cluster allows (one node: one replica). Few partitions
        // keep start-up and memory small.
        props.put("offsets.topic.replication.factor", replicas);
        props.put("offsets.topic.num.partitions", "4");
        props.put("transaction.state.log.replication.factor", replicas);
        props.put("transaction.state.log.min.isr", minInSync);
        props.put("transaction.state.log.num.partitions", "4");
        props.put("share.coordinator.state.topic.replication.factor", replicas);
        props.put("share.coordinator.state.topic.min.isr", minInSync);
        props.put("default.replication.factor", replicas);
        props.put("min.insync.replicas", minInSync);
        props.put("group.initial.rebalance.delay.ms", "0");
        // After a crash the restarted node finds its own previous registration and must wait for
        // that session to expire; one node has no peers to protect, so keep the wait short.
        props.put("broker.session.timeout.ms", membership.voterCount() == 1 ? "2000" : "6000");
        props.put("broker.heartbeat.interval.ms", "500");
        props.put("num.partitions", "4");
        props.put("auto.create.topics.enable", "false");
        // Sized for a 2-core laptop: the defaults assume a dedicated server.
        props.put("num.network.threads", "2");
        props.put("num.io.threads", "4");
        props.put("background.threads", "2");
        props.put("log.cleaner.threads", "1");
        props.put("log.cleaner.dedupe.buffer.size", String.valueOf(8 * 1024 * 1024));
        props.put("log.segment.bytes", String.valueOf(128 * 1024 * 1024));
        props.putAll(overrides);

        KafkaConfig config = new KafkaConfig(props, false);
        formatIfNeeded(config, logDir, membership);
        KafkaRaftServer server = new KafkaRaftServer(config, Time.SYSTEM);
        long started = System.nanoTime();
        server.startup();
        String bootstrap = "127.0.0.1:" + brokerPort;
        EmbeddedKafka kafka = new EmbeddedKafka(server, bootstrap, logDir, "127.0.0.1:" + controllerPort, credentials);
        try {
            kafka.awaitReady(Duration.ofSeconds(60));
        } catch (RuntimeException e) {
            kafka.close();
            throw e;
        }
        log.info(
                "Embedded Kafka node {} ready at {}{} in {} ms (log dir {})",
                membership.nodeId(),
                bootstrap,
                credentials == null
                        ? ""
                        : " (SASL " + BrokerCredentials.MECHANISM + ", user " + credentials.username() + ")",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                logDir);
        return kafka;
    }

    private static void formatIfNeeded(KafkaConfig config, Path logDir, ClusterMembership membership) {
        if (Files.exists(logDir.resolve("meta.properties"))) {
            return;
        }
        try {
            new Formatter()
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
                    .setNodeId(membership.nodeId())
                    .setClusterId(
                            membership.clusterId() == null ? Uuid.randomUuid().toString() : membership.clusterId())
                    .setReleaseVersion(MetadataVersion.latestProduction())
                    .setControllerListenerName(CONTROLLER_LISTENER)
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .setDirectories(List.copyOf(config.logDirs()))
                    .run();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot format the Kafka log directory " + logDir, e);
        }
    }

    private void awaitReady(Duration timeout) {
        Map<String, Object> config = clientSettings().config();
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        try (Admin admin = Admin.create(config)) {
            admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Embedded Kafka did not become ready within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for embedded Kafka", e);
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The client properties that log in to this broker; empty when it takes anyone. */
    public Map<String, String> clientProperties() {
        return credentials == null ? Map.of() : credentials.clientProperties();
    }

    /** Address and client properties in one, as every Spendline Kafka client takes them. */
    public KafkaClientSettings clientSettings() {
        return new KafkaClientSettings(bootstrapServers, clientProperties());
    }

    /** The controller listener ({@code bootstrap.controllers}), bound to loopback like the broker's. */
    public String controllerAddress() {
        return controllerAddress;
    }

    public Path logDir() {
        return logDir;
    }

    /** Shuts the broker down cleanly; the log directory stays. */
    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }
}
