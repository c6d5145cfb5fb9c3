package dev.spendline.streams.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.door.InvalidRecordException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/**
 * The handlers Kafka Streams calls for a poison record: a stage's bug (the NPE of issue #28), a
 * broken invariant and an unreadable record each become one dead letter in the source record's
 * partition, with the reason and workspace, counted; nothing is dead-lettered twice.
 */
class DeadLetterHandlersTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Map<String, Object> config = Map.of(
            StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG,
            DeadLetters.TOPIC,
            DeadLetterSink.METER_REGISTRY_CONFIG,
            registry);

    @Test
    void aStageThatThrowsOnARecordResumesWithOneDeadLetterInTheRecordsPartition() {
        DeadLetterProcessingExceptionHandler handler = new DeadLetterProcessingExceptionHandler();
        handler.configure(config);

        ProcessingExceptionHandler.Response response = handler.handleError(
                context("spendline.events.v1", 3, "ws_1"),
                new Record<>("ws_1", "value", 0L),
                new NullPointerException("ts"));

        assertThat(response.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
        assertThat(response.deadLetterQueueRecords()).singleElement().satisfies(dead -> {
            assertThat(dead.topic()).isEqualTo(DeadLetters.TOPIC);
            assertThat(dead.partition()).isEqualTo(3);
            assertThat(dead.key()).isEqualTo("ws_1".getBytes(StandardCharsets.UTF_8));
            assertThat(header(dead, DeadLetters.HEADER_REASON)).isEqualTo(DeadLetters.REASON_FAILED);
            assertThat(header(dead, DeadLetters.HEADER_WORKSPACE)).isEqualTo("ws_1");
            assertThat(header(dead, DeadLetters.HEADER_EXCEPTION)).isEqualTo(NullPointerException.class.getName());
            assertThat(header(dead, DeadLetters.HEADER_OFFSET)).isEqualTo("42");
            assertThat(header(dead, "traceparent")).isEqualTo("t-1");
        });
        assertThat(registry.counter(DeadLetterSink.METRIC, "topic", "spendline.events.v1", "reason", "failed")
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void aBrokenInvariantIsReasonInvalidAndASettingsKeyNamesItsWorkspace() {
        DeadLetterProcessingExceptionHandler handler = new DeadLetterProcessingExceptionHandler();
        handler.configure(config);

        ProcessingExceptionHandler.Response response = handler.handleError(
                context("spendline.budgets.v1", 1, "ws_2\u0000bud_1"),
                new Record<>("ws_2\u0000bud_1", "value", 0L),
                new InvalidRecordException("no ts"));

        assertThat(response.deadLetterQueueRecords()).singleElement().satisfies(dead -> {
            assertThat(header(dead, DeadLetters.HEADER_REASON)).isEqualTo(DeadLetters.REASON_INVALID);
            assertThat(header(dead, DeadLetters.HEADER_WORKSPACE)).isEqualTo("ws_2");
            assertThat(dead.partition()).isEqualTo(1);
        });
    }

    @Test
    void aFailureOnTheDeadLettersOrInAPunctuationIsCountedNotDeadLettered() {
        DeadLetterProcessingExceptionHandler handler = new DeadLetterProcessingExceptionHandler();
        handler.configure(config);

        ProcessingExceptionHandler.Response onDeadLetters = handler.handleError(
                context(DeadLetters.TOPIC, 0, "ws_1"), new Record<>("ws_1", "v", 0L), new IllegalStateException());
        ProcessingExceptionHandler.Response inPunctuation =
                handler.handleError(context(null, -1, null), null, new IllegalStateException());

        assertThat(onDeadLetters.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
        assertThat(onDeadLetters.deadLetterQueueRecords()).isEmpty();
        assertThat(inPunctuation.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
        assertThat(inPunctuation.deadLetterQueueRecords()).isEmpty();
    }

    @Test
    void anUnreadableRecordIsReasonUnreadable() {
        DeadLetterDeserializationExceptionHandler handler = new DeadLetterDeserializationExceptionHandler();
        handler.configure(config);
        ConsumerRecord<byte[], byte[]> raw = new ConsumerRecord<>(
                "spendline.internal-usage.v1",
                2,
                7L,
                "ws_3".getBytes(StandardCharsets.UTF_8),
                "{not json".getBytes(StandardCharsets.UTF_8));

        DeserializationExceptionHandler.Response response = handler.handleError(
                context("spendline.internal-usage.v1", 2, "ws_3", "{not json"),
                raw,
                new IllegalArgumentException("not JSON"));

        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
        assertThat(response.deadLetterQueueRecords()).singleElement().satisfies(dead -> {
            assertThat(new String(dead.value(), StandardCharsets.UTF_8)).isEqualTo("{not json");
            assertThat(dead.partition()).isEqualTo(2);
            assertThat(header(dead, DeadLetters.HEADER_REASON)).isEqualTo(DeadLetters.REASON_UNREADABLE);
            assertThat(header(dead, DeadLetters.HEADER_WORKSPACE)).isEqualTo("ws_3");
        });
    }

    private static String header(ProducerRecord<byte[], byte[]> record, String name) {
        return DeadLetters.header(record.headers(), name);
    }

    private static ErrorHandlerContext context(String topic, int partition, String key) {
        return context(topic, partition, key, "value");
    }

    /** As Kafka Streams builds it: the raw key and value are the source record's. */
    private static ErrorHandlerContext context(String topic, int partition, String key, String rawValue) {
        RecordHeaders headers = new RecordHeaders();
        headers.add("traceparent", "t-1".getBytes(StandardCharsets.UTF_8));
        return new ErrorHandlerContext() {
            @Override
            public String topic() {
                return topic;
            }

            @Override
            public int partition() {
                return partition;
            }

            @Override
            public long offset() {
                return 42;
            }

            @Override
            public Headers headers() {
                return headers;
            }

            @Override
            public String processorNodeId() {
                return "events-rollup";
            }

            @Override
            public TaskId taskId() {
                return new TaskId(0, Math.max(partition, 0));
            }

            @Override
            public long timestamp() {
                return 1_000L;
            }

            @Override
            public byte[] sourceRawKey() {
                return key == null ? null : key.getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public byte[] sourceRawValue() {
                return rawValue.getBytes(StandardCharsets.UTF_8);
            }
        };
    }
}
