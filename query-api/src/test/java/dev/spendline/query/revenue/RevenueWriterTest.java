package dev.spendline.query.revenue;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.revenue.RevenueRow;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;

class RevenueWriterTest {

    @Test
    void theProducerSettingsAreAcceptedByKafkaAndAnUnreachableBrokerIsReportedAsUnavailable() {
        // Constructing the writer validates the producer settings (delivery timeout vs linger + request).
        try (RevenueWriter writer = new RevenueWriter("127.0.0.1:1", Duration.ofMillis(500))) {
            assertThatThrownBy(() -> writer.put(RevenueRow.of(
                            "ws", "acme", YearMonth.of(2026, 11), new BigDecimal("10"), Instant.EPOCH, "test")))
                    .isInstanceOf(RevenueUnavailableException.class)
                    .hasMessageContaining("Kafka did not acknowledge");
        }
    }
}
