package dev.spendline.query.dashboard.spend;

import static dev.spendline.query.dashboard.DashboardTests.WORKSPACE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.query.dashboard.DashboardTests;
import dev.spendline.query.dashboard.DashboardTests.FakeQueries;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * The spend explorer reads exactly {@code spend_by}'s parameters and shows the report's figures:
 * search $800.00, chat $400.00 and support-bot $34.56 ($1,234.56 in all) as the stores rank them;
 * with {@code limit=2} support-bot is the "other values" line. An excluded value of {@code by} is left
 * out of the rows and subtracted from the totals, as the stores answer it.
 */
@WebMvcTest
@ContextConfiguration(classes = DashboardTests.Slice.class)
class SpendExplorerTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    FakeQueries queries;

    @BeforeEach
    void answers() {
        queries.reset();
        queries.on(QueryType.SPEND_BY, SpendExplorerTest::report);
    }

    @Test
    void showsTheRowsTheirSharesAndTheTotalsOfTheReport() throws Exception {
        String page = page("/app/spend?by=feature&from=2026-11-01&to=2026-11-10&limit=2&tenant=acme");
        assertThat(page)
                .contains("<h1>Spend by Feature</h1>")
                .contains("<th scope=\"row\">search</th>")
                .contains(">$800.00<")
                .contains(">64.8 %<") // 800.00 / 1,234.56
                .contains(">$400.00<")
                .contains(">32.4 %<")
                .contains("Other values (1)")
                .contains(">$34.56<")
                .contains(">2.8 %<")
                .contains(">$1,234.56<")
                .contains(">1,234<") // calls
                .contains("Customer (tenant) acme");
        assertThat(queries.of(SpendQuery.class))
                .containsExactly(new SpendQuery(
                        WORKSPACE,
                        UsageKind.PRODUCT,
                        Dimension.FEATURE,
                        null,
                        Instant.parse("2026-11-01T00:00:00Z"),
                        Instant.parse("2026-11-11T00:00:00Z"),
                        Map.of(Dimension.TENANT, "acme"),
                        2,
                        SpendMetric.COST,
                        SpendOrder.DESC));
    }

    /** Reported and estimated cost apart and together, and the unpriced calls: on the page and in the CSV. */
    @Test
    void estimatedCostAndUnpricedCallsAreShownApartWhenThereAreAny() throws Exception {
        String reported = page("/app/spend?by=feature");
        assertThat(reported).doesNotContain("Of which estimated").doesNotContain("Unpriced calls");

        Measures search = withEstimates(measures("800.00", 600, 1_000_000, 200_000), "300.00", 0);
        Measures chat = withEstimates(measures("400.00", 600, 3_000_000, 500_000), "0.00", 7);
        Measures totals = withEstimates(measures("1200.00", 1200, 4_000_000, 700_000), "300.00", 7);
        queries.on(
                QueryType.SPEND_BY,
                q -> new SpendReport(
                        WORKSPACE,
                        q.usage().wireName(),
                        q.byName(),
                        q.from(),
                        q.to(),
                        Map.of(),
                        q.limit(),
                        q.metric().wireName(),
                        q.order().wireName(),
                        2,
                        List.of(
                                new SpendRow("search", search, search.costUsd()),
                                new SpendRow("chat", chat, chat.costUsd())),
                        Measures.ZERO,
                        totals,
                        Map.of(),
                        null,
                        null,
                        null,
                        null));
        String page = page("/app/spend?by=feature");
        assertThat(page)
                .contains("$900.00 reported by your apps, $300.00 estimated from list prices")
                .contains("7 calls sent without a cost, of models without a list price: counted as $0")
                .contains("Of which estimated</th>")
                .contains("Unpriced calls</th>")
                .contains(">$300.00<")
                .contains(">7<");
        MvcResult csv = mvc.perform(
                        get("/app/spend?by=feature&format=csv").with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(csv.getResponse().getContentAsString())
                .isEqualTo("feature,cost_usd,calls,input_tokens,output_tokens,share_of_cost_percent,"
                        + "reported_cost_usd,estimated_cost_usd,unpriced_calls\r\n"
                        + "search,800.00,600,1000000,200000,66.6667,500.00,300.00,0\r\n"
                        + "chat,400.00,600,3000000,500000,33.3333,400.00,0.00,7\r\n");
    }

    private static Measures withEstimates(Measures m, String estimated, long unpriced) {
        return new Measures(
                m.costUsd(),
                m.calls(),
                m.inputTokens(),
                m.outputTokens(),
                m.cacheReadTokens(),
                m.cacheWriteTokens(),
                m.errors(),
                m.retries(),
                m.avgLatencyMs(),
                new BigDecimal(estimated),
                unpriced);
    }

    @Test
    void theFormHoldsTheParametersAsGivenAndOffersTheUsagesFilters() throws Exception {
        String page = page("/app/spend?by=model&tenant=acme&from=2026-11-01");
        assertThat(page)
                .contains("action=\"/app/spend\" method=\"get\"")
                .contains("<option value=\"model\" selected=\"selected\">Model</option>")
                .contains("name=\"from\" type=\"text\" inputmode=\"numeric\" value=\"2026-11-01\"")
                // Not given: the real end of the range, today included, as a value (no sample placeholder).
                .contains("name=\"to\" type=\"text\" inputmode=\"numeric\" value=\"2026-11-11\"")
                .doesNotContain("placeholder=\"2026-11-30\"")
                .contains("<input type=\"text\" name=\"tenant\" value=\"acme\">")
                .contains("<details open=\"open\">")
                .contains("<input type=\"text\" name=\"workflow\" value=\"\">")
                .doesNotContain("name=\"employee\"");
    }

    @Test
    void aMetricOtherThanCostGetsItsOwnColumn() throws Exception {
        String page = page("/app/spend?by=feature&metric=cost_per_call");
        assertThat(page)
                .contains("<th scope=\"col\" class=\"num\">Cost per call</th>")
                .contains(">$1.33<") // 800.00 / 600 calls
                .contains(">$0.67<") // 400.00 / 600
                .contains(">$1.00<"); // 1,234.56 / 1,234 in all
    }

    @Test
    void internalUsageIsTheSameView() throws Exception {
        String page = page("/app/spend?usage=internal&by=employee");
        assertThat(page).contains("<h1>Internal AI usage by Employee</h1>").contains("name=\"team\"");
        assertThat(queries.of(SpendQuery.class).get(0).by()).isEqualTo(Dimension.EMPLOYEE);
    }

    @Test
    void theBareNavLinkShowsSpendByFeatureOverTheLast30Days() throws Exception {
        page("/app/spend");
        SpendQuery query = queries.of(SpendQuery.class).get(0);
        assertThat(query.by()).isEqualTo(Dimension.FEATURE);
        // The last 30 days, today (11 Nov) included: 13 Oct 00:00 to 12 Nov 00:00.
        assertThat(query.from()).isEqualTo(Instant.parse("2026-10-13T00:00:00Z"));
        assertThat(query.to()).isEqualTo(Instant.parse("2026-11-12T00:00:00Z"));
    }

    @Test
    void aReportByPeriodIsChartedFromADataAttribute() throws Exception {
        String page = page("/app/spend?by=day&from=2026-11-01&to=2026-11-03");
        assertThat(page)
                .contains("<h1>Spend by Day</h1>")
                .contains("data-chart=\"{&quot;label&quot;:&quot;Cost (USD)&quot;,&quot;unit&quot;:&quot;usd&quot;,"
                        + "&quot;labels&quot;:[&quot;2026-11-01&quot;,&quot;2026-11-02&quot;,&quot;2026-11-03&quot;],"
                        + "&quot;values&quot;:[800.00,400.00,34.56]}\"")
                .contains("<th scope=\"row\">2026-11-02</th>")
                // Days are in date order, whatever the metric: the caption says so.
                .contains("<caption class=\"note\">Each day, oldest first</caption>")
                .doesNotContain("Day by Cost");
        assertThat(page("/app/spend?by=feature&order=asc"))
                .contains("<caption class=\"note\">Features by cost, smallest first</caption>");
    }

    @Test
    void emptyFormFieldsAreReadAsNotGiven() throws Exception {
        page("/app/spend?usage=product&by=feature&from=&to=&limit=&metric=cost&order=&tenant=&feature=search");
        SpendQuery query = queries.of(SpendQuery.class).get(0);
        assertThat(query.filters()).isEqualTo(Map.of(Dimension.FEATURE, "search"));
        assertThat(query.limit()).isEqualTo(SpendQuery.DEFAULT_LIMIT);
    }

    @Test
    void badParametersAreA400PageListingEveryProblem() throws Exception {
        String page = refused("/app/spend?by=planet&limit=lots&employee=ada");
        assertThat(page)
                .startsWith("<!DOCTYPE html>") // a page in the frame, not the API's problem+json
                .contains("This view cannot be shown with these parameters")
                .contains("by: must be one of provider, model, feature, tenant, user, agent, workflow, tool, status,"
                        + " outcome, or a period: day, week, month for product usage")
                .contains("limit: must be a whole number")
                .contains("employee: is a filter of internal usage, not of product usage")
                .contains("href=\"/app/spend\"")
                .doesNotContain("Exception");
        assertThat(refused("/app/spend?by=feature&from=2026-11-10&to=2026-11-01"))
                .contains("from must be before to");
        assertThat(refused("/app/spend?by=feature&format=pdf")).contains("format: must be csv");
        assertThat(queries.asked).isEmpty();
    }

    @Test
    void csvExportHasTheHeaderAndTheExactFigures() throws Exception {
        MvcResult result = mvc.perform(get("/app/spend?by=feature&limit=2&format=csv&metric=cost_per_call")
                        .with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        assertThat(result.getResponse().getContentType()).isEqualTo("text/csv;charset=UTF-8");
        assertThat(result.getResponse().getHeader("Content-Disposition"))
                .isEqualTo("attachment; filename=\"spend-by-feature.csv\"");
        assertThat(result.getResponse().getContentAsString())
                .isEqualTo("feature,cost_usd,calls,input_tokens,output_tokens,share_of_cost_percent,cost_per_call,"
                        + "reported_cost_usd,estimated_cost_usd,unpriced_calls\r\n"
                        + "search,800.00,600,1000000,200000,64.8004,1.333333,800.00,0.00,0\r\n"
                        + "chat,400.00,600,3000000,500000,32.4002,0.666667,400.00,0.00,0\r\n"
                        + "(other values),34.56,34,10000,2000,2.7994,,34.56,0.00,0\r\n");
    }

    @Test
    void theLiveFragmentIsTheResultsAloneFromOneRead() throws Exception {
        String fragment = page("/app/spend?by=feature&tenant=acme&fragment=results");
        assertThat(fragment)
                .startsWith("<section id=\"spend-results\"")
                .contains("hx-get=\"/app/spend?by=feature&amp;tenant=acme&amp;fragment=results\"")
                .contains("hx-trigger=\"every 1s\"")
                .contains(">$1,234.56<")
                .doesNotContain("<form")
                .doesNotContain("<html");
        assertThat(queries.asked).hasSize(1);
    }

    @Test
    void theLiveAndCsvLinksCarryTheParametersAsGiven() throws Exception {
        String page = page("/app/spend?by=feature&tenant={tenant}", "a+b|c & d");
        assertThat(page)
                .contains("hx-get=\"/app/spend?by=feature&amp;tenant=a%2Bb%7Cc%20%26%20d&amp;fragment=results\"")
                .contains("href=\"/app/spend?by=feature&amp;tenant=a%2Bb%7Cc%20%26%20d&amp;format=csv\"");
        assertThat(queries.of(SpendQuery.class).get(0).filters()).isEqualTo(Map.of(Dimension.TENANT, "a+b|c & d"));
    }

    @Test
    void excludedValuesAreLeftOutOfTheRowsAndTotalsAndListedWithALinkThatPutsEachBack() throws Exception {
        String page = page("/app/spend?by=feature&tenant=acme&exclude=feature:search&exclude=model:gpt-4o");
        assertThat(queries.of(SpendQuery.class).get(0).exclusions())
                .isEqualTo(Map.of(Dimension.FEATURE, Set.of("search"), Dimension.MODEL, Set.of("gpt-4o")));
        assertThat(page)
                .doesNotContain("<th scope=\"row\">search</th>")
                .contains("<th scope=\"row\">chat</th>")
                .contains(">$434.56<") // 1,234.56 − 800.00 for search
                .contains(">634<") // calls: 1,234 − 600
                .contains(">92.0 %<") // chat: 400.00 / 434.56
                // in the dimensions' order, quotes escaped as HTML does
                .contains("Without:\n      <span><span>Model &#39;gpt-4o&#39;</span>")
                .contains("<span>Feature &#39;search&#39;</span>")
                // each link keeps every other parameter and exclusion
                .contains("href=\"/app/spend?by=feature&amp;tenant=acme&amp;exclude=model%3Agpt-4o\"")
                .contains("href=\"/app/spend?by=feature&amp;tenant=acme&amp;exclude=feature%3Asearch\"")
                .contains("title=\"Put Feature &#39;search&#39; back\"");
    }

    @Test
    void theFormLiveAndCsvLinksKeepTheExclusions() throws Exception {
        String page = page("/app/spend?by=model&exclude=feature:{v}", "a+b & c");
        assertThat(page)
                .contains("<input type=\"hidden\" name=\"exclude\" value=\"feature:a+b &amp; c\">")
                .contains("hx-get=\"/app/spend?by=model&amp;exclude=feature%3Aa%2Bb%20%26%20c&amp;fragment=results\"")
                .contains("href=\"/app/spend?by=model&amp;exclude=feature%3Aa%2Bb%20%26%20c&amp;format=csv\"")
                .contains("href=\"/app/spend?by=model\""); // putting the only exclusion back
        assertThat(queries.of(SpendQuery.class).get(0).exclusions())
                .isEqualTo(Map.of(Dimension.FEATURE, Set.of("a+b & c")));
        assertThat(page("/app/spend?by=model")).doesNotContain("Without:").doesNotContain("name=\"exclude\"");
    }

    @Test
    void theCsvOfAnExclusionHasItsFiguresAndSaysWhatWasLeftOutInTheFileName() throws Exception {
        MvcResult result = mvc.perform(
                        get("/app/spend?by=feature&format=csv&exclude=feature:search&exclude=tenant:Acme Inc.")
                                .with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getHeader("Content-Disposition"))
                .isEqualTo("attachment; filename=\"spend-by-feature-without-feature-search-tenant-Acme-Inc.csv\"");
        assertThat(result.getResponse().getContentAsString())
                .isEqualTo("feature,cost_usd,calls,input_tokens,output_tokens,share_of_cost_percent,"
                        + "reported_cost_usd,estimated_cost_usd,unpriced_calls\r\n"
                        + "chat,400.00,600,3000000,500000,92.0471,400.00,0.00,0\r\n"
                        + "support-bot,34.56,34,10000,2000,7.9529,34.56,0.00,0\r\n");
    }

    @Test
    void manyExclusionsNameOnlyTheirNumberInTheCsvFileName() throws Exception {
        StringBuilder url = new StringBuilder("/app/spend?by=feature&format=csv");
        for (int i = 0; i < 6; i++) {
            url.append("&exclude=feature:a-rather-long-feature-name-").append(i);
        }
        MvcResult result = mvc.perform(get(url.toString()).with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getHeader("Content-Disposition"))
                .isEqualTo("attachment; filename=\"spend-by-feature-without-6-values.csv\"");
    }

    @Test
    void badExclusionsAreRefusedByName() throws Exception {
        assertThat(refused("/app/spend?by=feature&exclude=onboarding&exclude=employee:ann"))
                .contains("exclude: must be dimension:value (e.g. feature:onboarding), not &#39;onboarding&#39;")
                .contains("exclude: &#39;employee&#39; is not a dimension of product usage");
        assertThat(refused("/app/spend?by=model&feature=search&exclude=feature:search"))
                .contains("feature=search is both the filter and excluded, which leaves nothing");
        assertThat(queries.asked).isEmpty();
    }

    private String page(String url, Object... values) throws Exception {
        return DashboardTests.render(mvc, 200, url, values);
    }

    private String refused(String url) throws Exception {
        return DashboardTests.render(mvc, 400, url);
    }

    /**
     * The three values ranked by the query's metric (largest first), the rest beyond its limit in
     * others; values excluded on {@code by} are left out of the rows and the totals, and the report
     * names every exclusion.
     */
    private static SpendReport report(SpendQuery q) {
        if (q.per() != null) {
            return perWeek(q);
        }
        List<SpendRow> all = new ArrayList<>();
        List<String> values = q.grain() != null
                ? List.of("2026-11-01", "2026-11-02", "2026-11-03")
                : List.of("search", "chat", "support-bot");
        List<Measures> measures = List.of(
                measures("800.00", 600, 1_000_000, 200_000),
                measures("400.00", 600, 3_000_000, 500_000),
                measures("34.56", 34, 10_000, 2_000));
        Measures totals = measures("1234.56", 1234, 4_010_000, 702_000);
        Set<String> excluded = q.by() == null ? Set.of() : q.exclusions().getOrDefault(q.by(), Set.of());
        for (int i = 0; i < 3; i++) {
            if (excluded.contains(values.get(i))) {
                totals = minus(totals, measures.get(i));
            } else {
                all.add(new SpendRow(values.get(i), measures.get(i), q.metric().of(measures.get(i))));
            }
        }
        List<SpendRow> rows = all.subList(0, Math.min(q.limit(), all.size()));
        Measures others = rows.size() < all.size() ? all.get(all.size() - 1).measures() : Measures.ZERO;
        Map<String, String> filters = new LinkedHashMap<>();
        q.filters().forEach((d, v) -> filters.put(d.wireName(), v));
        return new SpendReport(
                WORKSPACE,
                q.usage().wireName(),
                q.byName(),
                q.from(),
                q.to(),
                filters,
                q.limit(),
                q.metric().wireName(),
                q.order().wireName(),
                all.size(),
                rows,
                others,
                totals,
                q.excludedByName());
    }

    /**
     * By feature per week over two weeks: search $500.00 then $300.00, chat nothing then $400.00
     * (its first week listed as 0), support-bot ($34.56 in the first week) beyond the limit of 2.
     */
    static SpendReport perWeek(SpendQuery q) {
        Measures none = measures("0.00", 0, 0, 0);
        Measures search1 = measures("500.00", 400, 600_000, 100_000);
        Measures search2 = measures("300.00", 200, 400_000, 100_000);
        Measures chat2 = measures("400.00", 600, 3_000_000, 500_000);
        Measures bot1 = measures("34.56", 34, 10_000, 2_000);
        List<SpendRow> rows = List.of(
                new SpendRow("search", search1, q.metric().of(search1), "2026-11-02"),
                new SpendRow("search", search2, q.metric().of(search2), "2026-11-09"),
                new SpendRow("chat", none, q.metric().of(none), "2026-11-02"),
                new SpendRow("chat", chat2, q.metric().of(chat2), "2026-11-09"));
        Measures week1 = measures("534.56", 434, 610_000, 102_000);
        Measures week2 = measures("700.00", 800, 3_400_000, 600_000);
        return new SpendReport(
                WORKSPACE,
                q.usage().wireName(),
                q.byName(),
                q.from(),
                q.to(),
                Map.of(),
                q.limit(),
                q.metric().wireName(),
                q.order().wireName(),
                3,
                rows,
                bot1,
                measures("1234.56", 1234, 4_010_000, 702_000),
                q.excludedByName(),
                null,
                q.per().wireName(),
                List.of(
                        new SpendRow("2026-11-02", week1, q.metric().of(week1), "2026-11-02"),
                        new SpendRow("2026-11-09", week2, q.metric().of(week2), "2026-11-09")),
                List.of(
                        new SpendRow("2026-11-02", bot1, q.metric().of(bot1), "2026-11-02"),
                        new SpendRow("2026-11-09", Measures.ZERO, q.metric().of(Measures.ZERO), "2026-11-09")));
    }

    @Test
    void aReportPerPeriodIsAPivotTableWithTotalsAndAStackedChart() throws Exception {
        String page = page("/app/spend?by=feature&per=week&limit=2");
        assertThat(page)
                .contains("<h1>Spend by Feature per week</h1>")
                .contains("<option value=\"week\" selected=\"selected\">Week</option>")
                .contains("<caption class=\"note\">Cost of each feature per week, every week of the range</caption>")
                .contains("<th scope=\"col\" class=\"num\">2026-11-02</th>")
                // The stacked chart: a series per value, the other values last, the same figures.
                .contains("&quot;labels&quot;:[&quot;2026-11-02&quot;,&quot;2026-11-09&quot;]")
                .contains("&quot;values&quot;:[0.00,400.00]")
                .contains("data-stacked-chart=");
        String pivot = page.substring(page.indexOf("<table class=\"pivot\">"));
        assertThat(rowCells(pivot, "search")).containsExactly("$500.00", "$300.00", "$800.00");
        // A week without spend is listed as $0.00, not left out.
        assertThat(rowCells(pivot, "chat")).containsExactly("$0.00", "$400.00", "$400.00");
        assertThat(rowCells(pivot, "Other values (1)")).containsExactly("$34.56", "$0.00", "$34.56");
        assertThat(rowCells(pivot, "Total")).containsExactly("$534.56", "$700.00", "$1,234.56");
        // One grouping only: no pivot.
        assertThat(page("/app/spend?by=feature"))
                .doesNotContain("class=\"pivot\"")
                .doesNotContain("data-stacked-chart");
    }

    /** The cells after the row header {@code name} in {@code html}, up to the end of its row. */
    private static List<String> rowCells(String html, String name) {
        int start = html.indexOf("<th scope=\"row\">" + name + "</th>");
        assertThat(start).as("row " + name).isNotNegative();
        String row = html.substring(start, html.indexOf("</tr>", start));
        List<String> cells = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<td class=\"num\">([^<]*)</td>")
                .matcher(row);
        while (m.find()) {
            cells.add(m.group(1));
        }
        return cells;
    }

    @Test
    void aReportPerPeriodDownloadsInLongFormOneLinePerValueAndPeriod() throws Exception {
        MvcResult result = mvc.perform(get("/app/spend?by=feature&per=week&limit=2&format=csv")
                        .with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        assertThat(result.getResponse().getHeader("Content-Disposition"))
                .isEqualTo("attachment; filename=\"spend-by-feature-per-week.csv\"");
        assertThat(result.getResponse().getContentAsString())
                .isEqualTo("feature,period_start,cost_usd,calls,input_tokens,output_tokens,"
                        + "reported_cost_usd,estimated_cost_usd,unpriced_calls\r\n"
                        + "search,2026-11-02,500.00,400,600000,100000,500.00,0.00,0\r\n"
                        + "search,2026-11-09,300.00,200,400000,100000,300.00,0.00,0\r\n"
                        + "chat,2026-11-02,0.00,0,0,0,0.00,0.00,0\r\n"
                        + "chat,2026-11-09,400.00,600,3000000,500000,400.00,0.00,0\r\n"
                        + "(other values),2026-11-02,34.56,34,10000,2000,34.56,0.00,0\r\n");
        assertThat(SpendController.periodStart("2026-11")).isEqualTo("2026-11-01");
        assertThat(SpendController.periodStart("2026-11-23T14:00:00Z")).isEqualTo("2026-11-23T14:00:00Z");
    }

    private static Measures minus(Measures a, Measures b) {
        return measures(
                a.costUsd().subtract(b.costUsd()).toPlainString(),
                a.calls() - b.calls(),
                a.inputTokens() - b.inputTokens(),
                a.outputTokens() - b.outputTokens());
    }

    private static Measures measures(String cost, long calls, long input, long output) {
        return new Measures(new BigDecimal(cost), calls, input, output, 0, 0, 0, 0, null);
    }
}
