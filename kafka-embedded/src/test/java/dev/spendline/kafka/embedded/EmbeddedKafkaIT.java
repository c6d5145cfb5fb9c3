package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaIT {

    @TempDir
    Path dir;

    @Test
    void keepsAcknowledgedRecordsAcrossARestart() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir, 0, Map.of())) {
            TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of("t"), 2, Map.of());
            try (var producer = new KafkaProducer<>(
                    Map.<String, Object>of(
                            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            kafka.bootstrapServers(),
                            ProducerConfig.ACKS_CONFIG,
                            "all"),
                    new StringSerializer(),
                    new StringSerializer())) {
                producer.send(new ProducerRecord<>("t", "k", "v1")).get();
                producer.send(new ProducerRecord<>("t", "k", "v2")).get();
            }
        }
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir, 0, Map.of())) {
            TopicSetup.ensureTopics(kafka.bootstrapServers(), List.of("t"), 2, Map.of());
            assertThat(readAll(kafka.bootstrapServers(), "t", 2)).containsExactly("v1", "v2");
        }
    }

    private static List<String> readAll(String bootstrap, String topic, int expected) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG, "reader",
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            var values = new java.util.ArrayList<String>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
            return values;
        }
    }
}
