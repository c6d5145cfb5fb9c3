package dev.spendline.bench.run;

import dev.spendline.bench.load.EventMix;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Fills a workspace with millions of events for the query benchmark by writing exactly what the
 * gateway writes (an {@link AcceptedEvent} keyed by workspace) straight to {@code
 * spendline.events.v1}: the HTTP path was measured on its own, and this is about 5× quicker.
 * Event times spread over the last 30 days.
 */
final class DatasetLoader {

    private DatasetLoader() {}

    static void load(String bootstrap, String workspaceId, long events, java.util.function.LongConsumer progress) {
        EventMix mix = new EventMix(7, "dataset-" + System.nanoTime(), Duration.ofDays(30));
        AtomicReference<Exception> failure = new AtomicReference<>();
        try (KafkaProducer<String, AcceptedEvent> producer = new KafkaProducer<>(
                RawProducerBench.gatewayProducerSettings(bootstrap),
                new StringSerializer(),
                Topics.EVENTS.valueSerde().serializer())) {
            Instant now = Instant.now();
            for (long i = 0; i < events; i++) {
                AcceptedEvent accepted =
                        AcceptedEvent.of(workspaceId, now, mix.next().toProductEvent(now));
                producer.send(new ProducerRecord<>(Topics.EVENTS.name(), workspaceId, accepted), (m, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    }
                });
                if (i % 500_000 == 0) {
                    progress.accept(i);
                }
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("Loading the dataset failed", failure.get());
        }
    }
}
