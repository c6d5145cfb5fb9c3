package dev.spendline.kafka.embedded;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Where one embedded node sits in its KRaft quorum: its id, its controller port, every voter
 * ({@code controller.quorum.voters}) and the cluster id its log directory is formatted with.
 * Every node is a combined broker and controller, as in {@code compose/}.
 *
 * @param clusterId the same for every node of a cluster; null formats a single node with a new one
 */
public record ClusterMembership(int nodeId, int controllerPort, String voters, String clusterId) {

    /** A quorum of one: the standalone and most tests. */
    public static ClusterMembership single(int controllerPort) {
        return new ClusterMembership(1, controllerPort, "1@127.0.0.1:" + controllerPort, null);
    }

    /**
     * Node {@code nodeId} (1-based) of a cluster whose controllers listen on {@code controllerPorts}
     * (node i on port i-1).
     */
    public static ClusterMembership of(int nodeId, List<Integer> controllerPorts, String clusterId) {
        String voters = IntStream.range(0, controllerPorts.size())
                .mapToObj(i -> (i + 1) + "@127.0.0.1:" + controllerPorts.get(i))
                .collect(Collectors.joining(","));
        return new ClusterMembership(nodeId, controllerPorts.get(nodeId - 1), voters, clusterId);
    }

    public int voterCount() {
        return voters.split(",").length;
    }

    /** Replicas of the internal topics and the default for new topics: 3 on a cluster, 1 alone. */
    public int replicationFactor() {
        return Math.min(3, voterCount());
    }

    /** With 3 replicas, a write needs 2 in sync: one node may be down and nothing acknowledged is lost. */
    public int minInSyncReplicas() {
        return replicationFactor() >= 3 ? 2 : 1;
    }
}
