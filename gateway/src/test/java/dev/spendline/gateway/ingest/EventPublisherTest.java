package dev.spendline.gateway.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.AcceptedEventCodec;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * The gateway's write to Kafka against Kafka's own {@link MockProducer}: each event's bytes are
 * its binary encoding, and a batch completes on the last acknowledgement or fails on the first
 * error.
 */
class EventPublisherTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00.123456789Z");

    /** A producer the template may "close" after each batch, as it closes the factory's shared one. */
    final MockProducer<String, byte[]> producer =
            new MockProducer<>(false, null, new StringSerializer(), new ByteArraySerializer()) {
                @Override
                public void close(Duration timeout) {}
            };

    final EventPublisher publisher = new EventPublisher(new KafkaTemplate<>(() -> producer), Duration.ofSeconds(5));

    static AcceptedEvent event(String externalId, String workspace) {
        return AcceptedEvent.of(
                workspace,
                RECEIVED_AT,
                new ProductEvent(
                        "openai",
                        "gpt-4o-mini",
                        10,
                        2,
                        new BigDecimal("0.00001"),
                        "app",
                        externalId,
                        RECEIVED_AT,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));
    }

    @Test
    void writesEachEventAsItsBinaryEncodingKeyedByWorkspaceAtTheReceiveTime() {
        List<AcceptedEvent> events = List.of(event("a", "ws-1"), event("b", "ws-1"), event("c", "ws-1"));
        CompletableFuture<Void> done =
                publisher.publish(Topics.EVENTS, "ws-1", RECEIVED_AT, events).toFuture();
        awaitSent(3);

        List<ProducerRecord<String, byte[]>> sent = producer.history();
        for (int i = 0; i < 3; i++) {
            ProducerRecord<String, byte[]> record = sent.get(i);
            assertThat(record.topic()).isEqualTo("spendline.events.v1");
            assertThat(record.key()).isEqualTo("ws-1");
            assertThat(record.partition()).isNull();
            assertThat(record.timestamp()).isEqualTo(RECEIVED_AT.toEpochMilli());
            assertThat(record.value()).isEqualTo(AcceptedEventCodec.encode(events.get(i)));
            assertThat(AcceptedEventCodec.decode(record.value())).isEqualTo(events.get(i));
        }
        assertThat(producer.completeNext()).isTrue();
        assertThat(producer.completeNext()).isTrue();
        assertThat(done).isNotDone();
        assertThat(producer.completeNext()).isTrue();
        assertThat(done).succeedsWithin(Duration.ofSeconds(5));
    }

    @Test
    void failsTheBatchOnTheFirstErrorWithoutWaitingForTheRest() {
        CompletableFuture<Void> done = publisher
                .publish(Topics.EVENTS, "ws-1", RECEIVED_AT, List.of(event("a", "ws-1"), event("b", "ws-1")))
                .toFuture();
        awaitSent(2);
        producer.errorNext(new RecordTooLargeException("too large"));

        assertThatThrownBy(() -> done.get(5, java.util.concurrent.TimeUnit.SECONDS))
                .hasCauseExactlyInstanceOf(RecordTooLargeException.class);
    }

    @Test
    void sendsNothingWhenOneEventCannotBeEncoded() {
        AcceptedEvent broken = event("b\uD800", "ws-1");
        CompletableFuture<Void> done = publisher
                .publish(Topics.EVENTS, "ws-1", RECEIVED_AT, List.of(event("a", "ws-1"), broken))
                .toFuture();

        assertThatThrownBy(() -> done.get(5, java.util.concurrent.TimeUnit.SECONDS))
                .hasCauseExactlyInstanceOf(SerializationException.class);
        assertThat(producer.history()).isEmpty();
    }

    @Test
    void writesEncodedRecordsAsTheyAreAndResumesWhereTheCallerAsked() throws Exception {
        byte[][] records = {AcceptedEventCodec.encode(event("a", "ws-3")), AcceptedEventCodec.encode(event("b", "ws-3"))
        };
        java.util.concurrent.ExecutorService loop =
                java.util.concurrent.Executors.newSingleThreadExecutor(task -> new Thread(task, "request-loop"));
        try {
            CompletableFuture<String> resumedOn = publisher
                    .publishEncoded("spendline.events.v1", "ws-3", RECEIVED_AT, records, loop)
                    .then(reactor.core.publisher.Mono.fromCallable(
                            () -> Thread.currentThread().getName()))
                    .toFuture();
            awaitSent(2);
            assertThat(producer.history().get(0).value()).isSameAs(records[0]);
            assertThat(producer.history().get(1).value()).isSameAs(records[1]);
            assertThat(producer.history().get(1).key()).isEqualTo("ws-3");
            producer.completeNext();
            assertThat(resumedOn).isNotDone();
            producer.completeNext(); // on this (the producer's) thread: the caller continues on its loop

            assertThat(resumedOn.get(5, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("request-loop");
        } finally {
            loop.shutdownNow();
        }
    }

    @Test
    void resumesOnTheCallersLoopEvenWhenKafkaAcknowledgedBeforeThePublisherSubscribed() throws Exception {
        // A producer that acknowledges inside send(): the batch is done before the publisher
        // subscribes to its acknowledgements, on the sending thread.
        MockProducer<String, byte[]> acknowledging =
                new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer()) {
                    @Override
                    public void close(Duration timeout) {}
                };
        EventPublisher eager = new EventPublisher(new KafkaTemplate<>(() -> acknowledging), Duration.ofSeconds(5));
        byte[][] records = {AcceptedEventCodec.encode(event("a", "ws-4"))};
        java.util.concurrent.ExecutorService loop =
                java.util.concurrent.Executors.newSingleThreadExecutor(task -> new Thread(task, "request-loop"));
        try {
            String resumedOn = eager.publishEncoded("spendline.events.v1", "ws-4", RECEIVED_AT, records, loop)
                    .then(reactor.core.publisher.Mono.fromCallable(
                            () -> Thread.currentThread().getName()))
                    .block(Duration.ofSeconds(5));

            assertThat(acknowledging.history()).hasSize(1);
            assertThat(resumedOn).isEqualTo("request-loop");
        } finally {
            loop.shutdownNow();
        }
    }

    @Test
    void completesOnTheProducersThreadWhenTheCallersLoopRefusesWork() {
        java.util.concurrent.ExecutorService loop = java.util.concurrent.Executors.newSingleThreadExecutor();
        loop.shutdown(); // an event loop shutting down: the answer must not be lost
        CompletableFuture<Void> done = publisher
                .publishEncoded(
                        "spendline.events.v1",
                        "ws-5",
                        RECEIVED_AT,
                        new byte[][] {AcceptedEventCodec.encode(event("a", "ws-5"))},
                        loop)
                .toFuture();
        awaitSent(1);
        producer.completeNext();

        assertThat(done).succeedsWithin(Duration.ofSeconds(5));
    }

    @Test
    void writesUsageRowsAsTheirTopicsJson() {
        AcceptedUsageRow row = AcceptedUsageRow.of(
                "ws-2",
                RECEIVED_AT,
                new InternalUsageRow(
                        "cursor-admin-export",
                        "Cursor admin export",
                        "billing_export",
                        "cursor",
                        "coding_agent",
                        "grace@example.com",
                        "Grace Hopper",
                        "Platform",
                        "openai",
                        "gpt-5",
                        5000,
                        4000,
                        700,
                        "reported",
                        Instant.parse("2026-11-21T07:00:00Z"),
                        new BigDecimal("0.000015"),
                        "row-42"));
        CompletableFuture<Void> done = publisher
                .publish(Topics.INTERNAL_USAGE, "ws-2", RECEIVED_AT, List.of(row))
                .toFuture();
        awaitSent(1);
        producer.completeNext();

        assertThat(done).succeedsWithin(Duration.ofSeconds(5));
        assertThat(producer.history().get(0).topic()).isEqualTo("spendline.internal-usage.v1");
        assertThat(producer.history().get(0).value()).isEqualTo(Json.MAPPER.writeValueAsBytes(row));
    }

    private void awaitSent(int records) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (producer.history().size() < records) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + producer.history().size() + " of " + records + " sent");
            }
            Thread.onSpinWait();
        }
    }
}
