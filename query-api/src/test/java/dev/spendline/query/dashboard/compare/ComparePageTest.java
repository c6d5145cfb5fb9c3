package dev.spendline.query.dashboard.compare;

import static dev.spendline.query.dashboard.DashboardTests.WORKSPACE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.compare.ComparePeriod;
import dev.spendline.contracts.compare.CompareQuery;
import dev.spendline.contracts.compare.CompareReport;
import dev.spendline.contracts.compare.CompareRow;
import dev.spendline.contracts.compare.CompareSubject;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.query.dashboard.DashboardTests;
import dev.spendline.query.dashboard.DashboardTests.FakeQueries;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * The comparison reads exactly {@code compare}'s parameters and shows both periods value by value:
 * search $500.00 → $800.00 (+$300.00, 60.0 %), chat $500.00 → $400.00 (-$100.00, -20.0 %), in all
 * $1,000.00 → $1,200.00 (+$200.00, 20.0 %).
 */
@WebMvcTest
@ContextConfiguration(classes = {DashboardTests.Slice.class, ComparePageTest.MidMorning.class})
class ComparePageTest {

    /** A clock inside a day, where "now minus 30 days" is not a day's edge. */
    @Configuration(proxyBeanMethods = false)
    static class MidMorning {
        @Bean
        @Primary
        Clock midMorning() {
            return Clock.fixed(Instant.parse("2026-11-11T10:17:00Z"), ZoneOffset.UTC);
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    FakeQueries queries;

    @BeforeEach
    void answers() {
        queries.reset();
        queries.on(QueryType.COMPARE, ComparePageTest::report);
    }

    @Test
    void showsBothPeriodsTheChangesAndWhatGrewAndFellMost() throws Exception {
        String page =
                page("/app/compare?by=feature&from=2026-11-01&to=2026-11-10&baseFrom=2026-10-01&baseTo=2026-10-10");
        assertThat(page)
                .contains("<h1>Compare spend by feature</h1>")
                .contains(">$1,200.00<")
                .contains(">$1,000.00<")
                .contains(">+$200.00<")
                .contains(">20.0 %<")
                .contains("<th scope=\"row\">search</th>")
                .contains(">$800.00<")
                .contains(">+$300.00<")
                .contains(">60.0 %<")
                .contains(">-$100.00<")
                .contains(">-20.0 %<")
                .contains("Grew most: <strong>search</strong>")
                .contains("Fell most: <strong>chat</strong>")
                .contains("2026-11-01T00:00:00Z to 2026-11-11T00:00:00Z");
        CompareQuery query = queries.of(CompareQuery.class).get(0);
        assertThat(query.subject()).isEqualTo(CompareSubject.SPEND);
        assertThat(query.currentSpend().by()).isEqualTo(Dimension.FEATURE);
        assertThat(query.currentSpend().from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(query.baseSpend().from()).isEqualTo(Instant.parse("2026-10-01T00:00:00Z"));
        assertThat(query.baseSpend().to()).isEqualTo(Instant.parse("2026-10-11T00:00:00Z"));
    }

    @Test
    void withoutDatesTheLast30WholeDaysAreComparedWithThe30DaysRightBeforeWithoutOverlap() throws Exception {
        // Edges inside a day older than the hours kept are read as the whole day: "now minus 30 days"
        // as the current start and the base end put that day in both periods.
        String page = page("/app/compare?by=feature");
        CompareQuery query = queries.of(CompareQuery.class).get(0);
        assertThat(query.currentSpend().from()).isEqualTo(Instant.parse("2026-10-12T00:00:00Z"));
        assertThat(query.currentSpend().to()).isEqualTo(Instant.parse("2026-11-11T00:00:00Z"));
        assertThat(query.baseSpend().from()).isEqualTo(Instant.parse("2026-09-12T00:00:00Z"));
        assertThat(query.baseSpend().to()).isEqualTo(query.currentSpend().from());
        assertThat(page)
                .contains("2026-10-12T00:00:00Z to 2026-11-11T00:00:00Z")
                .contains("2026-09-12T00:00:00Z to 2026-10-12T00:00:00Z")
                .contains("30 whole days, to the start of today")
                // The fields hold the periods used, as dates with the end included: real values, not samples.
                .contains("name=\"from\" type=\"text\" value=\"2026-10-12\"")
                .contains("name=\"to\" type=\"text\" value=\"2026-11-10\"")
                .contains("name=\"baseFrom\" type=\"text\" value=\"2026-09-12\"")
                .contains("name=\"baseTo\" type=\"text\" value=\"2026-10-11\"")
                .doesNotContain("placeholder=\"2026-");
    }

    @Test
    void badParametersAreA400PageListingEveryProblem() throws Exception {
        MvcResult result = mvc.perform(get("/app/compare?report=profit&baseFrom=2026-10-01")
                        .with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        assertThat(result.getResponse().getContentAsString())
                .contains("report: must be spend, margin_by_customer or margin_by_feature")
                .contains("baseTo: baseFrom and baseTo are given together");
        assertThat(queries.asked).isEmpty();
    }

    @Test
    void csvExportHasTheHeaderAndTheExactFigures() throws Exception {
        MvcResult result = mvc.perform(
                        get("/app/compare?by=feature&format=csv").with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        assertThat(result.getResponse().getHeader("Content-Disposition"))
                .isEqualTo("attachment; filename=\"compare-spend-by-feature.csv\"");
        assertThat(result.getResponse().getContentAsString())
                .isEqualTo("feature,current_cost,base_cost,change,change_percent\r\n"
                        + "search,800.00,500.00,300.00,60.0\r\n"
                        + "chat,400.00,500.00,-100.00,-20.0\r\n");
    }

    private String page(String url, Object... values) throws Exception {
        return DashboardTests.render(mvc, 200, url, values);
    }

    private static CompareReport report(CompareQuery q) {
        return new CompareReport(
                WORKSPACE,
                "spend",
                "feature",
                "product",
                Map.of(),
                "cost",
                new ComparePeriod(
                        q.currentSpend().from().toString(),
                        q.currentSpend().to().toString()),
                new ComparePeriod(
                        q.baseSpend().from().toString(), q.baseSpend().to().toString()),
                q.limit(),
                2,
                List.of(
                        row("search", "800.00", "500.00", "300.00", "60.0"),
                        row("chat", "400.00", "500.00", "-100.00", "-20.0")),
                row(null, "1200.00", "1000.00", "200.00", "20.0"),
                List.of("search"),
                List.of("chat"));
    }

    private static CompareRow row(String value, String current, String base, String change, String percent) {
        return new CompareRow(
                value, new BigDecimal(current), new BigDecimal(base), new BigDecimal(change), new BigDecimal(percent));
    }
}
