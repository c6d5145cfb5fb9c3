package dev.spendline.kafka.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A free loopback port for a server to bind a moment later (the embedded broker, the standalone's
 * internal port, a test's services).
 *
 * <p>Why not {@code new ServerSocket(0)}: the port the system hands out is from its ephemeral range
 * (Linux 32768–60999, Windows and macOS 49152–65535), the same range every outgoing connection takes
 * its local port from. Between choosing the port and binding it, a Kafka client's or an HTTP
 * client's connection can take it, and the server then fails to start ("port in use": a fault test
 * lost its standalone so in CI). Ports below both ranges are never handed to outgoing connections,
 * so only another listener could take one; a port is chosen at random among 12,000 of them, is
 * checked by binding, and is not handed out twice by this process.
 */
public final class FreePorts {

    static final int FROM = 20_000;
    static final int TO = 32_000;

    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {}

    /** A loopback port that nothing listens on now and that outgoing connections never take. */
    public static int loopback() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 1_000; attempt++) {
            int port = random.nextInt(FROM, TO);
            if (HANDED_OUT.contains(port)) {
                continue;
            }
            try (ServerSocket socket = new ServerSocket()) {
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            } catch (IOException inUse) {
                continue;
            }
            if (HANDED_OUT.add(port)) {
                return port;
            }
        }
        // Every try was taken (hardly possible): let the system choose, as before.
        try (ServerSocket socket = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free local port", e);
        }
    }
}
