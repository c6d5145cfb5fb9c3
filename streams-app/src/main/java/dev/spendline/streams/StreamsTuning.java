package dev.spendline.streams;

import dev.spendline.topics.NativeLz4;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Client settings that matter for Spendline's throughput, shared by the streams app and the
 * benchmark (which applies them to the bare count too, so the comparison stays fair).
 *
 * <p>Each event updates about 28 rollups and one dedupe entry; at a commit every changed key is
 * written to its changelog topic. Those keys repeat long prefixes (workspace, granularity,
 * dimension), so larger lz4 batches shrink the changelog traffic a broker on another machine has
 * to take. On the one-machine benchmark throughput was the same within noise (docs/performance.md).
 *
 * <p>lz4 compresses with the native library where it loads ({@link NativeLz4}): in a Spring Boot
 * jar Kafka would otherwise use the pure-Java compressor.
 *
 * <p>{@code max.task.idle.ms = -1}: the events sub-topology reads six topics (events, budgets,
 * snoozes, guardrails, dead letters, revenue), and with the default (0) Kafka Streams 4.2's
 * {@code PartitionGroup.readyToProcess} formats a log string with {@code String.format} for every
 * empty input partition before every record, whether or not the log level wants it: 9.5 % of the
 * stream thread in issue #29's profile. -1 skips that wait-for-lag check. Nothing here relies on
 * timestamp order across those topics: a budget, guardrail or snooze is applied when it arrives
 * (the budget and guardrail processors re-evaluate from the stored spend then), not by event time.
 */
public final class StreamsTuning {

    private StreamsTuning() {}

    public static void apply(Properties config) {
        NativeLz4.load(); // the changelog and output batches are lz4: see NativeLz4
        config.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "lz4");
        config.put(StreamsConfig.producerPrefix(ProducerConfig.BATCH_SIZE_CONFIG), 256 * 1024);
        config.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 10);
        config.put(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG, StreamsConfig.MAX_TASK_IDLE_MS_DISABLED);
    }
}
