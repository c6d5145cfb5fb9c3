package dev.spendline.topics.provision;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How every Kafka client of a service reaches the cluster: the bootstrap servers plus the client
 * properties given as {@code spendline.kafka.properties.*} (security.protocol, sasl.mechanism,
 * sasl.jaas.config, ssl.truststore.location, ...). The gateway's producer, Kafka Streams, the
 * settings producer and the topic provisioner's admin client all start from {@link #config()}, so
 * a cluster that requires SASL or TLS is configured once, in one place.
 *
 * @param properties passed to each client as they are (Kafka client property names)
 */
public record KafkaClientSettings(String bootstrapServers, Map<String, String> properties) {

    public KafkaClientSettings {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        properties = properties == null ? Map.of() : Map.copyOf(properties);
    }

    /** A cluster that needs nothing but its address (tests, a plaintext development cluster). */
    public static KafkaClientSettings plain(String bootstrapServers) {
        return new KafkaClientSettings(bootstrapServers, Map.of());
    }

    /**
     * A new, mutable client configuration: {@code bootstrap.servers} and the pass-through
     * properties. Callers add their own settings (serializers, acks, ...) on top.
     */
    public Map<String, Object> config() {
        Map<String, Object> config = new LinkedHashMap<>(properties);
        config.put("bootstrap.servers", bootstrapServers);
        return config;
    }

    /** True when the clients authenticate or encrypt (anything but PLAINTEXT). */
    public boolean secured() {
        String protocol = properties.getOrDefault("security.protocol", "PLAINTEXT");
        return !"PLAINTEXT".equalsIgnoreCase(protocol);
    }

    /** Never prints a password: only the property names, for logs and errors. */
    @Override
    public String toString() {
        return "KafkaClientSettings[bootstrapServers=" + bootstrapServers + ", properties="
                + new TreeMap<>(properties).keySet() + "]";
    }
}
