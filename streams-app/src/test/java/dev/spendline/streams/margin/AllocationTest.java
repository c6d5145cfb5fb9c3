package dev.spendline.streams.margin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AllocationTest {

    @Test
    void sharesAddUpExactlyWithLeftoversToTheLargestRemainders() {
        Map<String, Long> weights = new LinkedHashMap<>();
        weights.put("a", 1L);
        weights.put("b", 1L);
        weights.put("c", 1L);

        Map<String, BigInteger> shares = Allocation.proportional(BigInteger.valueOf(100), weights);

        // 33 each, remainders equal: the one left over goes to the first by name.
        assertThat(shares).containsEntry("a", BigInteger.valueOf(34)).containsEntry("b", BigInteger.valueOf(33));
        assertThat(shares.values().stream().reduce(BigInteger.ZERO, BigInteger::add))
                .isEqualTo(BigInteger.valueOf(100));
    }

    @Test
    void proportionalToWeights() {
        Map<String, Long> weights = new LinkedHashMap<>();
        weights.put("search", 30L);
        weights.put("chat", 10L);
        weights.put("idle", 0L);

        Map<String, BigInteger> shares = Allocation.proportional(BigInteger.valueOf(7), weights);

        // 7 * 3/4 = 5.25, 7 * 1/4 = 1.75: floors 5 and 1, the leftover to chat (remainder .75).
        assertThat(shares)
                .containsEntry("search", BigInteger.valueOf(5))
                .containsEntry("chat", BigInteger.valueOf(2))
                .containsEntry("idle", BigInteger.ZERO);
    }

    @Test
    void refusesWeightsThatSumToZero() {
        assertThatThrownBy(() -> Allocation.proportional(BigInteger.TEN, Map.of("a", 0L)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void customersWithoutCostKeepTheirRevenueUnallocated() {
        MarginAllocation allocation = MarginAllocation.of(
                Map.of("t1", BigInteger.valueOf(100), "t4", BigInteger.valueOf(20)),
                Map.of("t1", Map.of("search", 30L, "chat", 10L)));

        assertThat(allocation.byFeature())
                .containsEntry("search", BigInteger.valueOf(75))
                .containsEntry("chat", BigInteger.valueOf(25));
        assertThat(allocation.unallocated()).isEqualTo(BigInteger.valueOf(20));
    }
}
