package dev.spendline.bench.load;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.topics.NativeLz4;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes the seeded event mix straight to {@code spendline.events.v1}, as the gateway would have
 * accepted it: input for measuring the topology alone, without HTTP in the way.
 */
public final class EventProducer {

    private EventProducer() {}

    /**
     * @param workspacePrefix workspace ids are this prefix and a number; events go to the
     *     workspaces in turn
     * @param anchor event times are spread back from here over {@code spread}; record times are
     *     one millisecond apart from it
     */
    public static void produce(
            String bootstrap,
            long events,
            int workspaces,
            String workspacePrefix,
            long seed,
            Instant anchor,
            Duration spread) {
        produce(bootstrap, events, workspaces, workspacePrefix, seed, anchor, spread, true);
    }

    /** As above; with {@code costKnown} false every event is sent with {@code costUsd} 0. */
    public static void produce(
            String bootstrap,
            long events,
            int workspaces,
            String workspacePrefix,
            long seed,
            Instant anchor,
            Duration spread,
            boolean costKnown) {
        EventMix mix = new EventMix(seed, workspacePrefix, spread, anchor, "t");
        Map<String, Object> config = dev.spendline.bench.BenchKafka.config(bootstrap);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.LINGER_MS_CONFIG, 20);
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        // One request in flight: the profile produces right after creating the topic, and with
        // several in flight the broker (Kafka 4.2) can reject the first request (the partition is
        // not yet led), append the second to the empty partition, then refuse every retry of the
        // first as out of order until delivery.timeout.ms (KAFKA-15591). A profile run failed so.
        config.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1);
        NativeLz4.load(); // as the gateway does: the reference uses the same compressor
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, AcceptedEvent> producer = new KafkaProducer<>(
                config, new StringSerializer(), Topics.EVENTS.valueSerde().serializer())) {
            for (long i = 0; i < events; i++) {
                String workspace = workspacePrefix + (i % workspaces);
                Instant receivedAt = anchor.plusMillis(i);
                AcceptedEvent accepted =
                        AcceptedEvent.of(workspace, receivedAt, mix.next().toProductEvent(receivedAt, costKnown));
                producer.send(
                        new ProducerRecord<>(
                                Topics.EVENTS.name(), null, receivedAt.toEpochMilli(), workspace, accepted),
                        (m, e) -> {
                            if (e != null) {
                                failure.compareAndSet(null, e);
                            }
                        });
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("Producing the input failed", failure.get());
        }
    }
}
