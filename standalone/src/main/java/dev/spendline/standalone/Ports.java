package dev.spendline.standalone;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The ports a start will listen on, checked before anything is created: a second Spendline on the
 * same port used to create its data directory, start a broker and fail some 50 s later with a
 * stack trace (issue #31); now it is one line naming the port and the option that changes it.
 */
final class Ports {

    /** A port to listen on (0: any free one, not checked), the option that sets it, and what it is for. */
    record Port(int number, String option, String what) {}

    private Ports() {}

    /** The first problem among {@code ports}, as one line; empty when all can be listened on. */
    static Optional<String> firstInUse(List<Port> ports) {
        Map<Integer, Port> seen = new HashMap<>();
        for (Port port : ports) {
            if (port.number() == 0) {
                continue;
            }
            Port same = seen.putIfAbsent(port.number(), port);
            if (same != null) {
                return Optional.of(same.what() + " and " + port.what().toLowerCase(java.util.Locale.ROOT) + " are both "
                        + port.number() + ": give " + port.option() + " another one.");
            }
            if (!free(port.number())) {
                return Optional.of(port.what() + " " + port.number() + " is in use (another Spendline, or another"
                        + " program): stop it, or choose another port with " + port.option() + ".");
            }
        }
        return Optional.empty();
    }

    /** Whether this process could listen on {@code port} at 127.0.0.1, where Spendline listens. */
    static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            // As the web server binds: a port left in TIME_WAIT by a stopped Spendline counts as free.
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
