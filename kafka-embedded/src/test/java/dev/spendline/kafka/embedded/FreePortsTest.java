package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void portsAreBelowEveryEphemeralRangeBindableAndNeverHandedOutTwice() throws Exception {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int port = FreePorts.loopback();
            assertThat(port).isBetween(FreePorts.FROM, FreePorts.TO - 1).isLessThan(32_768);
            assertThat(seen.add(port)).as("handed out twice: %d", port).isTrue();
        }
        int port = FreePorts.loopback();
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            assertThat(server.getLocalPort()).isEqualTo(port);
        }
    }
}
