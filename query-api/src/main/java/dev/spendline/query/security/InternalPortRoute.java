package dev.spendline.query.security;

import org.springframework.http.HttpMethod;

/**
 * A route that an application serves on the internal port in addition to actuator and the
 * instance-to-instance queries (e.g. the standalone's key commands). Declared as a bean; the
 * route authenticates its callers itself, as the queries do: the internal port's chain only lets
 * it through, and still denies every path nobody declared.
 *
 * @param pattern a path pattern ({@code /internal/v1/...})
 */
public record InternalPortRoute(HttpMethod method, String pattern) {}
