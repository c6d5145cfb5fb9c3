package dev.spendline.gateway.ingest;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The real broker of the gateway's ITs, one per test class, and what reached its events topic. */
final class GatewayKafka {

    private GatewayKafka() {}

    /** A started broker with the gateway's two topics. */
    static EmbeddedKafka start() {
        try {
            EmbeddedKafka kafka = EmbeddedKafka.start(Files.createTempDirectory("gateway-kafka"), 0, Map.of());
            TopicSetup.ensureTopics(
                    kafka.bootstrapServers(), List.of(Topics.EVENTS.name(), Topics.INTERNAL_USAGE.name()), 2, Map.of());
            return kafka;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every event keyed by {@code workspaceId} on the events topic of the broker at {@code bootstrapServers}. */
    static List<AcceptedEvent> eventsOf(String bootstrapServers, String workspaceId, int expectAtLeast) {
        return recordsOf(bootstrapServers, Topics.EVENTS, workspaceId, expectAtLeast);
    }

    /**
     * Every value keyed by {@code workspaceId} on {@code topic}, read from the beginning: once at
     * least {@code expectAtLeast} were found and nothing new came for a second (the topic read to
     * its end), or after 20 s.
     */
    static <V> List<V> recordsOf(
            String bootstrapServers, Topic<String, V> topic, String workspaceId, int expectAtLeast) {
        var deserializer = topic.valueSerde().deserializer();
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "reader-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new StringDeserializer(),
                new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic.name()));
            List<V> found = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            long quietSince = System.nanoTime();
            while (System.nanoTime() < deadline) {
                var records = consumer.poll(Duration.ofMillis(200));
                for (ConsumerRecord<String, byte[]> r : records) {
                    if (workspaceId.equals(r.key())) {
                        found.add(deserializer.deserialize(r.topic(), r.value()));
                    }
                }
                if (!records.isEmpty()) {
                    quietSince = System.nanoTime();
                }
                if (found.size() >= expectAtLeast && System.nanoTime() - quietSince > 1_000_000_000L) {
                    break;
                }
            }
            return found;
        }
    }
}
