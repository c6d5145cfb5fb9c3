package dev.spendline.streams.deadletter;

import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Re-drives dead letters after a fix (docs/operations.md, "Dead letters"): reads {@code
 * spendline.dead-letters.v1} from an offset or a time up to its end as of the start, and writes each
 * record back to the topic and partition it came from, with its original key, value, timestamp
 * (for an event, when the gateway received it, which dedupe and the quota month go by) and
 * headers, without the dead-letter headers. Optionally only one workspace's.
 *
 * <p>Running it twice over the same range writes the records twice: events and usage rows with an
 * identity ({@code source} + {@code externalId}, {@code externalId}) are counted once anyway, by
 * the topology's dedupe, as long as they are within the dedupe horizon of their timestamp;
 * settings records (budgets, revenue, snoozes, guardrails) are keyed and simply written again;
 * events without an identity would count twice. Hence the printed end offsets: the next run
 * starts there.
 */
public final class DeadLetterRedrive {

    /** The topics a dead letter may go back to: Spendline's inputs, never the dead letters themselves. */
    private static final Set<String> REDRIVABLE = Stream.of(Topics.INPUTS, Topics.SETTINGS)
            .flatMap(List::stream)
            .map(Topic::name)
            .collect(Collectors.toUnmodifiableSet());

    private static final Duration POLL = Duration.ofMillis(500);

    /**
     * @param fromOffset the offset to start from in every partition; null for the beginning (or {@code since})
     * @param since only dead letters whose record is at least this recent; null for all
     * @param workspace only this workspace's dead letters; null for all
     * @param dryRun print what would be re-driven, write nothing
     */
    public record Options(Long fromOffset, Instant since, String workspace, boolean dryRun) {}

    /** What a run did. {@code endOffsets}: where a next run should start, per partition. */
    public record Result(Map<String, Integer> redrivenByTopic, int skipped, Map<Integer, Long> endOffsets) {

        public int redriven() {
            return redrivenByTopic.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final Map<String, Object> clientConfig;

    /** @param clientConfig how to reach the cluster: bootstrap servers, security settings */
    public DeadLetterRedrive(Map<String, Object> clientConfig) {
        this.clientConfig = Map.copyOf(clientConfig);
    }

    public Result run(Options options, PrintWriter out) {
        Map<String, Object> consumerConfig = new HashMap<>(clientConfig);
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Only dead letters of committed transactions: an aborted one was never a skip.
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        Map<String, Object> producerConfig = new HashMap<>(clientConfig);
        producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
        producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        try (KafkaConsumer<byte[], byte[]> consumer =
                        new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer());
                KafkaProducer<byte[], byte[]> producer =
                        new KafkaProducer<>(producerConfig, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(DeadLetters.TOPIC).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            seek(consumer, partitions, options);
            Map<String, Integer> redriven = new TreeMap<>();
            int skipped = 0;
            while (!caughtUp(consumer, end)) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.offset() >= end.get(new TopicPartition(record.topic(), record.partition()))) {
                        continue;
                    }
                    String workspace = DeadLetters.header(record.headers(), DeadLetters.HEADER_WORKSPACE);
                    if (workspace == null) {
                        workspace = DeadLetters.workspaceOf(record.key());
                    }
                    if (options.workspace() != null && !options.workspace().equals(workspace)) {
                        continue;
                    }
                    String topic = DeadLetters.header(record.headers(), DeadLetters.HEADER_TOPIC);
                    Integer partition = partitionOf(record);
                    if (topic == null || !REDRIVABLE.contains(topic)) {
                        out.printf(
                                "skipped %d/%d: no Spendline input topic to return to (%s)%n",
                                record.partition(), record.offset(), topic);
                        skipped++;
                        continue;
                    }
                    if (!options.dryRun()) {
                        producer.send(new ProducerRecord<>(
                                topic, partition, record.timestamp(), record.key(), record.value(), original(record)));
                    }
                    out.printf(
                            "%s %d/%d (workspace %s, %s: %s) to %s%n",
                            options.dryRun() ? "would re-drive" : "re-drove",
                            record.partition(),
                            record.offset(),
                            workspace,
                            DeadLetters.header(record.headers(), DeadLetters.HEADER_REASON),
                            DeadLetters.header(record.headers(), DeadLetters.HEADER_MESSAGE),
                            topic);
                    redriven.merge(topic, 1, Integer::sum);
                }
            }
            producer.flush();
            Map<Integer, Long> endOffsets = new TreeMap<>();
            end.forEach((tp, offset) -> endOffsets.put(tp.partition(), offset));
            return new Result(redriven, skipped, endOffsets);
        }
    }

    private static void seek(KafkaConsumer<byte[], byte[]> consumer, List<TopicPartition> partitions, Options options) {
        if (options.since() != null) {
            Map<TopicPartition, Long> query = new HashMap<>();
            partitions.forEach(tp -> query.put(tp, options.since().toEpochMilli()));
            Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            for (TopicPartition tp : partitions) {
                OffsetAndTimestamp at = found.get(tp);
                consumer.seek(tp, at == null ? end.get(tp) : at.offset());
            }
            return;
        }
        Map<TopicPartition, Long> beginning = consumer.beginningOffsets(partitions);
        for (TopicPartition tp : partitions) {
            long from = options.fromOffset() == null ? 0 : options.fromOffset();
            consumer.seek(tp, Math.max(from, beginning.get(tp)));
        }
    }

    private static boolean caughtUp(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** The partition the record came from: its workspace's, whatever its key looks like. */
    private static Integer partitionOf(ConsumerRecord<byte[], byte[]> record) {
        String partition = DeadLetters.header(record.headers(), DeadLetters.HEADER_PARTITION);
        try {
            return partition == null ? null : Integer.valueOf(partition);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The record's own headers, without those the dead-letter queue added. */
    private static RecordHeaders original(ConsumerRecord<byte[], byte[]> record) {
        List<Header> kept = new ArrayList<>();
        for (Header header : record.headers()) {
            if (!DeadLetters.isDeadLetterHeader(header.key())) {
                kept.add(header);
            }
        }
        return new RecordHeaders(kept);
    }
}
