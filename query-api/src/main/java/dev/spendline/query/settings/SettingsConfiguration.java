package dev.spendline.query.settings;

import dev.spendline.topics.provision.KafkaClientSettings;
import dev.spendline.topics.provision.TopicProvisioning;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The Kafka writer behind every settings API ({@code spendline.kafka.bootstrap-servers} and {@code spendline.kafka.properties.*}), and the
 * topics it writes to, created or checked at start-up ({@link TopicProvisioning}).
 */
@Configuration(proxyBeanMethods = false)
@Import(TopicProvisioning.class)
public class SettingsConfiguration {

    @Bean(destroyMethod = "close")
    SettingsWriter settingsWriter(KafkaClientSettings kafka) {
        return new SettingsWriter(kafka, Duration.ofSeconds(10));
    }
}
