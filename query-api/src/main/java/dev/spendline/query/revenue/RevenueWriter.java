package dev.spendline.query.revenue;

import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.contracts.topic.Topics;
import java.time.Duration;
import java.time.YearMonth;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes revenue rows (and deletions, as tombstones) to the compacted revenue topic and returns
 * only once Kafka acknowledged them. Each record goes to its workspace's partition, the one its
 * events use, so the topology finds revenue and cost in the same task.
 */
public final class RevenueWriter implements AutoCloseable {

    private final KafkaProducer<String, byte[]> producer;
    private final Duration timeout;

    public RevenueWriter(String bootstrapServers, Duration timeout) {
        this.producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.MAX_BLOCK_MS_CONFIG,
                        timeout.toMillis(),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        (int) timeout.toMillis(),
                        // Kafka refuses a delivery timeout below linger.ms + request.timeout.ms.
                        ProducerConfig.LINGER_MS_CONFIG,
                        0,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        (int) Math.min(timeout.toMillis() / 2, 30_000)),
                new StringSerializer(),
                new ByteArraySerializer());
        this.timeout = timeout;
    }

    public void put(RevenueRow row) {
        send(row.workspaceId(), RevenueRow.key(row.workspaceId(), row.tenantId(), YearMonth.parse(row.month())), row);
    }

    public void delete(String workspaceId, String tenantId, YearMonth month) {
        send(workspaceId, RevenueRow.key(workspaceId, tenantId, month), null);
    }

    private void send(String workspaceId, String key, RevenueRow row) {
        String topic = Topics.REVENUE.name();
        try {
            int partitions = producer.partitionsFor(topic).size();
            byte[] value = row == null
                    ? null
                    : Topics.REVENUE.valueSerde().serializer().serialize(topic, row);
            producer.send(new ProducerRecord<>(topic, Topics.partitionOf(workspaceId, partitions), key, value))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | org.apache.kafka.common.KafkaException e) {
            throw new RevenueUnavailableException("Kafka did not acknowledge the revenue change", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RevenueUnavailableException("Interrupted while writing revenue", e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
