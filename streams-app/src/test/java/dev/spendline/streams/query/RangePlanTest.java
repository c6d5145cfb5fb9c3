package dev.spendline.streams.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.streams.query.RangePlan.Segment;
import dev.spendline.streams.rollup.Granularity;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RangePlanTest {

    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    @Test
    void recentEdgesKeepHourPrecision() {
        RangePlan plan =
                RangePlan.of(Instant.parse("2026-11-20T22:00:00Z"), Instant.parse("2026-11-23T05:00:00Z"), NOW);
        assertThat(plan.from()).isEqualTo("2026-11-20T22:00:00Z");
        assertThat(plan.to()).isEqualTo("2026-11-23T05:00:00Z");
        assertThat(plan.segments())
                .containsExactly(
                        new Segment(Granularity.HOUR, hour("2026-11-20T22:00:00Z"), hour("2026-11-21T00:00:00Z")),
                        new Segment(Granularity.DAY, day("2026-11-21T00:00:00Z"), day("2026-11-23T00:00:00Z")),
                        new Segment(Granularity.HOUR, hour("2026-11-23T00:00:00Z"), hour("2026-11-23T05:00:00Z")));
    }

    /** Hours older than the horizon may miss late events: such edges are read, and reported, as days. */
    @Test
    void edgesBeforeTheHourlyHorizonRoundOutToWholeDays() {
        RangePlan plan =
                RangePlan.of(Instant.parse("2026-11-02T22:00:00Z"), Instant.parse("2026-11-05T05:00:00Z"), NOW);
        assertThat(plan.from()).isEqualTo("2026-11-02T00:00:00Z");
        assertThat(plan.to()).isEqualTo("2026-11-06T00:00:00Z");
        assertThat(plan.segments())
                .containsExactly(
                        new Segment(Granularity.DAY, day("2026-11-02T00:00:00Z"), day("2026-11-06T00:00:00Z")));
    }

    @Test
    void aRangeThatStartsBeforeTheHorizonAndEndsInsideItRoundsOnlyItsStart() {
        RangePlan plan =
                RangePlan.of(Instant.parse("2026-11-10T07:00:00Z"), Instant.parse("2026-11-25T11:00:00Z"), NOW);
        assertThat(plan.from()).isEqualTo("2026-11-10T00:00:00Z");
        assertThat(plan.to()).isEqualTo("2026-11-25T11:00:00Z");
        assertThat(plan.segments())
                .containsExactly(
                        new Segment(Granularity.DAY, day("2026-11-10T00:00:00Z"), day("2026-11-25T00:00:00Z")),
                        new Segment(Granularity.HOUR, hour("2026-11-25T00:00:00Z"), hour("2026-11-25T11:00:00Z")));
    }

    @Test
    void aFewOldHoursInsideOneDayAreThatDay() {
        RangePlan plan =
                RangePlan.of(Instant.parse("2026-11-03T09:00:00Z"), Instant.parse("2026-11-03T11:00:00Z"), NOW);
        assertThat(plan.from()).isEqualTo("2026-11-03T00:00:00Z");
        assertThat(plan.to()).isEqualTo("2026-11-04T00:00:00Z");
        assertThat(plan.segments())
                .containsExactly(
                        new Segment(Granularity.DAY, day("2026-11-03T00:00:00Z"), day("2026-11-04T00:00:00Z")));
    }

    @Test
    void wholeDaysNeverChange() {
        RangePlan plan =
                RangePlan.of(Instant.parse("2026-10-01T00:00:00Z"), Instant.parse("2026-11-01T00:00:00Z"), NOW);
        assertThat(plan.segments())
                .containsExactly(
                        new Segment(Granularity.DAY, day("2026-10-01T00:00:00Z"), day("2026-11-01T00:00:00Z")));
    }

    private static long hour(String instant) {
        return Granularity.HOUR.bucketOf(Instant.parse(instant));
    }

    private static long day(String instant) {
        return Granularity.DAY.bucketOf(Instant.parse(instant));
    }
}
