package dev.spendline.kafka.embedded;

import dev.spendline.topics.provision.KafkaClientSettings;
import dev.spendline.topics.provision.TopicProvisioner;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/**
 * Creates arbitrary topics with one replica, for tests and tools on the single embedded broker;
 * existing topics are left as they are. Spendline's own topics, with their configs and
 * replication, are prepared by {@link TopicProvisioner}, which this delegates to.
 */
public final class TopicSetup {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private TopicSetup() {}

    /**
     * @param configs topic-level configs applied to every created topic (e.g. retention.ms)
     */
    public static void ensureTopics(
            String bootstrapServers, Collection<String> names, int partitions, Map<String, String> configs) {
        ensureTopics(KafkaClientSettings.plain(bootstrapServers), names, partitions, configs);
    }

    /** As above, on a cluster that needs client properties (an embedded broker with credentials). */
    public static void ensureTopics(
            KafkaClientSettings kafka, Collection<String> names, int partitions, Map<String, String> configs) {
        try (Admin admin = Admin.create(kafka.config())) {
            TopicProvisioner.createMissing(
                    admin,
                    names.stream()
                            .map(name -> new NewTopic(name, partitions, (short) 1).configs(configs))
                            .toList(),
                    TIMEOUT);
        }
    }
}
