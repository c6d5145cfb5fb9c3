package dev.spendline.gateway.config;

import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.gateway.ingest.IngestConfiguration;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** Everything the gateway needs; imported by {@code GatewayApplication} and by standalone. */
@Configuration(proxyBeanMethods = false)
@Import({ControlPlaneConfiguration.class, IngestConfiguration.class})
public class GatewayConfiguration {

    /** The one clock of the application; a test registers its own {@link Clock} bean to move time. */
    @Bean
    @ConditionalOnMissingBean(Clock.class)
    Clock clock() {
        return Clock.systemUTC();
    }
}
