package dev.spendline.standalone.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.pricing.PriceBook;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import tools.jackson.databind.JsonNode;

/**
 * What a report must say of calls sent without a cost (a span without {@code spendline.cost_usd}):
 * the bundled price book's cost of their tokens, all of it estimated, nothing unpriced
 * (docs/pricing.md "Product events sent without a cost").
 */
final class EstimatedCost {

    private EstimatedCost() {}

    /**
     * @param measures a report's {@code totals} (or a row's {@code measures})
     * @param input all input tokens of one call, cached included
     */
    static void assertPriceBooks(
            JsonNode measures,
            String provider,
            String model,
            LocalDate day,
            long input,
            long cached,
            long output,
            int calls) {
        long perCall = PriceBook.bundled()
                .costNanos(provider, model, day.atStartOfDay(ZoneOffset.UTC).toInstant(), input, cached, output)
                .orElseThrow(() -> new AssertionError("the bundled price book prices " + provider + "/" + model));
        BigDecimal expected = BigDecimal.valueOf(perCall * calls, 9);
        assertThat(perCall).as("a priced call costs something").isPositive();
        assertThat(measures.get("costUsd").decimalValue())
                .as(measures.toString())
                .isEqualByComparingTo(expected);
        assertThat(measures.get("estimatedCostUsd").decimalValue()).isEqualByComparingTo(expected);
        assertThat(measures.get("unpricedCalls").asLong()).isZero();
    }
}
