package dev.spendline.kafka.embedded;

import java.nio.file.Path;
import java.util.Map;

/**
 * Runs one {@link EmbeddedKafka} node as a process of its own, so that fault tests can SIGKILL and
 * restart the broker while Spendline's services keep running.
 *
 * <p>Usage: {@code KafkaNodeMain <log dir> <port>}. Prints {@value #READY} and the bootstrap
 * address once the broker answers; stops the broker cleanly on SIGTERM.
 */
public final class KafkaNodeMain {

    public static final String READY = "Kafka node ready at ";

    private KafkaNodeMain() {}

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("Usage: KafkaNodeMain <log dir> <port>");
            System.exit(2);
        }
        EmbeddedKafka kafka = EmbeddedKafka.start(Path.of(args[0]), Integer.parseInt(args[1]), Map.of());
        Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "kafka-node-shutdown"));
        System.out.println(READY + kafka.bootstrapServers());
        System.out.flush();
        Thread.currentThread().join();
    }
}
