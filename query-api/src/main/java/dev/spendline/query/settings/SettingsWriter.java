package dev.spendline.query.settings;

import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes settings (revenue, budgets; deletions as tombstones) to their compacted topics and
 * returns only once Kafka acknowledged them. Each record goes to its workspace's partition, the
 * one its events use, so the topology finds settings and costs in the same task.
 */
public final class SettingsWriter implements AutoCloseable {

    private final KafkaProducer<String, byte[]> producer;
    private final Duration timeout;

    public SettingsWriter(String bootstrapServers, Duration timeout) {
        this(KafkaClientSettings.plain(bootstrapServers), timeout);
    }

    /** @param kafka the cluster's address and the client properties its security needs */
    public SettingsWriter(KafkaClientSettings kafka, Duration timeout) {
        Map<String, Object> config = kafka.config();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeout.toMillis());
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        // Kafka refuses a delivery timeout below linger.ms + request.timeout.ms.
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.min(timeout.toMillis() / 2, 30_000));
        this.producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        this.timeout = timeout;
    }

    /**
     * Writes {@code value} (null: a tombstone) under {@code key} to the workspace's partition.
     *
     * @throws SettingsUnavailableException when Kafka did not acknowledge in time
     */
    public <V> void put(Topic<String, V> topic, String workspaceId, String key, V value) {
        try {
            int partitions = producer.partitionsFor(topic.name()).size();
            byte[] bytes = serialize(topic, value);
            producer.send(new ProducerRecord<>(topic.name(), Topics.partitionOf(workspaceId, partitions), key, bytes))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | org.apache.kafka.common.KafkaException e) {
            throw new SettingsUnavailableException("Kafka did not acknowledge the change to " + topic.name(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettingsUnavailableException("Interrupted while writing to " + topic.name(), e);
        }
    }

    /**
     * Writes every record (null values: tombstones) to the workspace's partition, in order, and
     * returns once Kafka acknowledged all of them. All are sent before any acknowledgement is awaited,
     * so a thousand rows take about as long as one.
     *
     * @throws SettingsUnavailableException when Kafka did not acknowledge every one in time; some
     *     may have been written
     */
    public <V> void putAll(Topic<String, V> topic, String workspaceId, Map<String, V> records) {
        try {
            int partition = Topics.partitionOf(
                    workspaceId, producer.partitionsFor(topic.name()).size());
            List<Future<RecordMetadata>> sent = new ArrayList<>(records.size());
            for (Map.Entry<String, V> record : records.entrySet()) {
                sent.add(producer.send(new ProducerRecord<>(
                        topic.name(), partition, record.getKey(), serialize(topic, record.getValue()))));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            for (Future<RecordMetadata> acknowledged : sent) {
                acknowledged.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (ExecutionException | TimeoutException | org.apache.kafka.common.KafkaException e) {
            throw new SettingsUnavailableException("Kafka did not acknowledge the changes to " + topic.name(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettingsUnavailableException("Interrupted while writing to " + topic.name(), e);
        }
    }

    private static <V> byte[] serialize(Topic<String, V> topic, V value) {
        return value == null ? null : topic.valueSerde().serializer().serialize(topic.name(), value);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
