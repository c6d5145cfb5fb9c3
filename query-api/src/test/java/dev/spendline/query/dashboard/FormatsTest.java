package dev.spendline.query.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FormatsTest {

    private final Formats fmt = new Formats();

    @Test
    void aDateFieldShowsTheRangeUsedWhenLeftEmptyWithTheToDayIncluded() {
        // The last 30 days on 26 Nov: 28 Oct 00:00 to 27 Nov 00:00, shown as 2026-10-28 and 2026-11-26.
        assertThat(fmt.fromField(null, Instant.parse("2026-10-28T00:00:00Z"))).isEqualTo("2026-10-28");
        assertThat(fmt.toField("", Instant.parse("2026-11-27T00:00:00Z"))).isEqualTo("2026-11-26");
    }

    @Test
    void aDateFieldKeepsAValueAsGivenAndShowsAnEdgeInsideADayAsTheInstant() {
        assertThat(fmt.fromField("2026-11-01", Instant.parse("2026-10-28T00:00:00Z")))
                .isEqualTo("2026-11-01");
        assertThat(fmt.toField(null, Instant.parse("2026-11-26T14:00:00Z"))).isEqualTo("2026-11-26T14:00:00Z");
        assertThat(fmt.toField(null, null)).isEmpty();
    }

    @Test
    void moneyIsWrittenAsInAlertsAndSavings() {
        assertThat(fmt.money(new BigDecimal("49.879408"))).isEqualTo("$49.88");
        assertThat(fmt.money(null)).isEqualTo("—");
    }
}
