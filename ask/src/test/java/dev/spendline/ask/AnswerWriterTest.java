package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UnpricedUsage;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The answer in words, from real answer records: figures, shares, order and formats. */
class AnswerWriterTest {

    private static final String WS = "ws_1";

    private static Interpretation read(String question) {
        Interpretation reading =
                new QuestionInterpreter(AskCorpus.VOCABULARY, Reports.NOW, ZoneOffset.UTC).interpret(question);
        assertThat(reading.answered()).as(reading.reason()).isTrue();
        return reading;
    }

    private static String answer(String question) {
        Interpretation reading = read(question);
        return AnswerWriter.write(reading, reading.call().run(Reports.tools(), WS));
    }

    @Test
    void spendNamesTheTotalAndEachRowWithItsShare() {
        assertThat(answer("What did we spend by feature this month?"))
                .isEqualTo("AI spend by feature, 1–22 Nov 2026 (product usage): $1,234.56 in total over 1,234 calls;"
                        + " search $800.00 (64.8%), chat $400.00 (32.4%), support-bot $34.56 (2.8%).");
    }

    @Test
    void twoGroupingsSayEachValuePeriodByPeriod() {
        assertThat(answer("spend by feature per week this month"))
                .isEqualTo("AI spend by feature week by week, 1–22 Nov 2026 (product usage): $1,234.56 in total;"
                        + " search: 2026-10-26 $800.00, 2026-11-02 $0.00; chat: 2026-10-26 $400.00, 2026-11-02 $0.00;"
                        + " support-bot: 2026-10-26 $34.56, 2026-11-02 $0.00.");
    }

    @Test
    void twoGroupingsCountTheValuesNotSaid() {
        assertThat(answer("top 1 feature per week this month"))
                .endsWith("search: 2026-10-26 $800.00, 2026-11-02 $0.00; 2 more values $434.56 (35.2%).");
    }

    @Test
    void unpricedInternalUsageIsSaidWithItsTokensModelsAndTheFix() {
        Interpretation reading = read("spend by team this month");
        SpendReport report = (SpendReport) reading.call().run(Reports.tools(), WS);
        assertThat(report.usage()).isEqualTo("internal");

        String priced = AnswerWriter.write(reading, report.withUnpriced(UnpricedUsage.NONE));
        assertThat(priced).doesNotContain("Unpriced");

        String answer = AnswerWriter.write(
                reading, report.withUnpriced(new UnpricedUsage(3, 42_000, 30_000, 1_500, List.of("gpt-9-turbo"))));
        assertThat(answer)
                .startsWith(priced)
                .endsWith(" Unpriced: 3 rows (gpt-9-turbo), 42,000 input and 1,500 output tokens, counted as $0.00"
                        + " because the price book has no price for that model; to cost them, " + UnpricedUsage.FIX
                        + ".");
    }

    /** Calls sent without a cost: the estimated part and the unpriced calls are said after the figures. */
    @Test
    void estimatedCostAndUnpricedCallsAreSaidApartFromTheTotal() {
        Interpretation reading = read("What did we spend by feature this month?");
        SpendReport report = (SpendReport) reading.call().run(Reports.tools(), WS);
        String reported = AnswerWriter.write(reading, report);
        assertThat(reported).doesNotContain("estimated").doesNotContain("list price");

        Measures t = report.totals();
        Measures withEstimates = new Measures(
                t.costUsd(),
                t.calls(),
                t.inputTokens(),
                t.outputTokens(),
                t.cacheReadTokens(),
                t.cacheWriteTokens(),
                t.errors(),
                t.retries(),
                t.avgLatencyMs(),
                new BigDecimal("234.56"),
                2);
        String answer = AnswerWriter.write(reading, withTotals(report, withEstimates));
        assertThat(answer)
                .startsWith(reported)
                .endsWith(" Of the cost, $234.56 is estimated from list prices for calls sent without a cost"
                        + " ($1,000.00 reported). 2 calls were sent without a cost for a model with no list price,"
                        + " counted as $0.00.");
    }

    @Test
    void aMarginSaysHowMuchOfItsCostIsEstimated() {
        Interpretation reading = read("margin by customer");
        dev.spendline.contracts.margin.CustomerMarginReport r = (dev.spendline.contracts.margin.CustomerMarginReport)
                reading.call().run(Reports.tools(), WS);
        dev.spendline.contracts.margin.MarginTotals t = r.totals();
        String answer = AnswerWriter.write(
                reading,
                new dev.spendline.contracts.margin.CustomerMarginReport(
                        r.workspaceId(),
                        r.from(),
                        r.to(),
                        r.limit(),
                        r.customers(),
                        r.customersWithoutRevenue(),
                        r.customersWithNegativeMargin(),
                        r.rows(),
                        new dev.spendline.contracts.margin.MarginTotals(
                                t.revenueUsd(),
                                t.costUsd(),
                                t.marginUsd(),
                                t.marginPercent(),
                                new BigDecimal("150.00")),
                        r.unattributedCostUsd()));
        assertThat(answer)
                .startsWith("Margin by customer, Nov 2026: revenue $2,100.00, AI cost $650.00 (of which $150.00"
                        + " estimated from list prices), margin $1,450.00 (69%)");
        assertThat(AnswerWriter.write(reading, r)).doesNotContain("estimated");
    }

