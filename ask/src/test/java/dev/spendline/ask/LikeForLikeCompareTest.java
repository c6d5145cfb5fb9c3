package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.tools.ReadTool;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue #30: comparisons are like for like. A period to date is set against the same elapsed span,
 * to the hour (in whole days where the other period's hours are no longer kept), of the other
 * period, never its whole; the reading says so; and "A vs B" / "A compared to B" take B as the
 * base whichever is later.
 */
class LikeForLikeCompareTest {

    /** A Thursday morning: this week has run 3 days 10.5 hours, read to the hour under way. */
    private static final Instant THURSDAY = Instant.parse("2026-11-19T10:30:00Z");

    private static Interpretation read(String question) {
        Interpretation reading =
                new QuestionInterpreter(AskCorpus.VOCABULARY, THURSDAY, ZoneOffset.UTC).interpret(question);
        assertThat(reading.answered()).as(question).isTrue();
        assertThat(reading.call().tool()).isEqualTo(ReadTool.COMPARE);
        return reading;
    }

    private static Map<String, Object> periods(Interpretation reading) {
        Map<String, Object> a = reading.call().arguments();
        return Map.of(
                "from", a.get("from"), "to", a.get("to"), "baseFrom", a.get("baseFrom"), "baseTo", a.get("baseTo"));
    }

    @Test
    void thisWeekSoFarIsComparedWithTheSameHoursOfLastWeek() {
        Interpretation reading = read("spend this week vs last week");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-11-16T00:00:00Z",
                        "to", "2026-11-19T11:00:00Z",
                        "baseFrom", "2026-11-09T00:00:00Z",
                        "baseTo", "2026-11-12T11:00:00Z"));
        assertThat(reading.reading())
                .contains("16–19 Nov 2026 to 11:00 UTC compared with the same 3 days 11 hours of 9–15 Nov 2026"
                        + " (to 12 Nov 2026 11:00 UTC)");
    }

    @Test
    void theDefaultBaseOfAPeriodToDateIsTheSameSpanOfThePeriodBefore() {
        assertThat(periods(read("how did spend change week over week")))
                .isEqualTo(periods(read("spend this week vs last week")));
    }

    @Test
    void withNoPeriodTheLast30WholeDaysAreComparedWithThe30DaysRightBefore() {
        Interpretation reading = read("which feature grew fastest");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-10-20",
                        "to", "2026-11-18",
                        "baseFrom", "2026-09-20",
                        "baseTo", "2026-10-19"));
        assertThat(reading.notes()).contains("No period named: the last 30 whole days, to the start of today");
    }

    @Test
    void beyondTheHoursKeptTheWholeDaysSoFarAreComparedWithAsManyWholeDays() {
        // Last month's hours are no longer kept: an 11:00 edge there would be read as its whole day.
        Interpretation reading = read("did spend increase this month?");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-11-01",
                        "to", "2026-11-18",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-18"));
        assertThat(reading.reading())
                .contains("1–18 Nov 2026 (the whole days so far) compared with the same 18 days of Oct 2026"
                        + " (1–18 Oct 2026)");
    }

    @Test
    void theToolReadsBothSpansAsEqualAndAdjacentToTheHour() {
        CompareQuery q =
                (CompareQuery) read("spend this week vs last week").call().query("ws_1");
        assertThat(q.currentSpend().to()).isEqualTo(Instant.parse("2026-11-19T11:00:00Z"));
        assertThat(q.baseSpend().to()).isEqualTo(Instant.parse("2026-11-12T11:00:00Z"));
        assertThat(java.time.Duration.between(
                        q.currentSpend().from(), q.currentSpend().to()))
                .isEqualTo(java.time.Duration.between(
                        q.baseSpend().from(), q.baseSpend().to()));
    }

    @Test
    void theReferenceNamedSecondIsTheBaseEvenWhenItIsLater() {
        assertThat(periods(read("spend in september vs last month")))
                .isEqualTo(Map.of(
                        "from", "2026-09-01",
                        "to", "2026-09-30",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-31"));
        assertThat(periods(read("spend in september compared to october")))
                .isEqualTo(periods(read("spend in september vs last month")));
        // "Change from A to B" names the base first.
        assertThat(periods(read("how did spend change from last month to this month")))
                .isEqualTo(Map.of(
                        "from", "2026-11-01",
                        "to", "2026-11-18",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-18"));
        assertThat(periods(read("spend last month vs september")))
                .isEqualTo(Map.of(
                        "from", "2026-10-01",
                        "to", "2026-10-31",
                        "baseFrom", "2026-09-01",
                        "baseTo", "2026-09-30"));
    }

    @Test
    void aWholePeriodAgainstOneToDateIsCutToTheSameSpanToo() {
        Interpretation reading = read("spend last week compared to this week");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-11-09T00:00:00Z",
                        "to", "2026-11-12T11:00:00Z",
                        "baseFrom", "2026-11-16T00:00:00Z",
                        "baseTo", "2026-11-19T11:00:00Z"));
        assertThat(reading.reading())
                .contains("the same 3 days 11 hours of 9–15 Nov 2026 (to 12 Nov 2026 11:00 UTC) compared with"
                        + " 16–19 Nov 2026 to 11:00 UTC");
    }

    @Test
    void theOnePeriodNamedAfterAComparisonWordIsTheBaseAgainstTheOneUnderWay() {
        // "X vs last week": last week is the reference, so this week so far is what is compared,
        // like for like; never last week against the week before it.
        assertThat(periods(read("spend by model vs last week")))
                .isEqualTo(periods(read("spend by model this week vs last week")));
        assertThat(periods(read("spend compared to last month")))
                .isEqualTo(Map.of(
                        "from", "2026-11-01",
                        "to", "2026-11-18",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-18"));
        assertThat(periods(read("search spend against yesterday")))
                .isEqualTo(periods(read("search spend today vs yesterday")));
        assertThat(periods(read("compare spend with last quarter")))
                .isEqualTo(periods(read("spend this quarter vs last quarter")));
        assertThat(periods(read("spend by team versus last year")))
                .isEqualTo(periods(read("spend by team this year vs last year")));
        // A month named by name is the reference too: this month so far against it.
        assertThat(periods(read("tokens compared to september")))
                .isEqualTo(Map.of(
                        "from", "2026-11-01",
                        "to", "2026-11-18",
                        "baseFrom", "2026-09-01",
                        "baseTo", "2026-09-18"));
        // Margins are whole months: this month against the one named.
        assertThat(read("customer margins compared to last month").call().arguments())
                .containsEntry("from", "2026-11")
                .containsEntry("baseFrom", "2026-10");
    }

    @Test
    void aPeriodNamedBeforeTheComparisonWordOrNotACalendarOneKeepsTheBaseBeforeIt() {
        assertThat(periods(read("spend last month compared")))
                .isEqualTo(Map.of(
                        "from", "2026-10-01",
                        "to", "2026-10-31",
                        "baseFrom", "2026-09-01",
                        "baseTo", "2026-09-30"));
        // The period under way after "vs" is itself the current one: the base is the one before.
        assertThat(periods(read("spend vs this week"))).isEqualTo(periods(read("spend this week vs last week")));
        // The last 7 days are no calendar unit: compared with the 7 days before them.
        assertThat(periods(read("spend vs the last 7 days")))
                .isEqualTo(periods(read("spend in the last 7 days vs the 7 days before")));
    }

    @Test
    void goingUpOrDownIsAComparison() {
        for (String q : new String[] {
            "did spend go up this week",
            "is spend going down this week",
            "has spend gone up this week",
            "spend goes up this week"
        }) {
            assertThat(periods(read(q))).as(q).isEqualTo(periods(read("spend this week vs last week")));
        }
    }

    @Test
    void spansAreWrittenInDaysAndHours() {
        assertThat(Words.span(java.time.Duration.ofHours(83))).isEqualTo("3 days 11 hours");
        assertThat(Words.span(java.time.Duration.ofDays(1))).isEqualTo("1 day");
        assertThat(Words.span(java.time.Duration.ofHours(1))).isEqualTo("1 hour");
    }
}
