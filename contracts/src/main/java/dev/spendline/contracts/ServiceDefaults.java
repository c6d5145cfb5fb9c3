package dev.spendline.contracts;

import java.util.Map;

/**
 * Defaults every separately deployed Spendline service starts with (any of them can be overridden
 * by configuration): its port, health with liveness and readiness probes, and Prometheus metrics.
 */
public final class ServiceDefaults {

    private ServiceDefaults() {}

    public static Map<String, Object> withPort(int port) {
        return Map.of(
                "server.port", port,
                "management.endpoints.web.exposure.include", "health,info,prometheus,metrics",
                "management.endpoint.health.probes.enabled", "true",
                "management.endpoint.health.show-details", "always");
    }
}
