package dev.spendline.gateway.ingest;

import dev.spendline.topics.Topic;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.Serializer;
import org.springframework.kafka.core.KafkaTemplate;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Writes accepted items to Kafka, keyed by workspace id with the receive time as the record
 * timestamp, and completes only when Kafka has acknowledged every one of them (acks=all,
 * idempotent producer). One producer serves both topics so their records share batches.
 *
 * <p>Each item is encoded once, straight into the record value (for events,
 * {@code AcceptedEventCodec}'s binary format, usually by {@link DirectEventReader} while the body is
 * read, else by the topic's serializer here): the producer only passes the bytes on. A batch is
 * encoded whole before its first record is sent, so an item that cannot be encoded
 * writes nothing, and its records share one acknowledgement callback and one future instead of
 * a future per record (issue #29).
 */
final class EventPublisher {

    private final KafkaTemplate<String, byte[]> template;
    private final Duration timeout;

    EventPublisher(KafkaTemplate<String, byte[]> template, Duration timeout) {
        this.template = template;
        this.timeout = timeout;
    }

    <V> Mono<Void> publish(Topic<String, V> topic, String workspaceId, Instant receivedAt, List<V> values) {
        return publish(topic, workspaceId, receivedAt, values, null);
    }

    /**
     * Encodes {@code values} with the topic's serializer, then writes them as
     * {@link #publishEncoded} does.
     */
    <V> Mono<Void> publish(
            Topic<String, V> topic, String workspaceId, Instant receivedAt, List<V> values, Executor resumeOn) {
        return send(topic.name(), workspaceId, receivedAt, resumeOn, () -> {
            Serializer<V> serializer = topic.valueSerde().serializer();
            byte[][] encoded = new byte[values.size()][];
            for (int i = 0; i < encoded.length; i++) {
                encoded[i] = serializer.serialize(topic.name(), values.get(i));
            }
            return encoded;
        });
    }

    /**
     * Writes record values already encoded (the events fast path, {@link DirectEventReader}).
     *
     * @param resumeOn where the caller continues once Kafka acknowledged the last record (the
     *     request's Netty event loop, so that the answer is written there and the producer's one
     *     I/O thread goes back to I/O); null: where the batch ended (as a rule the producer's
     *     thread)
     */
    Mono<Void> publishEncoded(
            String topicName, String workspaceId, Instant receivedAt, byte[][] values, Executor resumeOn) {
        return send(topicName, workspaceId, receivedAt, resumeOn, () -> values);
    }

    private Mono<Void> send(
            String topicName,
            String workspaceId,
            Instant receivedAt,
            Executor resumeOn,
            java.util.concurrent.Callable<byte[][]> values) {
        // send() can block for metadata or a full buffer, for at most max.block.ms (half the produce
        // timeout): keep that off the event loop. The timeout then bounds waiting for the
        // acknowledgements only, so a late failure of a blocked send is never dropped unseen.
        Mono<Void> acknowledged = Mono.fromCallable(() -> {
                    byte[][] encoded = values.call();
                    BatchAck ack = new BatchAck(encoded.length);
                    Long timestamp = receivedAt.toEpochMilli();
                    template.execute(producer -> {
                        for (byte[] value : encoded) {
                            producer.send(new ProducerRecord<>(topicName, null, timestamp, workspaceId, value), ack);
                        }
                        return null;
                    });
                    return ack.done;
                })
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(done -> Mono.fromFuture(done).timeout(timeout))
                .then();
        // The caller continues on resumeOn, whichever thread ended the batch: usually the producer's
        // I/O thread (every request's answer there would be one thread for all of them: about half
        // of it under single events, measured), but the sending thread when every acknowledgement
        // came before it subscribed to them. One hop either way.
        return resumeOn == null ? acknowledged : acknowledged.publishOn(Schedulers.fromExecutor(orHere(resumeOn)));
    }

    /** {@code executor}, or the calling thread once it refuses work (its event loop is shutting down). */
    private static Executor orHere(Executor executor) {
        return task -> {
            try {
                executor.execute(task);
            } catch (RejectedExecutionException shuttingDown) {
                task.run();
            }
        };
    }

    /**
     * The one callback of a batch's records: completes {@link #done} when the last is acknowledged,
     * or fails it with the first error (the producer calls back on its I/O thread, in any order).
     */
    static final class BatchAck implements Callback {

        final CompletableFuture<Void> done = new CompletableFuture<>();
        private final AtomicInteger pending;

        BatchAck(int records) {
            this.pending = new AtomicInteger(records);
            if (records == 0) {
                done.complete(null);
            }
        }

        @Override
        public void onCompletion(RecordMetadata metadata, Exception exception) {
            if (exception != null) {
                done.completeExceptionally(exception);
            } else if (pending.decrementAndGet() == 0) {
                done.complete(null);
            }
        }
    }
}
