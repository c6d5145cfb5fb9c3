package dev.spendline.streams.app;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the streams application ({@code spendline.streams.*}); every property is
 * listed in the README.
 *
 * @param applicationId the Kafka Streams application id: consumer group and prefix of internal topics
 * @param stateDir where RocksDB state lives
 * @param processingGuarantee {@code exactly_once_v2} (default) or {@code at_least_once}
 * @param commitInterval how often results are committed, and so visible, while the stream keeps up
 * @param catchUpCommitInterval how often while it works off a backlog: while the records it
 *     processes were accepted longer ago than this ({@code CommitPacing})
 * @param dedupeHorizon how long a (source, externalId) identity is remembered
 * @param advertisedUrl how other instances reach this one's HTTP server for forwarded queries;
 *     empty means http://127.0.0.1:{server port}
 * @param instanceId a stable id per instance enables static group membership: a restarted
 *     instance (after a crash too) takes back its partitions at once instead of waiting for its old
 *     session to expire. Must be unique per running instance; empty disables it.
 * @param sessionTimeout how long the group waits for a silent instance before reassigning its work
 */
@ConfigurationProperties("spendline.streams")
public record StreamsProperties(
        @DefaultValue("spendline-streams") String applicationId,
        @DefaultValue("${java.io.tmpdir}/spendline-streams") String stateDir,
        @DefaultValue("exactly_once_v2") String processingGuarantee,
        @DefaultValue("100ms") Duration commitInterval,
        @DefaultValue("1s") Duration catchUpCommitInterval,
        @DefaultValue("1") int numStreamThreads,
        @DefaultValue("0") int numStandbyReplicas,
        @DefaultValue("33554432") long cacheMaxBytes,
        @DefaultValue("35d") Duration dedupeHorizon,
        String advertisedUrl,
        String instanceId,
        @DefaultValue("15s") Duration sessionTimeout,
        @DefaultValue("20") int queryAttempts,
        @DefaultValue("250ms") Duration queryBackoff) {}
