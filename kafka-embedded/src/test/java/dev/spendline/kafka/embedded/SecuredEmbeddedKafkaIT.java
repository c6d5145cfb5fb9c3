package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker with credentials (what the standalone runs): a client with them lists,
 * produces and consumes; a client without them, or with a wrong password, gets nothing from the
 * broker listener nor from the controller listener.
 */
class SecuredEmbeddedKafkaIT {

    private static final String TOPIC = "secured";

    @TempDir
    static Path dir;

    static BrokerCredentials credentials;
    static EmbeddedKafka kafka;

    @BeforeAll
    static void start() {
        // A log directory formatted by a broker without credentials, as an earlier standalone left
        // it, then started with them: the upgrade path of an existing data directory.
        EmbeddedKafka.start(dir, 0, Map.of()).close();
        credentials = BrokerCredentials.generate("spendline");
        kafka = EmbeddedKafka.startSecured(dir, 0, credentials, Map.of());
        TopicSetup.ensureTopics(kafka.clientSettings(), List.of(TOPIC), 2, Map.of());
    }

    @AfterAll
    static void stop() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void aClientWithTheCredentialsListsProducesAndConsumes() throws Exception {
        try (Admin admin = Admin.create(kafka.clientSettings().config())) {
            assertThat(admin.listTopics().names().get(10, TimeUnit.SECONDS)).contains(TOPIC);
        }
        Map<String, Object> producerConfig = kafka.clientSettings().config();
        producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
        try (var producer = new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(TOPIC, "k", "with-credentials")).get(10, TimeUnit.SECONDS);
        }
        assertThat(read(kafka.clientSettings().config(), "reader", Duration.ofSeconds(30)))
                .contains("with-credentials");
    }

    @Test
    void aClientWithoutCredentialsCannotListTopics() {
        assertThatThrownBy(
                        () -> listTopics(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers())))
                .isNotNull();
    }

    @Test
    void aClientWithAWrongPasswordCannotListTopics() {
        Map<String, Object> config = new HashMap<>(new BrokerCredentials("spendline", "wrong").clientProperties());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        assertThatThrownBy(() -> listTopics(config)).hasStackTraceContaining("Authentication failed");
    }

    @Test
    void aClientWithoutCredentialsCannotProduce() {
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 3_000);
        try (var producer = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            assertThatThrownBy(() -> producer.send(new ProducerRecord<>(TOPIC, "k", "forged"))
                            .get(10, TimeUnit.SECONDS))
                    .isNotNull();
        }
        assertThat(read(kafka.clientSettings().config(), "checker", Duration.ofSeconds(5)))
                .doesNotContain("forged");
    }

    @Test
    void aClientWithoutCredentialsCannotConsume() throws Exception {
        Map<String, Object> producerConfig = kafka.clientSettings().config();
        try (var producer = new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(TOPIC, "k", "secret-event")).get(10, TimeUnit.SECONDS);
        }
        Map<String, Object> plain = new HashMap<>();
        plain.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        List<String> seen;
        try {
            seen = read(plain, "intruder", Duration.ofSeconds(5));
        } catch (RuntimeException refused) {
            seen = List.of();
        }
        assertThat(seen).isEmpty();
    }

    @Test
    void theControllerListenerRequiresTheCredentialsToo() throws Exception {
        assertThatThrownBy(() ->
                        listTopics(Map.of(AdminClientConfig.BOOTSTRAP_CONTROLLERS_CONFIG, kafka.controllerAddress())))
                .isNotNull();
        Map<String, Object> config = new HashMap<>(credentials.clientProperties());
        config.put(AdminClientConfig.BOOTSTRAP_CONTROLLERS_CONFIG, kafka.controllerAddress());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10_000);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        try (Admin admin = Admin.create(config)) {
            assertThat(admin.describeCluster().nodes().get(10, TimeUnit.SECONDS))
                    .isNotEmpty();
        }
        assertThat(kafka.controllerAddress()).startsWith("127.0.0.1:");
        assertThat(kafka.bootstrapServers()).startsWith("127.0.0.1:");
    }

    private static void listTopics(Map<String, Object> base) throws Exception {
        Map<String, Object> config = new HashMap<>(base);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3_000);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000);
        try (Admin admin = Admin.create(config)) {
            admin.listTopics().names().get(5, TimeUnit.SECONDS);
        }
    }

    private static List<String> read(Map<String, Object> base, String group, Duration within) {
        Map<String, Object> config = new HashMap<>(base);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) within.toMillis());
        try (var consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            List<String> values = new ArrayList<>();
            long deadline = System.nanoTime() + within.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
                if (!values.isEmpty() && group.equals("reader")) {
                    break;
                }
            }
            return values;
        }
    }
}
