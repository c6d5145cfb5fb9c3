package dev.spendline.streams.deadletter;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What both exception handlers do with the dead letters Kafka Streams built for them: send each to
 * the partition its source record came from (every Spendline topic has the same partition count
 * and every record sits in its workspace's partition, so the dead letter lands in the partition the
 * workspace's count and queries live in, whatever its key looks like), add the reason and the
 * workspace as headers, and count it in {@code spendline_dead_letters_total{topic,reason}}.
 */
final class DeadLetterSink {

    /**
     * The Kafka Streams configuration key under which {@code StreamsRunner} hands the handlers the
     * application's {@link MeterRegistry} (Kafka Streams instantiates handlers itself and passes
     * them the configuration; without one, Micrometer's global registry counts).
     */
    static final String METER_REGISTRY_CONFIG = "spendline.dead-letters.meter-registry";

    static final String METRIC = "spendline.dead.letters";

    private static final Logger log = LoggerFactory.getLogger(DeadLetterSink.class);

    private final MeterRegistry registry;

    private DeadLetterSink(MeterRegistry registry) {
        this.registry = registry;
    }

    static DeadLetterSink configured(Map<String, ?> configs) {
        Object registry = configs.get(METER_REGISTRY_CONFIG);
        return new DeadLetterSink(registry instanceof MeterRegistry r ? r : Metrics.globalRegistry);
    }

    /**
     * The dead letters to send for the record of {@code context} whose key was {@code rawKey},
     * counted; {@code built} as Kafka Streams made them.
     */
    List<ProducerRecord<byte[], byte[]>> route(
            ErrorHandlerContext context,
            byte[] rawKey,
            List<ProducerRecord<byte[], byte[]>> built,
            String reason,
            Exception e) {
        String topic = context.topic();
        String workspace = DeadLetters.workspaceOf(rawKey);
        log.warn(
                "Set aside the record of {} partition {} offset {} (workspace {}, reason {}) on {}: {}",
                topic,
                context.partition(),
                context.offset(),
                workspace,
                reason,
                DeadLetters.TOPIC,
                e.toString());
        counter(topic, reason).increment();
        List<ProducerRecord<byte[], byte[]>> routed = new ArrayList<>(built.size());
        for (ProducerRecord<byte[], byte[]> record : built) {
            RecordHeaders headers = new RecordHeaders();
            for (Header header : record.headers()) {
                headers.add(header);
            }
            headers.add(DeadLetters.HEADER_REASON, reason.getBytes(StandardCharsets.UTF_8));
            if (workspace != null) {
                headers.add(DeadLetters.HEADER_WORKSPACE, workspace.getBytes(StandardCharsets.UTF_8));
            }
            routed.add(new ProducerRecord<>(
                    record.topic(),
                    context.partition() >= 0 ? context.partition() : null,
                    record.timestamp(),
                    record.key(),
                    record.value(),
                    headers));
        }
        return routed;
    }

    /** Counts a failure that produces no dead letter (a punctuation, or the dead-letter topic itself). */
    void countOnly(String topic, String reason, Exception e) {
        log.error("Processing failed outside of an input record ({}); skipped: {}", topic, e.toString(), e);
        counter(topic, reason).increment();
    }

    private Counter counter(String topic, String reason) {
        return Counter.builder(METRIC)
                .description("Records set aside on " + DeadLetters.TOPIC + " instead of stopping the topology")
                .tag("topic", topic == null ? "none" : topic)
                .tag("reason", reason)
                .register(registry);
    }
}
