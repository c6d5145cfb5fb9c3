package dev.spendline.contracts.money;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class MoneyTextTest {

    @Test
    void dollarsToTheCentWithSeparatorsAndTwoDigitsBelowACent() {
        assertThat(MoneyText.usd(new BigDecimal("49.879408"))).isEqualTo("$49.88");
        assertThat(MoneyText.usd(new BigDecimal("1234.5"))).isEqualTo("$1,234.50");
        assertThat(MoneyText.usd(new BigDecimal("-12"))).isEqualTo("-$12.00");
        assertThat(MoneyText.usd(new BigDecimal("0.00027"))).isEqualTo("$0.00027");
        assertThat(MoneyText.usd(new BigDecimal("0.004219"))).isEqualTo("$0.0042");
        assertThat(MoneyText.usd(BigDecimal.ZERO)).isEqualTo("$0.00");
    }

    @Test
    void daysWithAtMostOneDecimal() {
        assertThat(MoneyText.days(new BigDecimal("30.2083"))).isEqualTo("30.2");
        assertThat(MoneyText.days(new BigDecimal("30.0000"))).isEqualTo("30");
        assertThat(MoneyText.days(new BigDecimal("0.9583"))).isEqualTo("1");
    }
}
