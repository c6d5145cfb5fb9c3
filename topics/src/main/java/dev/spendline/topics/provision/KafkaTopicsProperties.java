package dev.spendline.topics.provision;

import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a service finds and prepares its Kafka topics ({@code spendline.kafka.*}); every property is
 * listed in the README.
 *
 * @param bootstrapServers the cluster
 * @param createTopics true: create missing topics at start-up; false: only check they exist (for
 *     clusters that forbid clients to create topics; see docs/operations.md#topics)
 * @param partitions partition count of topics created from scratch (existing topics keep theirs)
 * @param replicationFactor empty: 3, or the number of brokers if fewer
 * @param eventsRetention retention of the event and internal-usage topics when created
 * @param alertsRetention retention of {@code spendline.alerts.v1} when created
 * @param properties Kafka client properties given to every client of the service as they are
 *     ({@code spendline.kafka.properties.security.protocol=SASL_SSL}, {@code sasl.mechanism},
 *     {@code sasl.jaas.config}, {@code ssl.truststore.location}, ...): how a service reaches a
 *     cluster that requires authentication or TLS (docs/operations.md#kafka-security)
 */
@ConfigurationProperties("spendline.kafka")
public record KafkaTopicsProperties(
        String bootstrapServers,
        @DefaultValue("true") boolean createTopics,
        @DefaultValue("12") int partitions,
        Integer replicationFactor,
        @DefaultValue("40d") Duration eventsRetention,
        @DefaultValue("7d") Duration alertsRetention,
        Map<String, String> properties) {

    /** The bootstrap servers and client properties every Kafka client of the service starts from. */
    public KafkaClientSettings client() {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalStateException("Set spendline.kafka.bootstrap-servers: the Kafka cluster to use");
        }
        return new KafkaClientSettings(bootstrapServers, properties);
    }

    TopicSettings settings() {
        return new TopicSettings(partitions, replicationFactor, eventsRetention, alertsRetention);
    }
}
