package dev.spendline.kafka.embedded;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs one {@link EmbeddedKafka} node as a process of its own, so that fault tests can SIGKILL and
 * restart a broker while Spendline's services keep running.
 *
 * <p>Usage: {@code KafkaNodeMain <log dir> <port>} for a single node, or {@code KafkaNodeMain <log
 * dir> <port> <node id> <controller ports, comma-separated> <cluster id>} for node {@code node id}
 * of a cluster (start every node; each is ready once a majority of them runs). Prints {@value
 * #READY} and the bootstrap address once the broker answers; stops the broker cleanly on SIGTERM.
 */
public final class KafkaNodeMain {

    public static final String READY = "Kafka node ready at ";

    private KafkaNodeMain() {}

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2 && args.length != 5) {
            System.err.println("Usage: KafkaNodeMain <log dir> <port> [<node id> <controller ports> <cluster id>]");
            System.exit(2);
        }
        Path logDir = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        EmbeddedKafka kafka;
        if (args.length == 2) {
            kafka = EmbeddedKafka.start(logDir, port, Map.of());
        } else {
            List<Integer> controllerPorts =
                    Arrays.stream(args[3].split(",")).map(Integer::parseInt).toList();
            kafka = EmbeddedKafka.start(
                    logDir, port, ClusterMembership.of(Integer.parseInt(args[2]), controllerPorts, args[4]), Map.of());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "kafka-node-shutdown"));
        System.out.println(READY + kafka.bootstrapServers());
        System.out.flush();
        Thread.currentThread().join();
    }
}
