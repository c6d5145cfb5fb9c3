package dev.spendline.gateway.ingest;

import dev.spendline.topics.Topic;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Writes accepted items to Kafka, keyed by workspace id with the receive time as the record
 * timestamp, and completes only when Kafka has acknowledged every one of them (acks=all,
 * idempotent producer). One producer serves both topics so their records share batches.
 */
final class EventPublisher {

    private final KafkaTemplate<String, byte[]> template;
    private final Duration timeout;

    EventPublisher(KafkaTemplate<String, byte[]> template, Duration timeout) {
        this.template = template;
        this.timeout = timeout;
    }

    <V> Mono<Void> publish(Topic<String, V> topic, String workspaceId, Instant receivedAt, List<V> values) {
        // send() can block for metadata or a full buffer, for at most max.block.ms (half the produce
        // timeout): keep that off the event loop. The timeout then bounds waiting for the
        // acknowledgements only, so a late failure of a blocked send is never dropped unseen.
        return Mono.fromCallable(() -> {
                    CompletableFuture<?>[] acks = new CompletableFuture<?>[values.size()];
                    var serializer = topic.valueSerde().serializer();
                    for (int i = 0; i < acks.length; i++) {
                        acks[i] = template.send(new ProducerRecord<>(
                                topic.name(),
                                null,
                                receivedAt.toEpochMilli(),
                                workspaceId,
                                serializer.serialize(topic.name(), values.get(i))));
                    }
                    return CompletableFuture.allOf(acks);
                })
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(acks -> Mono.fromFuture(acks).timeout(timeout))
                .then();
    }
}
