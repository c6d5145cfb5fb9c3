package dev.spendline.streams.deadletter;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The Kafka Streams configuration that makes every poison record a dead letter instead of a stop:
 * Kafka Streams' dead-letter queue (KIP-1034) on {@code spendline.dead-letters.v1}, and the two
 * handlers that fill it for records that cannot be read and records a stage throws on, for every
 * input of every sub-topology. Production ({@code StreamsRunner}) and the topology tests apply the
 * same configuration.
 */
public final class DeadLetterQueue {

    private DeadLetterQueue() {}

    /** @param registry counts dead letters ({@code spendline_dead_letters_total}); null counts in Micrometer's global registry */
    public static void configure(Properties config, MeterRegistry registry) {
        config.put(StreamsConfig.ERRORS_DEAD_LETTER_QUEUE_TOPIC_NAME_CONFIG, DeadLetters.TOPIC);
        config.put(
                StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG,
                DeadLetterDeserializationExceptionHandler.class.getName());
        config.put(
                StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                DeadLetterProcessingExceptionHandler.class.getName());
        if (registry != null) {
            config.put(DeadLetterSink.METER_REGISTRY_CONFIG, registry);
        }
    }
}
