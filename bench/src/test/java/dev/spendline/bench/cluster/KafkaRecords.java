package dev.spendline.bench.cluster;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.streams.deadletter.DeadLetters;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * What the cluster's topics hold, read back committed-only, to tell where a workspace that does not
 * match its ledger lost its events: never written (the gateway), written but not counted (the
 * topology), or counted but not answered (the reads). Diagnosis for a failing check, not a check.
 */
final class KafkaRecords {

    private final String bootstrapServers;

    KafkaRecords(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** Distinct event identities on the events topic, per workspace asked for. */
    Map<String, Integer> distinctEvents(Collection<String> workspaces) {
        Map<String, Set<String>> ids = new HashMap<>();
        var deserializer = Topics.EVENTS.valueSerde().deserializer();
        readAll(Topics.EVENTS.name(), record -> {
            if (workspaces.contains(record.key())) {
                try {
                    AcceptedEvent event = deserializer.deserialize(record.topic(), record.value());
                    ids.computeIfAbsent(record.key(), k -> new HashSet<>())
                            .add(event.event().source() + "/" + event.event().externalId());
                } catch (RuntimeException unreadable) {
                    ids.computeIfAbsent(record.key(), k -> new HashSet<>()).add("unreadable@" + record.offset());
                }
            }
        });
        Map<String, Integer> counts = new TreeMap<>();
        workspaces.forEach(w -> counts.put(w, ids.getOrDefault(w, Set.of()).size()));
        return counts;
    }

    /** Dead letters by reason, workspace and exception message (first 160 characters). */
    Map<String, Integer> deadLetters() {
        Map<String, Integer> counts = new TreeMap<>();
        readAll(Topics.DEAD_LETTERS.name(), record -> {
            String message = DeadLetters.header(record.headers(), DeadLetters.HEADER_MESSAGE);
            String line = DeadLetters.header(record.headers(), DeadLetters.HEADER_REASON) + " "
                    + DeadLetters.header(record.headers(), DeadLetters.HEADER_WORKSPACE) + " "
                    + DeadLetters.header(record.headers(), DeadLetters.HEADER_EXCEPTION) + ": "
                    + (message == null ? "" : message.substring(0, Math.min(160, message.length())));
            counts.merge(line, 1, Integer::sum);
        });
        return counts;
    }

    private void readAll(String topic, Consumer<ConsumerRecord<String, byte[]>> each) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                        5_000),
                new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            consumer.partitionsFor(topic).forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))
                    && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(each);
            }
        }
    }
}
