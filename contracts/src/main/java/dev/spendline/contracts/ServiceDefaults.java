package dev.spendline.contracts;

import java.util.Map;

/**
 * Defaults every separately deployed Spendline service starts with (any of them can be overridden
 * by configuration): its public port, on loopback until an operator sets {@code server.address}
 * (e.g. {@code SERVER_ADDRESS=0.0.0.0} in a container), so nothing is exposed by accident; its
 * internal port (Spring Boot's management server, on
 * loopback unless {@code management.server.address} says otherwise), which serves actuator and the
 * instance-to-instance queries; health with liveness and readiness probes, also on the public port
 * as {@code /livez} and {@code /readyz}; and Prometheus metrics.
 */
public final class ServiceDefaults {

    private ServiceDefaults() {}

    public static Map<String, Object> withPorts(int port, int internalPort) {
        return Map.of(
                "server.port", port,
                "server.address", "127.0.0.1",
                "management.server.port", internalPort,
                "management.server.address", "127.0.0.1",
                "management.endpoint.health.probes.add-additional-paths", "true",
                "management.endpoints.web.exposure.include", "health,info,prometheus,metrics",
                "management.endpoint.health.probes.enabled", "true",
                "management.endpoint.health.show-details", "always");
    }
}
