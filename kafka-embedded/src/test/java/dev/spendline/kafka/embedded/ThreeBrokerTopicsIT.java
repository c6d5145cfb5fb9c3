package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.topics.provision.TopicLayout;
import dev.spendline.topics.provision.TopicProvisioner;
import dev.spendline.topics.provision.TopicSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.Feature;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provisioner on a three-broker KRaft cluster in this JVM (three combined broker + controller
 * nodes, a three-voter quorum, like compose): three replicas and two in sync.
 */
class ThreeBrokerTopicsIT {

    private static final int NODES = 3;

    @TempDir
    Path dir;

    private final List<KafkaRaftServer> servers = new ArrayList<>();
    private String bootstrap;

    @BeforeEach
    void startCluster() {
        int[] brokerPorts = IntStream.range(0, NODES).map(i -> freePort()).toArray();
        int[] controllerPorts = IntStream.range(0, NODES).map(i -> freePort()).toArray();
        String voters = IntStream.range(0, NODES)
                .mapToObj(i -> (i + 1) + "@127.0.0.1:" + controllerPorts[i])
                .collect(Collectors.joining(","));
        String clusterId = Uuid.randomUuid().toString();
        for (int i = 0; i < NODES; i++) {
            servers.add(node(i + 1, brokerPorts[i], controllerPorts[i], voters, clusterId));
        }
        // A node's start-up waits for the quorum, so all start at once.
        CompletableFuture.allOf(servers.stream()
                        .map(server -> CompletableFuture.runAsync(server::startup))
                        .toArray(CompletableFuture[]::new))
                .join();
        bootstrap = IntStream.of(brokerPorts).mapToObj(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    }

    @AfterEach
    void stopCluster() {
        // All at once: a node stopping after the others would wait for a quorum that is gone.
        CompletableFuture.allOf(servers.stream()
                        .map(server -> CompletableFuture.runAsync(server::shutdown))
                        .toArray(CompletableFuture[]::new))
                .join();
        servers.forEach(KafkaRaftServer::awaitShutdown);
    }

    @Test
    void createsTheTopicsWithThreeReplicasAndTwoInSync() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            awaitBrokers(admin);
            TopicLayout layout =
                    new TopicProvisioner(admin, Duration.ofSeconds(30)).createMissing(TopicSettings.withPartitions(3));

            assertThat(layout).isEqualTo(new TopicLayout(3, (short) 3, 2));
            Map<String, TopicDescription> topics = admin.describeTopics(TopicProvisioner.names())
                    .allTopicNames()
                    .get();
            assertThat(topics.values()).hasSize(7).allSatisfy(topic -> assertThat(topic.partitions())
                    .hasSize(3)
                    .allSatisfy(p -> assertThat(p.replicas()).hasSize(3)));
            var configs = admin.describeConfigs(TopicProvisioner.names().stream()
                            .map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name))
                            .toList())
                    .all()
                    .get();
            assertThat(configs.values()).allSatisfy(config -> assertThat(
                            config.get("min.insync.replicas").value())
                    .isEqualTo("2"));
            assertThat(new TopicProvisioner(admin, Duration.ofSeconds(30)).verify(TopicSettings.withPartitions(12)))
                    .isEqualTo(layout);
        }
    }

    /** All three brokers registered: a broker that is still joining would make the count 1 or 2. */
    private static void awaitBrokers(Admin admin) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (admin.describeCluster().nodes().get().size() < NODES) {
            assertThat(System.nanoTime()).as("all brokers registered in time").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    private KafkaRaftServer node(int id, int brokerPort, int controllerPort, String voters, String clusterId) {
        Path logDir = dir.resolve("node-" + id);
        Map<String, Object> props = new HashMap<>();
        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(id));
        props.put("controller.quorum.voters", voters);
        props.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        props.put("controller.listener.names", "CONTROLLER");
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        props.put("offsets.topic.num.partitions", "1");
        props.put("transaction.state.log.num.partitions", "1");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("auto.create.topics.enable", "false");
        // Nothing to hand over when the test ends: stop without waiting for the controller.
        props.put("controlled.shutdown.enable", "false");
        props.put("num.network.threads", "1");
        props.put("num.io.threads", "2");
        props.put("background.threads", "1");
        props.put("log.cleaner.threads", "1");
        props.put("log.cleaner.dedupe.buffer.size", String.valueOf(2 * 1024 * 1024));
        KafkaConfig config = new KafkaConfig(props, false);
        try {
            new Formatter()
                    .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                    .setSupportedFeatures(Feature.PRODUCTION_FEATURES)
                    .setNodeId(id)
                    .setClusterId(clusterId)
                    .setReleaseVersion(MetadataVersion.latestProduction())
                    .setControllerListenerName("CONTROLLER")
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .setDirectories(List.copyOf(config.logDirs()))
                    .run();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot format " + logDir, e);
        }
        return new KafkaRaftServer(config, Time.SYSTEM);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
