package dev.spendline.streams.app;

import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.context.annotation.Import;

/**
 * The internal port is Spring Boot's management server ({@code management.server.port} and
 * {@code .address}, loopback unless configured): actuator and the instance-to-instance query
 * route live there, in the management child context, and nowhere else. The public port has no
 * handler for {@code /internal/**} at all. Registered in
 * {@code META-INF/spring/...ManagementContextConfiguration.imports}; loaded only when the
 * management port differs from the server port, which {@link StreamsConfiguration} requires.
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@Import(InternalQueryController.class)
public class InternalPortConfiguration {}
