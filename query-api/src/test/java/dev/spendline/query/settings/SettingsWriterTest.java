package dev.spendline.query.settings;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.revenue.RevenueRow;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;

class SettingsWriterTest {

    @Test
    void theProducerSettingsAreAcceptedByKafkaAndAnUnreachableBrokerIsReportedAsUnavailable() {
        // Constructing the writer validates the producer settings (delivery timeout vs linger + request).
        try (SettingsWriter writer = new SettingsWriter("127.0.0.1:1", Duration.ofMillis(500))) {
            RevenueRow row =
                    RevenueRow.of("ws", "acme", YearMonth.of(2026, 11), new BigDecimal("10"), Instant.EPOCH, "test");
            assertThatThrownBy(() ->
                            writer.put(Topics.REVENUE, "ws", RevenueRow.key("ws", "acme", YearMonth.of(2026, 11)), row))
                    .isInstanceOf(SettingsUnavailableException.class)
                    .hasMessageContaining("Kafka did not acknowledge");
        }
    }
}
