package dev.spendline.bench.cluster;

import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;

/**
 * How far the topology has consumed its inputs: the sum of the consumer group's committed offsets
 * on the input topics. Under exactly-once they are committed in the same transaction as the state
 * they produced, so while this sum grows the topology is working off a backlog.
 */
final class StreamsProgress implements AutoCloseable {

    private final Admin admin;
    private final String groupId;
    private final Set<String> inputs = Topics.INPUTS.stream().map(Topic::name).collect(Collectors.toSet());

    StreamsProgress(String bootstrapServers, String groupId) {
        this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers));
        this.groupId = groupId;
    }

    /** The committed input offsets summed over partitions; -1 when the group cannot be read now. */
    long committedInputOffsets() {
        try {
            Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(
                            groupId)
                    .partitionsToOffsetAndMetadata()
                    .get(10, TimeUnit.SECONDS);
            return offsets.entrySet().stream()
                    .filter(e -> inputs.contains(e.getKey().topic()) && e.getValue() != null)
                    .mapToLong(e -> e.getValue().offset())
                    .sum();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        admin.close();
    }
}