    private static SpendReport withTotals(SpendReport r, Measures totals) {
        return new SpendReport(
                r.workspaceId(),
                r.usage(),
                r.by(),
                r.from(),
                r.to(),
                r.filters(),
                r.limit(),
                r.metric(),
                r.order(),
                r.distinctValues(),
                r.rows(),
                r.others(),
                totals,
                r.excluded(),
                r.unpriced(),
                r.per(),
                r.periodTotals(),
                r.periodOthers());
    }

    @Test
    void spendBeyondTheTopNIsSummedAsTheRest() {
        assertThat(answer("top 2 features last month"))
                .isEqualTo("AI spend by feature, Oct 2026 (product usage): $1,234.56 in total over 1,234 calls;"
                        + " search $800.00 (64.8%), chat $400.00 (32.4%), 1 more $34.56 (2.8%).");
    }

    @Test
    void tokensAreRankedByTokensNotByCost() {
        assertThat(answer("tokens by feature this month"))
                .isEqualTo("Tokens by feature, 1–22 Nov 2026 (product usage): 4,712,000 tokens in total (4,010,000"
                        + " input, 702,000 output); chat 3,500,000 tokens (74.3%), search 1,200,000 tokens (25.5%),"
                        + " support-bot 12,000 tokens (0.3%).");
    }

    @Test
    void callsAreRankedByCalls() {
        assertThat(answer("top 1 feature by calls today"))
                // search and chat tie on calls; the larger cost ranks first.
                .isEqualTo("Calls by feature, 22 Nov 2026 (product usage): 1,234 calls in total; search 600 calls"
                        + " (48.6%), the rest 634 calls (51.4%).");
    }

    @Test
    void anExcludedNameIsLeftOutAndSaidInTheTitle() {
        assertThat(answer("spend by feature this month without search"))
                .isEqualTo("AI spend by feature without feature 'search', 1–22 Nov 2026 (product usage): $434.56 in"
                        + " total over 634 calls; chat $400.00 (92%), support-bot $34.56 (8%).");
    }

    @Test
    void hoursAreSaidAsClockTimes() {
        assertThat(answer("spend hour by hour today"))
                .isEqualTo("AI spend hour by hour, 22 Nov 2026 (product usage): $1,234.56 in total; 00:00 $800.00,"
                        + " 01:00 $400.00, 02:00 $34.56.");
    }

    @Test
    void everyNamedValueIsAFilter() {
        assertThat(answer("How much did acme spend on search?"))
                .isEqualTo("AI spend by feature for customer 'acme' and feature 'search', 24 Oct – 22 Nov 2026"
                        + " (product usage): $800.00 in total over 600 calls; search $800.00 (100%).");
    }

    @Test
    void aPeriodReportListsEveryPeriodInTimeOrder() {
        assertThat(answer("daily spend this week"))
                .isEqualTo("AI spend day by day, 16–22 Nov 2026 (product usage): $1,234.56 in total; 2026-11-16"
                        + " $800.00, 2026-11-17 $400.00, 2026-11-18 $34.56.");
    }

    @Test
    void ratesAreShownAsRatesAndTheCheapestFirst() {
        assertThat(answer("cost per call by feature this month"))
                .isEqualTo("Cost per call by feature, 1–22 Nov 2026 (product usage): $1.00 overall; search $1.33,"
                        + " support-bot $1.02, chat $0.6667.");
        assertThat(answer("cheapest features this month"))
                .startsWith("AI spend by feature, 1–22 Nov 2026 (product usage): $1,234.56 in total over 1,234 calls;"
                        + " support-bot $34.56 (2.8%), chat $400.00 (32.4%)");
    }

    @Test
    void aComparisonNamesBothTotalsTheChangeAndTheMovers() {
        assertThat(answer("spend by feature this month vs last month"))
                .isEqualTo("AI spend by feature, 1–22 Nov 2026 (to date; today is not over yet) compared with the"
                        + " same 22 days of Oct 2026 (1–22 Oct 2026), largest changes first: $1,234.56"
                        + " against $1,000.00 (+$234.56, +23.5 %); search $800.00 from $500.00 (+$300.00, +60.0 %),"
                        + " chat $400.00 from $500.00 (-$100.00, -20.0 %), support-bot $34.56 from $0.00 (+$34.56);"
                        + " grew most: search, support-bot; fell most: chat.");
    }

