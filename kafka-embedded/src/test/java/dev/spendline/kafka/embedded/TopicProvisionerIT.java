package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.topics.provision.TopicLayout;
import dev.spendline.topics.provision.TopicProvisioner;
import dev.spendline.topics.provision.TopicProvisioning;
import dev.spendline.topics.provision.TopicSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The provisioner and its Spring glue against a real single-node broker. */
class TopicProvisionerIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    EmbeddedKafka kafka;
    Admin admin;

    @BeforeEach
    void startBroker() {
        kafka = EmbeddedKafka.start(dir, 0, Map.of());
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()));
    }

    @AfterEach
    void stopBroker() {
        admin.close();
        kafka.close();
    }

    @Test
    void createsEveryTopicWithOneReplicaOnASingleBrokerAndItsConfigs() throws Exception {
        TopicLayout layout = new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(3));

        assertThat(layout).isEqualTo(new TopicLayout(3, (short) 1, 1));
        Map<String, TopicDescription> topics = describe();
        assertThat(topics).containsOnlyKeys(TopicProvisioner.names());
        assertThat(topics.values()).allSatisfy(topic -> {
            assertThat(topic.partitions()).hasSize(3);
            assertThat(topic.partitions())
                    .allSatisfy(p -> assertThat(p.replicas()).hasSize(1));
        });
        Map<String, Config> configs = configs();
        assertThat(configs.values()).allSatisfy(config -> assertThat(value(config, "min.insync.replicas"))
                .isEqualTo("1"));
        assertThat(value(configs.get("spendline.events.v1"), "retention.ms")).isEqualTo("3456000000");
        assertThat(value(configs.get("spendline.events.v1"), "cleanup.policy")).isEqualTo("delete");
        assertThat(value(configs.get("spendline.internal-usage.v1"), "retention.ms"))
                .isEqualTo("3456000000");
        assertThat(value(configs.get("spendline.alerts.v1"), "retention.ms")).isEqualTo("604800000");
        assertThat(value(configs.get("spendline.dead-letters.v1"), "retention.ms"))
                .isEqualTo("3456000000");
        for (String settings : List.of(
                "spendline.revenue.v1",
                "spendline.budgets.v1",
                "spendline.alert-snoozes.v1",
                "spendline.guardrails.v1")) {
            assertThat(value(configs.get(settings), "cleanup.policy"))
                    .as(settings)
                    .isEqualTo("compact");
        }
    }

    @Test
    void aSecondRunKeepsTheTopicsAndTheirPartitionCountWhateverIsConfigured() throws Exception {
        new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(3));

        TopicLayout again = new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(6));

        assertThat(again.partitions()).isEqualTo(3);
        assertThat(describe().values())
                .allSatisfy(topic -> assertThat(topic.partitions()).hasSize(3));
    }

    @Test
    void missingTopicsGetThePartitionCountOfThoseThatExist() throws Exception {
        TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of("spendline.events.v1"), 4, Map.of());

        TopicLayout layout = new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(12));

        assertThat(layout.partitions()).isEqualTo(4);
        assertThat(describe().values())
                .allSatisfy(topic -> assertThat(topic.partitions()).hasSize(4));
    }

    @Test
    void instancesStartingAtOnceAllSucceed() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<TopicLayout>> starts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                starts.add(() -> new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(2)));
            }
            for (Future<TopicLayout> start : pool.invokeAll(starts)) {
                assertThat(start.get()).isEqualTo(new TopicLayout(2, (short) 1, 1));
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(describe()).hasSize(TopicProvisioner.names().size());
    }

    @Test
    void topicsWithDifferentPartitionCountsStopTheStartUp() {
        TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of("spendline.events.v1"), 4, Map.of());
        TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of("spendline.budgets.v1"), 2, Map.of());

        assertThatThrownBy(() -> new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(4)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("2 partitions: spendline.budgets.v1")
                .hasMessageContaining("4 partitions: spendline.events.v1")
                .hasMessageContaining("docs/operations.md#topics");
        assertThatThrownBy(() -> new TopicProvisioner(admin, TIMEOUT).verify(TopicSettings.withPartitions(4)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void checkingOnlyNamesTheMissingTopicsAndCreatesNone() throws Exception {
        TopicSetup.ensureTopics(
                kafka.bootstrapServers(), List.of("spendline.events.v1", "spendline.budgets.v1"), 2, Map.of());

        assertThatThrownBy(() -> new TopicProvisioner(admin, TIMEOUT).verify(TopicSettings.withPartitions(2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Kafka topics missing: spendline.internal-usage.v1, spendline.revenue.v1,"
                        + " spendline.alert-snoozes.v1, spendline.guardrails.v1, spendline.alerts.v1,"
                        + " spendline.dead-letters.v1")
                .hasMessageContaining("docs/operations.md#topics");
        assertThat(describe()).containsOnlyKeys("spendline.events.v1", "spendline.budgets.v1");
    }

    @Test
    void checkingOnlyPassesOnceTheTopicsExist() {
        new TopicProvisioner(admin, TIMEOUT).createMissing(TopicSettings.withPartitions(2));

        assertThat(new TopicProvisioner(admin, TIMEOUT).verify(TopicSettings.withPartitions(12)))
                .isEqualTo(new TopicLayout(2, (short) 1, 1));
    }

    @Test
    void aServiceCreatesTheTopicsAtStartUpByDefault() throws Exception {
        contextRunner().withPropertyValues("spendline.kafka.partitions=2").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(TopicLayout.class)).isEqualTo(new TopicLayout(2, (short) 1, 1));
        });
        assertThat(describe()).hasSize(TopicProvisioner.names().size());
    }

    @Test
    void aServiceThatMayNotCreateTopicsRefusesToStartWithoutThem() throws Exception {
        contextRunner()
                .withPropertyValues("spendline.kafka.create-topics=false")
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("Kafka topics missing: spendline.events.v1")
                        .hasMessageContaining("docs/operations.md#topics"));
        assertThat(describe()).isEmpty();
    }

    private ApplicationContextRunner contextRunner() {
        return new ApplicationContextRunner()
                .withUserConfiguration(TopicProvisioning.class)
                .withPropertyValues("spendline.kafka.bootstrap-servers=" + kafka.bootstrapServers());
    }

    private Map<String, TopicDescription> describe() throws Exception {
        List<String> present = admin.listTopics().names().get().stream()
                .filter(name -> name.startsWith("spendline."))
                .toList();
        return admin.describeTopics(present).allTopicNames().get();
    }

    private Map<String, Config> configs() throws Exception {
        List<ConfigResource> resources = TopicProvisioner.names().stream()
                .map(name -> new ConfigResource(ConfigResource.Type.TOPIC, name))
                .toList();
        return admin.describeConfigs(resources).all().get().entrySet().stream()
                .collect(Collectors.toMap(e -> e.getKey().name(), Map.Entry::getValue));
    }

    private static String value(Config config, String name) {
        return config.get(name).value();
    }
}
