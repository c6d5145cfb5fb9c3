package dev.spendline.query.settings;

import dev.spendline.topics.provision.TopicProvisioning;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The Kafka writer behind every settings API ({@code spendline.kafka.bootstrap-servers}), and the
 * topics it writes to, created or checked at start-up ({@link TopicProvisioning}).
 */
@Configuration(proxyBeanMethods = false)
@Import(TopicProvisioning.class)
public class SettingsConfiguration {

    @Bean(destroyMethod = "close")
    SettingsWriter settingsWriter(@Value("${spendline.kafka.bootstrap-servers}") String bootstrapServers) {
        return new SettingsWriter(bootstrapServers, Duration.ofSeconds(10));
    }
}
