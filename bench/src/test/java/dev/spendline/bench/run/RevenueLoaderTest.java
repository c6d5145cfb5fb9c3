package dev.spendline.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RevenueLoaderTest {

    @Test
    void everyAmountIsWholeCentsTheSettingsApiAccepts() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            BigDecimal amount = RevenueLoader.amount(random);
            assertThat(amount.scale()).isEqualTo(2);
            assertThat(amount).isBetween(new BigDecimal("50.00"), new BigDecimal("2049.99"));
        }
    }
}
