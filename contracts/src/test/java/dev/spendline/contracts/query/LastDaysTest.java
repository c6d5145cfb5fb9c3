package dev.spendline.contracts.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LastDaysTest {

    /** Thursday 26 Nov 2026, late in the UTC day. */
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-26T23:59:30Z"), ZoneOffset.UTC);

    @Test
    void theLastThirtyDaysAreTheThirtyCalendarDaysEndingToday() {
        LastDays days = LastDays.endingToday(CLOCK);
        assertThat(days.first()).isEqualTo(LocalDate.parse("2026-10-28"));
        assertThat(days.last()).isEqualTo(LocalDate.parse("2026-11-26"));
        assertThat(days.from()).isEqualTo(Instant.parse("2026-10-28T00:00:00Z"));
        assertThat(days.to()).isEqualTo(Instant.parse("2026-11-27T00:00:00Z"));
        assertThat(LastDays.endOfToday(CLOCK)).isEqualTo(days.to());
    }

    @Test
    void aComparisonsDefaultIsTheThirtyWholeDaysBeforeToday() {
        LastDays days = LastDays.beforeToday(CLOCK);
        assertThat(days.first()).isEqualTo(LocalDate.parse("2026-10-27"));
        assertThat(days.last()).isEqualTo(LocalDate.parse("2026-11-25"));
        assertThat(days.to()).isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
    }

    @Test
    void oneDayIsThatDayAndFewerIsRefused() {
        LocalDate day = LocalDate.parse("2026-11-26");
        assertThat(LastDays.ending(day, 1)).isEqualTo(new LastDays(day, day));
        assertThatThrownBy(() -> LastDays.ending(day, 0)).hasMessageContaining("at least one day");
    }
}
