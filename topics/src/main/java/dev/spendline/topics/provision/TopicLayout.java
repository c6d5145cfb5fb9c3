package dev.spendline.topics.provision;

/**
 * How Spendline's topics are laid out on the cluster: the partition count they all share and the
 * replication chosen for them. Kafka Streams gives its internal topics (changelogs, repartition)
 * the same replication factor and {@code min.insync.replicas}.
 *
 * @param partitions the partition count of every Spendline topic
 * @param replicationFactor replicas of every partition
 * @param minInsyncReplicas replicas that must have a write before an {@code acks=all} producer is
 *     answered
 */
public record TopicLayout(int partitions, short replicationFactor, int minInsyncReplicas) {

    /** The replication factor a cluster of this size gets when none is configured. */
    static final int DEFAULT_REPLICATION_FACTOR = 3;

    public TopicLayout {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException("replication factor must be at least 1, was " + replicationFactor);
        }
        if (minInsyncReplicas < 1 || minInsyncReplicas > replicationFactor) {
            throw new IllegalArgumentException("min.insync.replicas must be between 1 and the replication factor "
                    + replicationFactor + ", was " + minInsyncReplicas);
        }
    }

    /**
     * The layout for a cluster of {@code brokers}: three replicas when there are three brokers or
     * more (one broker can be lost, or restarted, while writes go on), otherwise one per broker;
     * unless {@code configuredReplicationFactor} says otherwise. Two replicas in sync once there
     * are three, so an acknowledged write survives the loss of any one broker; one below that,
     * because a single broker or a pair could not accept writes during a restart otherwise.
     *
     * @param configuredReplicationFactor null chooses automatically
     * @throws IllegalStateException if more replicas are configured than there are brokers
     */
    public static TopicLayout forCluster(int brokers, int partitions, Integer configuredReplicationFactor) {
        if (brokers < 1) {
            throw new IllegalStateException("The Kafka cluster reports no broker");
        }
        int replicationFactor;
        if (configuredReplicationFactor == null) {
            replicationFactor = Math.min(DEFAULT_REPLICATION_FACTOR, brokers);
        } else if (configuredReplicationFactor < 1) {
            throw new IllegalStateException(
                    "spendline.kafka.replication-factor must be at least 1, was " + configuredReplicationFactor);
        } else if (configuredReplicationFactor > brokers) {
            throw new IllegalStateException("spendline.kafka.replication-factor is " + configuredReplicationFactor
                    + " but the Kafka cluster has " + brokers + " broker(s): a partition cannot have more"
                    + " replicas than there are brokers");
        } else {
            replicationFactor = configuredReplicationFactor;
        }
        return new TopicLayout(partitions, (short) replicationFactor, minInsyncReplicasFor(replicationFactor));
    }

    static int minInsyncReplicasFor(int replicationFactor) {
        return replicationFactor >= DEFAULT_REPLICATION_FACTOR ? 2 : 1;
    }
}
