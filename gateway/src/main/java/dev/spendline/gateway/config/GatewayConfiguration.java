package dev.spendline.gateway.config;

import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.gateway.ingest.IngestConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** Everything the gateway needs; imported by {@code GatewayApplication} and by standalone. */
@Configuration(proxyBeanMethods = false)
@Import({ControlPlaneConfiguration.class, IngestConfiguration.class})
public class GatewayConfiguration {}
