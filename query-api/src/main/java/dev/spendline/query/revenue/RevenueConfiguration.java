package dev.spendline.query.revenue;

import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** Customer revenue settings: written to Kafka ({@code spendline.kafka.bootstrap-servers}). */
@Configuration(proxyBeanMethods = false)
@Import({RevenueSettingsController.class, RevenueErrorHandler.class})
public class RevenueConfiguration {

    @Bean(destroyMethod = "close")
    RevenueWriter revenueWriter(@Value("${spendline.kafka.bootstrap-servers}") String bootstrapServers) {
        return new RevenueWriter(bootstrapServers, Duration.ofSeconds(10));
    }
}
