package dev.spendline.gateway.ingest;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Request limits of the ingest endpoints ({@code spendline.ingest.*}).
 *
 * @param maxBodySize larger bodies are refused with 413 before they are parsed
 * @param maxBatchItems the most events (or usage rows) one request may carry; more → 413
 * @param produceTimeout how long to wait for Kafka to acknowledge before answering 503; a request
 *     waits at most 1.5 times this (half for producer metadata or buffer space, then this)
 * @param maxJsonDepth deeper JSON is refused while parsing, so a hostile body cannot exhaust the stack
 */
@ConfigurationProperties("spendline.ingest")
public record IngestLimits(
        @DefaultValue("5MB") DataSize maxBodySize,
        @DefaultValue("1000") int maxBatchItems,
        @DefaultValue("10s") java.time.Duration produceTimeout,
        @DefaultValue("32") int maxJsonDepth) {}
