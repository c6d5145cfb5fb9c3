package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.tools.ReadTool;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue #30: comparisons are like for like. A period to date is set against the same dates of the
 * other period, today included (Mon–Thu against Mon–Thu, 1–19 Nov against 1–19 Oct), never its
 * whole; the reading says so and that today is not over yet; and "A vs B" / "A compared to B" take
 * B as the base whichever is later.
 */
class LikeForLikeCompareTest {

    /** A Thursday morning: this week so far is Monday to Thursday, today included. */
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
    void thisWeekSoFarIsComparedWithTheSameDaysOfLastWeek() {
        Interpretation reading = read("spend this week vs last week");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-11-16",
                        "to", "2026-11-19",
                        "baseFrom", "2026-11-09",
                        "baseTo", "2026-11-12"));
        assertThat(reading.reading())
                .contains("16–19 Nov 2026 (to date; today is not over yet) compared with the same 4 days of"
                        + " 9–15 Nov 2026 (9–12 Nov 2026)");
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
    void everyPeriodToDateIsComparedWithTheSameDatesOfThePeriodBefore() {
        Interpretation reading = read("did spend increase this month?");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-11-01",
                        "to", "2026-11-19",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-19"));
        assertThat(reading.reading())
                .contains("1–19 Nov 2026 (to date; today is not over yet) compared with the same 19 days of"
                        + " Oct 2026 (1–19 Oct 2026)");
        assertThat(periods(read("spend today vs yesterday")))
                .isEqualTo(Map.of(
                        "from", "2026-11-19",
                        "to", "2026-11-19",
                        "baseFrom", "2026-11-18",
                        "baseTo", "2026-11-18"));
        // 1 Oct – 19 Nov is 50 days: the first 50 days of the quarter before.
        assertThat(periods(read("spend this quarter vs last quarter")))
                .isEqualTo(Map.of(
                        "from", "2026-10-01",
                        "to", "2026-11-19",
                        "baseFrom", "2026-07-01",
                        "baseTo", "2026-08-19"));
        // The year to date against the same dates of last year, never the days right before it.
        assertThat(periods(read("did spend grow this year")))
                .isEqualTo(Map.of(
                        "from", "2026-01-01",
                        "to", "2026-11-19",
                        "baseFrom", "2025-01-01",
                        "baseTo", "2025-11-19"));
        assertThat(periods(read("spend year over year"))).isEqualTo(periods(read("did spend grow this year")));
    }

    @Test
    void aPeriodToDateLongerThanTheOneBeforeIsComparedWithAllOfIt() {
        // 31 March: 31 days so far, February has 28; the base is all of February.
        Interpretation reading = new QuestionInterpreter(
                        AskCorpus.VOCABULARY, Instant.parse("2026-03-31T09:00:00Z"), ZoneOffset.UTC)
                .interpret("spend this month vs last month");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-03-01",
                        "to", "2026-03-31",
                        "baseFrom", "2026-02-01",
                        "baseTo", "2026-02-28"));
    }

    @Test
    void theToolReadsBothSpansAsWholeDatesOfEqualLength() {
        CompareQuery q =
                (CompareQuery) read("spend this week vs last week").call().query("ws_1");
        assertThat(q.currentSpend().to()).isEqualTo(Instant.parse("2026-11-20T00:00:00Z"));
        assertThat(q.baseSpend().to()).isEqualTo(Instant.parse("2026-11-13T00:00:00Z"));
        assertThat(java.time.Duration.between(
                        q.currentSpend().from(), q.currentSpend().to()))
                .isEqualTo(java.time.Duration.between(
                        q.baseSpend().from(), q.baseSpend().to()));
    }

    @Test
    void fromOneMonthToAnotherInAComparisonIsTwoMonths() {
        assertThat(periods(read("how did spend change from september to october")))
                .isEqualTo(Map.of(
                        "from", "2026-10-01",
                        "to", "2026-10-31",
                        "baseFrom", "2026-09-01",
                        "baseTo", "2026-09-30"));
        // Without a comparison word it stays one period.
        assertThat(new QuestionInterpreter(AskCorpus.VOCABULARY, THURSDAY, ZoneOffset.UTC)
                        .interpret("spend by feature from september to october")
                        .call()
                        .arguments())
                .containsEntry("from", "2026-09-01")
                .containsEntry("to", "2026-10-31");
    }

    @Test
    void moreOrLessThanAPeriodIsAComparisonWithIt() {
        assertThat(periods(read("did we spend more this week than last week")))
                .isEqualTo(periods(read("spend this week vs last week")));
        assertThat(periods(read("did acme spend less this month than last month")))
                .isEqualTo(periods(read("spend this month vs last month")));
        assertThat(periods(read("are we spending more than last week")))
                .isEqualTo(periods(read("spend this week vs last week")));
        // "more than they pay" compares amounts, not periods: still margin.
        assertThat(new QuestionInterpreter(AskCorpus.VOCABULARY, THURSDAY, ZoneOffset.UTC)
                        .interpret("which customers cost more than they pay in october")
                        .call()
                        .name())
                .isEqualTo("margin_by_customer");
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
                        "to", "2026-11-19",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-19"));
        assertThat(periods(read("spend last month vs september")))
                .isEqualTo(Map.of(
                        "from", "2026-10-01",
                        "to", "2026-10-31",
                        "baseFrom", "2026-09-01",
                        "baseTo", "2026-09-30"));
    }

    @Test
    void aWholePeriodAgainstOneToDateIsCutToTheSameDatesToo() {
        Interpretation reading = read("spend last week compared to this week");
        assertThat(periods(reading))
                .isEqualTo(Map.of(
                        "from", "2026-11-09",
                        "to", "2026-11-12",
                        "baseFrom", "2026-11-16",
                        "baseTo", "2026-11-19"));
        assertThat(reading.reading())
                .contains("the same 4 days of 9–15 Nov 2026 (9–12 Nov 2026) compared with"
                        + " 16–19 Nov 2026 (to date; today is not over yet)");
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
                        "to", "2026-11-19",
                        "baseFrom", "2026-10-01",
                        "baseTo", "2026-10-19"));
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
                        "to", "2026-11-19",
                        "baseFrom", "2026-09-01",
                        "baseTo", "2026-09-19"));
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
    void aFollowUpComparisonOfAPeriodToDateIsLikeForLikeToo() {
        QuestionInterpreter interpreter = new QuestionInterpreter(AskCorpus.VOCABULARY, THURSDAY, ZoneOffset.UTC);
        Interpretation first = interpreter.interpret("spend by model this week");
        AskContext context = AskContext.decode(AskContext.of(first.call(), null).encode());
        Interpretation followUp = new FollowUps(interpreter).read(context, "compared to last week?", THURSDAY);
        assertThat(followUp.call().tool()).isEqualTo(ReadTool.COMPARE);
        assertThat(periods(followUp)).isEqualTo(periods(read("spend by model this week vs last week")));
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
    void spansAreWrittenInDays() {
        assertThat(Words.days(19)).isEqualTo("19 days");
        assertThat(Words.days(1)).isEqualTo("1 day");
    }
}
