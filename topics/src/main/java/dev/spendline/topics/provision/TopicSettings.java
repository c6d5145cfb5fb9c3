package dev.spendline.topics.provision;

import java.time.Duration;
import java.util.Objects;

/**
 * What Spendline's topics should look like, as configured ({@code spendline.kafka.*}, see
 * {@link KafkaTopicsProperties}).
 *
 * @param partitions partition count of topics created from scratch; topics that exist keep theirs
 * @param replicationFactor null: three, or fewer on a smaller cluster ({@link TopicLayout#forCluster})
 * @param eventsRetention retention of the input topics (events, internal usage): at least the
 *     dedupe horizon, so a resent event is still recognised
 * @param alertsRetention retention of the alert stream kept for outside consumers
 */
public record TopicSettings(
        int partitions, Integer replicationFactor, Duration eventsRetention, Duration alertsRetention) {

    /** Retention of the input topics unless configured: the 35-day dedupe horizon and some margin. */
    public static final Duration DEFAULT_EVENTS_RETENTION = Duration.ofDays(40);

    /** Retention of the alert stream unless configured. */
    public static final Duration DEFAULT_ALERTS_RETENTION = Duration.ofDays(7);

    public TopicSettings {
        if (partitions < 1) {
            throw new IllegalArgumentException("spendline.kafka.partitions must be at least 1, was " + partitions);
        }
        Objects.requireNonNull(eventsRetention, "eventsRetention");
        Objects.requireNonNull(alertsRetention, "alertsRetention");
    }

    /** Default retentions, replication chosen from the cluster size. */
    public static TopicSettings withPartitions(int partitions) {
        return new TopicSettings(partitions, null, DEFAULT_EVENTS_RETENTION, DEFAULT_ALERTS_RETENTION);
    }
}
