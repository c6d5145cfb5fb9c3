package dev.spendline.query.settings;

import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The Kafka writer behind every settings API ({@code spendline.kafka.bootstrap-servers}). */
@Configuration(proxyBeanMethods = false)
public class SettingsConfiguration {

    @Bean(destroyMethod = "close")
    SettingsWriter settingsWriter(@Value("${spendline.kafka.bootstrap-servers}") String bootstrapServers) {
        return new SettingsWriter(bootstrapServers, Duration.ofSeconds(10));
    }
}