    @Test
    void customerMarginsAreListedLowestFirstWithTotals() {
        assertThat(answer("margin by customer"))
                .isEqualTo("Margin by customer, Nov 2026: revenue $2,100.00, AI cost $650.00, margin $1,450.00 (69%)"
                        + " over 2 customers; 1 with a negative margin. Lowest first: globex margin -$50.00 (-50%) on"
                        + " revenue $100.00 and AI cost $150.00; acme margin $1,500.00 (75%) on revenue $2,000.00 and"
                        + " AI cost $500.00.");
    }

    @Test
    void theMostProfitableCustomersComeHighestFirst() {
        assertThat(answer("top 1 most profitable customers"))
                .endsWith("Highest first: acme margin $1,500.00 (75%) on revenue $2,000.00 and AI cost $500.00.");
    }

    @Test
    void oneNamedCustomersMarginIsQuoted() {
        assertThat(answer("is globex profitable?"))
                .isEqualTo(
                        "Margin by customer for customer 'globex', Nov 2026: revenue $100.00, AI cost $150.00, margin"
                                + " -$50.00 (-50%) over 1 customer; 1 with a negative margin. Lowest first: globex margin -$50.00"
                                + " (-50%) on revenue $100.00 and AI cost $150.00.");
    }

    @Test
    void featureMargins() {
        assertThat(answer("margin by feature"))
                .isEqualTo("Margin by feature, Nov 2026: revenue $75.00, AI cost $30.00, margin $45.00 (60%) over 1"
                        + " feature. Lowest first: search margin $45.00 (60%) on revenue $75.00 and AI cost $30.00.");
    }

    @Test
    void wasteByKindAndForOneNamedFeature() {
        assertThat(answer("waste this month"))
                .isEqualTo("Waste, 1–22 Nov 2026: $15.50 in 6 wasteful calls of $1,234.56 spend (1.3%). By kind:"
                        + " failed calls $12.00 (4), retries $3.50 (2).");
        assertThat(answer("how much waste did search have this week"))
                .startsWith("Waste for feature 'search', 16–22 Nov 2026: ")
                .endsWith("Top by kind and feature: search failed calls $10.00, search retries $3.50.");
    }

    @Test
    void anAnswerOfAnotherToolIsRefusedNamingBoth() {
        Interpretation spend = read("What did we spend by feature this month?");
        Record savings = read("savings recommendations").call().run(Reports.tools(), WS);
        assertThatThrownBy(() -> AnswerWriter.write(spend, savings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no words for SavingsReport as the answer of spend_by");
    }

    @Test
    void savingsListTheRecommendationsWithTheirMonthlySaving() {
        Interpretation reading = read("savings recommendations");
        assertThat(AnswerWriter.write(reading, Reports.savings((dev.spendline.contracts.savings.SavingsQuery)
                        reading.call().query(WS))))
                .isEqualTo("Savings recommendations from 24 Oct – 22 Nov 2026: 1 found, up to $120.00 a month for the"
                        + " 1 listed (they can overlap). 1. Fix failing calls of search: about $120.00 a month.");
    }

    @Test
    void budgetsAndAlerts() {
        assertThat(answer("budget status"))
                .startsWith("Budgets as of 22 Nov 2026 10:30 UTC: 0 exceeded, 1 warning, 0 OK. Search (feature"
                        + " 'search', monthly): $45.00 of $50.00 (90%), WARNING, forecast $");
        assertThat(answer("any alerts?"))
                .isEqualTo("Active alerts as of 22 Nov 2026 10:30 UTC: 1 — WARNING budget threshold: Budget Search is"
                        + " at 90% of $50.00.");
    }

    @Test
    void figuresAreWrittenForPeople() {
        assertThat(Words.money(new BigDecimal("1234.5"))).isEqualTo("$1,234.50");
        assertThat(Words.money(new BigDecimal("-50"))).isEqualTo("-$50.00");
        assertThat(Words.money(new BigDecimal("0.004213"))).isEqualTo("$0.0042");
        assertThat(Words.money(new BigDecimal("0.005"))).isEqualTo("$0.005");
        assertThat(Words.money(new BigDecimal("1234567.891"))).isEqualTo("$1,234,567.89");
        assertThat(Words.percent(new BigDecimal("64.85"))).isEqualTo("64.9%");
        assertThat(Words.percent(new BigDecimal("65.0"))).isEqualTo("65%");
        assertThat(Words.count(1_234_567)).isEqualTo("1,234,567");
        assertThat(Words.period(TimeRange.days(
                        java.time.LocalDate.parse("2025-12-30"), java.time.LocalDate.parse("2026-01-05"))))
                .isEqualTo("30 Dec 2025 – 5 Jan 2026");
    }
}
