package dev.spendline.bench.run;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** How far a consumer group (a Kafka Streams application) is behind the end of its input topics. */
public final class GroupLag {

    private GroupLag() {}

    /** Sum of end offsets of every partition of {@code topic}. */
    static long endOffsets(Admin admin, String topic) throws ExecutionException, InterruptedException {
        return total(endOffsetsByPartition(admin, topic));
    }

    /** The sum of offsets per partition. */
    static long total(Map<TopicPartition, Long> offsets) {
        return offsets.values().stream().mapToLong(Long::longValue).sum();
    }

    public static Map<TopicPartition, Long> endOffsetsByPartition(Admin admin, String topic)
            throws ExecutionException, InterruptedException {
        var partitions = admin.describeTopics(java.util.List.of(topic))
                .allTopicNames()
                .get()
                .get(topic)
                .partitions();
        Map<TopicPartition, OffsetSpec> request = partitions.stream()
                .collect(Collectors.toMap(p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
        return admin.listOffsets(request).all().get().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    /** Records of {@code topic} the group has not committed yet (end offsets minus committed). */
    public static long lag(Admin admin, String groupId, String topic) throws ExecutionException, InterruptedException {
        Map<TopicPartition, Long> ends = endOffsetsByPartition(admin, topic);
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(groupId)
                .partitionsToOffsetAndMetadata()
                .get();
        long lag = 0;
        for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
            OffsetAndMetadata c = committed.get(end.getKey());
            lag += end.getValue() - (c == null ? 0 : c.offset());
        }
        return lag;
    }

    /**
     * Waits until the group has caught up with {@code topic}; under exactly-once the committed
     * offset may stop one short of the end (the last transaction marker), so a lag up to the number
     * of partitions counts as caught up. Returns the time it took.
     */
    public static Duration awaitCaughtUp(Admin admin, String groupId, String topic, Duration timeout, Progress progress)
            throws ExecutionException, InterruptedException {
        int partitions = endOffsetsByPartition(admin, topic).size();
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            long lag = lag(admin, groupId, topic);
            progress.report(lag);
            if (lag <= partitions) {
                return Duration.ofNanos(System.nanoTime() - start);
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(groupId + " did not catch up with " + topic + " within " + timeout);
    }

    public interface Progress {
        void report(long lag);
    }
}
