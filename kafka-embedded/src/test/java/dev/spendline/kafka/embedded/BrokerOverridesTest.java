package dev.spendline.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerOverridesTest {

    @AfterEach
    void clear() {
        System.clearProperty("spendline.kafka.broker.log.cleaner.enable");
        System.clearProperty("spendline.kafka.broker.");
        System.clearProperty("spendline.kafka.brokerx.num.io.threads");
    }

    @Test
    void systemPropertiesWithThePrefixBecomeBrokerSettingsWithoutIt() {
        System.setProperty("spendline.kafka.broker.log.cleaner.enable", "false");
        System.setProperty("spendline.kafka.broker.", "ignored: no setting name");
        System.setProperty("spendline.kafka.brokerx.num.io.threads", "ignored: another prefix");

        assertThat(EmbeddedKafka.systemPropertyOverrides())
                .containsExactly(java.util.Map.entry("log.cleaner.enable", "false"));
    }
}
