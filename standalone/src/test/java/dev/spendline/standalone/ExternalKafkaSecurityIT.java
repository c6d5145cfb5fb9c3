package dev.spendline.standalone;

import static dev.spendline.standalone.SpendlineHttp.calls;
import static dev.spendline.standalone.SpendlineHttp.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.kafka.embedded.BrokerCredentials;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.kafka.embedded.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spendline against an external cluster that requires SASL, configured only through the documented
 * {@code spendline.kafka.properties.*}: the gateway's producer, Kafka Streams, the settings producer
 * and the topic provisioner all log in. Without them start-up fails and says where they go.
 */
class ExternalKafkaSecurityIT {

    private static BrokerCredentials credentials;
    private static EmbeddedKafka kafka;

    @BeforeAll
    static void startBroker() throws Exception {
        credentials = BrokerCredentials.generate("spendline-ext");
        kafka = EmbeddedKafka.startSecured(
                Files.createTempDirectory(Path.of("target"), "sasl-kafka"), 0, credentials, Map.of());
    }

    @AfterAll
    static void stopBroker() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void everyKafkaClientLogsInWithTheDocumentedProperties() throws Exception {
        Map<String, Object> properties = new HashMap<>();
        credentials
                .clientProperties()
                .forEach((key, value) -> properties.put("spendline.kafka.properties." + key, value));
        try (Standalone spendline = Standalone.start(
                Files.createTempDirectory(Path.of("target"), "sasl-standalone"),
                FreePorts.loopback(),
                kafka.bootstrapServers(),
                0,
                2,
                properties)) {
            SpendlineHttp http = new SpendlineHttp(spendline.baseUrl());
            String key = spendline.firstKey().orElseThrow().secret();

            assertThat(http.post("/api/v1/events", key, event("sasl-1", "search", "0.0042"))
                            .status())
                    .isEqualTo(202);
            assertThat(calls(http.awaitReport(key, Duration.ofSeconds(30), r -> calls(r) == 1)))
                    .as("produced by the gateway, counted by Kafka Streams")
                    .isEqualTo(1);
            String month = YearMonth.now(ZoneOffset.UTC).toString();
            SpendlineHttp.Response revenue =
                    http.put("/api/v1/settings/revenue/acme/" + month, key, "{\"amountUsd\": 1250.00}");
            assertThat(revenue.status()).as("written by the settings producer").isEqualTo(200);
        }
    }

    @Test
    void withoutThemStartUpFailsAndSaysWhereTheyGo() throws Exception {
        assertThatThrownBy(() -> Standalone.start(
                                Files.createTempDirectory(Path.of("target"), "sasl-missing"),
                                FreePorts.loopback(),
                                kafka.bootstrapServers(),
                                0,
                                2,
                                Map.of())
                        .close())
                .hasStackTraceContaining("spendline.kafka.properties.security.protocol")
                .hasStackTraceContaining("docs/operations.md#kafka-security");
    }
}
