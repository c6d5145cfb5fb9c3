package dev.spendline.topics.provision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** {@code spendline.kafka.properties.*}: how an operator hands security settings to every Kafka client. */
class KafkaClientSettingsTest {

    @Test
    void environmentVariablesBecomeKafkaClientPropertiesAsDocumented() {
        // As Spring Boot reads the process environment (the source's name selects its mapping rules).
        SystemEnvironmentPropertySource environment = new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                Map.of(
                        "SPENDLINE_KAFKA_BOOTSTRAPSERVERS", "kafka-1:9093",
                        "SPENDLINE_KAFKA_PROPERTIES_SECURITY_PROTOCOL", "SASL_SSL",
                        "SPENDLINE_KAFKA_PROPERTIES_SASL_MECHANISM", "SCRAM-SHA-512",
                        "SPENDLINE_KAFKA_PROPERTIES_SASL_JAAS_CONFIG",
                                "org.apache.kafka.common.security.scram.ScramLoginModule"
                                        + " required username=\"spendline\" password=\"s3cret\";",
                        "SPENDLINE_KAFKA_PROPERTIES_SSL_TRUSTSTORE_LOCATION", "/etc/spendline/truststore.p12"));

        KafkaClientSettings client = new Binder(ConfigurationPropertySources.from(environment))
                .bind("spendline.kafka", KafkaTopicsProperties.class)
                .get()
                .client();

        assertThat(client.config())
                .containsEntry("bootstrap.servers", "kafka-1:9093")
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("ssl.truststore.location", "/etc/spendline/truststore.p12")
                .containsKey("sasl.jaas.config");
        assertThat(client.secured()).isTrue();
        assertThat(client.toString()).contains("sasl.jaas.config").doesNotContain("s3cret");
    }

    @Test
    void withoutPropertiesAClientGetsTheAddressOnly() {
        KafkaClientSettings client = KafkaClientSettings.plain("127.0.0.1:9092");
        assertThat(client.config()).isEqualTo(Map.of("bootstrap.servers", "127.0.0.1:9092"));
        assertThat(client.secured()).isFalse();
    }
}
