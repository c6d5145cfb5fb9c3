package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.topics.provision.TopicLayout;
import dev.spendline.topics.provision.TopicProvisioner;
import dev.spendline.topics.provision.TopicSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
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

    private final List<EmbeddedKafka> nodes = new ArrayList<>();
    private String bootstrap;

    @BeforeEach
    void startCluster() {
        List<Integer> controllerPorts =
                IntStream.range(0, NODES).mapToObj(i -> FreePorts.loopback()).toList();
        String clusterId = Uuid.randomUuid().toString();
        // A node is ready only once a majority of the quorum runs, so all start at once. Nothing to
        // hand over when the test ends: they stop without waiting for the controller. The brokers'
        // own defaults stay at 1 replica and 1 in sync, so what the test finds is the provisioner's.
        List<CompletableFuture<EmbeddedKafka>> starting = IntStream.rangeClosed(1, NODES)
                .mapToObj(id -> CompletableFuture.supplyAsync(() -> EmbeddedKafka.start(
                        dir.resolve("node-" + id),
                        0,
                        ClusterMembership.of(id, controllerPorts, clusterId),
                        Map.of(
                                "controlled.shutdown.enable", "false",
                                "default.replication.factor", "1",
                                "min.insync.replicas", "1"))))
                .toList();
        starting.forEach(node -> nodes.add(node.join()));
        bootstrap = nodes.stream().map(EmbeddedKafka::bootstrapServers).collect(Collectors.joining(","));
    }

    @AfterEach
    void stopCluster() {
        // All at once: a node stopping after the others would wait for a quorum that is gone.
        CompletableFuture.allOf(nodes.stream()
                        .map(node -> CompletableFuture.runAsync(node::close))
                        .toArray(CompletableFuture[]::new))
                .join();
    }

    @Test
    void createsTheTopicsWithThreeReplicasAndTwoInSync() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            awaitBrokers(admin);
            TopicLayout layout =
                    new TopicProvisioner(admin, Duration.ofSeconds(30)).createMissing(TopicSettings.withPartitions(3));

            assertThat(layout).isEqualTo(new TopicLayout(3, (short) 3, 2));
            Map<String, TopicDescription> topics = onceKnown(() -> admin.describeTopics(TopicProvisioner.names())
                    .allTopicNames()
                    .get());
            assertThat(topics.values()).hasSize(8).allSatisfy(topic -> assertThat(topic.partitions())
                    .hasSize(3)
                    .allSatisfy(p -> assertThat(p.replicas()).hasSize(3)));
            var configs = topicConfigs(admin);
            assertThat(configs.values()).allSatisfy(config -> assertThat(
                            config.get("min.insync.replicas").value())
                    .isEqualTo("2"));
            assertThat(new TopicProvisioner(admin, Duration.ofSeconds(30)).verify(TopicSettings.withPartitions(12)))
                    .isEqualTo(layout);
        }
    }

    /** The topics' configurations, once the broker the admin asks knows them ({@link #onceKnown}). */
    private static Map<ConfigResource, Config> topicConfigs(Admin admin) throws Exception {
        return onceKnown(() -> admin.describeConfigs(TopicProvisioner.names().stream()
                        .map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name))
                        .toList())
                .all()
                .get());
    }

    /**
     * {@code read}'s answer once the broker the admin asks knows the new topics: a broker learns of
     * a new topic from the controller a moment after another broker saw it (CI runs on a busy
     * machine met UnknownTopicOrPartitionException here and in the provisioner).
     */
    private static <T> T onceKnown(java.util.concurrent.Callable<T> read) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                return read.call();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
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
}
