package dev.spendline.query.dashboard.overview;

import static dev.spendline.query.dashboard.DashboardTests.NOW;
import static dev.spendline.query.dashboard.DashboardTests.WORKSPACE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.query.dashboard.DashboardTests;
import dev.spendline.query.dashboard.DashboardTests.FakeQueries;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * The overview shows the figures of its reads, formatted: at 2026-11-11 00:00 UTC (10 of 30 days of
 * November passed) with $100.00 on 2026-10-20, $200.00 on 2026-11-01 and $12.34 today, this month
 * is $212.34 and its run rate $637.02; the live fragment is the figures alone, from one read.
 */
@WebMvcTest
@ContextConfiguration(classes = DashboardTests.Slice.class)
class OverviewPageTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    FakeQueries queries;

    @BeforeEach
    void answers() {
        queries.reset();
        queries.on(QueryType.SPEND_BY, q -> q.grain() == TimeGrain.DAY ? days(q, true) : top(q));
        queries.on(
                QueryType.ACTIVE_ALERTS, q -> new ActiveAlertsReport(WORKSPACE, q.asOf(), List.of(alert()), List.of()));
        queries.on(QueryType.TOP_WASTE, OverviewPageTest::waste);
    }

    @Test
    void showsTodayTheMonthAndItsRunRateForecast() throws Exception {
        String page = page("/app");
        assertThat(page)
                .contains("<h1>Overview</h1>")
                .contains(">$12.34<") // today
                .contains("3 calls on 2026-11-11")
                .contains(">$212.34<") // this month: 200.00 + 12.34
                .contains("13 calls in 2026-11")
                .contains(">$637.02<"); // 212.34 / (10 / 30)
        SpendQuery days = queries.of(SpendQuery.class).get(0);
        assertThat(days.grain()).isEqualTo(TimeGrain.DAY);
        assertThat(days.from()).isEqualTo(Instant.parse("2026-10-13T00:00:00Z"));
        assertThat(days.to()).isEqualTo(Instant.parse("2026-11-11T01:00:00Z"));
    }

    @Test
    void drawsTheLast30DaysFromADataAttributeWithTheSameFiguresInATable() throws Exception {
        String page = page("/app/");
        assertThat(page)
                .contains("data-chart=\"{&quot;label&quot;:&quot;Cost (USD)&quot;,&quot;unit&quot;:&quot;usd&quot;,"
                        + "&quot;labels&quot;:[&quot;2026-10-13&quot;")
                .contains("&quot;2026-11-11&quot;]")
                .contains("<th scope=\"row\">2026-10-20</th>")
                .contains("/webjars/chart.js/dist/chart.umd.js")
                .contains("/assets/charts.js")
                .doesNotContain("<script>")
                .doesNotContain("style=");
        assertThat(page.split("<th scope=\"row\">2026-1", -1)).hasSize(31); // 30 days
    }

    @Test
    void listsTheMonthsTopFeaturesCustomersAndModelsLinkingToTheExplorer() throws Exception {
        String page = page("/app");
        assertThat(page)
                .contains("<h3>Features</h3>")
                .contains("<h3>Customers</h3>")
                .contains("<h3>Models</h3>")
                .contains("href=\"/app/spend?by=model&amp;from=2026-11-01&amp;to=2026-11-11&amp;feature=search\"")
                .contains("href=\"/app/spend?by=feature&amp;from=2026-11-01&amp;to=2026-11-11&amp;tenant=acme\"")
                .contains(">$150.00<")
                .contains(">$62.34<");
        List<SpendQuery> tops = queries.of(SpendQuery.class).stream()
                .filter(q -> q.by() != null && q.usage() == UsageKind.PRODUCT)
                .toList();
        assertThat(tops)
                .extracting(SpendQuery::by)
                .containsExactly(Dimension.FEATURE, Dimension.TENANT, Dimension.MODEL);
        assertThat(tops).allSatisfy(q -> {
            assertThat(q.from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
            assertThat(q.limit()).isEqualTo(5);
        });
    }

    @Test
    void aDrillDownLinkEncodesThePlusOfAValueSoTheExplorerReadsTheSameValue() throws Exception {
        queries.on(QueryType.SPEND_BY, q -> q.grain() == TimeGrain.DAY ? days(q, true) : plusTenant(q));

        String page = page("/app");

        String link = "/app/spend?by=feature&from=2026-11-01&to=2026-11-11&tenant=a%2Bb%20%26%20c%2Fd";
        assertThat(page).contains("href=\"" + link.replace("&", "&amp;") + "\"");
        // As a servlet container reads a query (form decoding: a bare + would be a space).
        String tenant = link.substring(link.indexOf("tenant=") + "tenant=".length());
        assertThat(URLDecoder.decode(tenant, StandardCharsets.UTF_8)).isEqualTo("a+b & c/d");
    }

    private static SpendReport plusTenant(SpendQuery q) {
        if (q.by() != Dimension.TENANT) {
            return top(q);
        }
        List<SpendRow> rows = List.of(new SpendRow("a+b & c/d", measures("212.34", 13)));
        return new SpendReport(
                WORKSPACE,
                "product",
                q.by().wireName(),
                q.from(),
                q.to(),
                Map.of(),
                q.limit(),
                rows.size(),
                rows,
                Measures.ZERO,
                measures("212.34", 13));
    }

    @Test
    void showsActiveAlertsAndTheMonthsWasteByKind() throws Exception {
        String page = page("/app");
        assertThat(page)
                .contains("1 active, 0 snoozed.")
                .contains("Budget Search monthly is at 92.0 % of $500.00.")
                .contains("href=\"/app/alerts\"")
                .contains(">$23.45<")
                .contains("in 7 wasteful calls, 11.0 % of $212.34 spend.")
                .contains("href=\"/app/waste?from=2026-11-01&amp;to=2026-11-11&amp;kind=FAILED_CALL\">Failed call</a>")
                .contains("<strong>Warning</strong>")
                .contains(">$20.00<");
        assertThat(queries.of(TopWasteQuery.class).get(0).from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
    }

    @Test
    void theLiveFragmentIsTheFiguresAloneFromOneRead() throws Exception {
        String fragment = page("/app?fragment=figures");
        assertThat(fragment)
                .startsWith("<section id=\"overview-figures\"")
                .contains("hx-get=\"/app?fragment=figures\"")
                .contains("hx-trigger=\"every 1s\"")
                .contains(">$212.34<")
                .doesNotContain("<html")
                .doesNotContain("Largest this month");
        assertThat(queries.asked).hasSize(1);
    }

    @Test
    void anEmptyWorkspaceSaysWhatToSendWithACurlExample() throws Exception {
        queries.on(QueryType.SPEND_BY, q -> q.grain() == TimeGrain.DAY ? days(q, false) : top(q));
        String page = page("/app");
        assertThat(page)
                .contains("No events yet.")
                .contains("curl -sS -X POST &quot;https://spendline.example.com/api/v1/events&quot;")
                .contains("Authorization: Bearer $SPENDLINE_API_KEY")
                .contains("&quot;externalId&quot;:&quot;req-7f3a&quot;")
                .contains("data-copy=\"#ingest-curl\"")
                .doesNotContain("Forecast for the month");
    }

    /** The contract the empty overview states is the event reader's, not prose that can drift from it. */
    @Test
    void anEmptyWorkspaceNamesExactlyTheFieldsIngestRequires() throws Exception {
        queries.on(QueryType.SPEND_BY, q -> q.grain() == TimeGrain.DAY ? days(q, false) : top(q));
        String page = page("/app");
        int start = page.indexOf("id=\"ingest-fields\">");
        String note = page.substring(start, page.indexOf("</p>", start))
                .replaceAll("<[^>]+>", "")
                .replaceAll("\\s+", " ")
                .substring("id=\"ingest-fields\">".length())
                .trim();
        assertThat(note)
                .startsWith("Every event needs provider, model, promptTokens, outputTokens and costUsd.")
                .contains("Optional: source and externalId, always together")
                .doesNotContain("price book");
        String required = note.substring(0, note.indexOf('.'));
        for (String field : ProductEventReader.requiredFields()) {
            assertThat(required).contains(field);
        }
    }

    /** A person who mistypes a dashboard address gets a page in the frame; the API keeps its JSON. */
    @Test
    void aMistypedDashboardAddressIsA404PageAndAnApiPathStaysJson() throws Exception {
        MvcResult page = mvc.perform(get("/app/spnd").with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(page.getResponse().getStatus()).isEqualTo(404);
        assertThat(page.getResponse().getContentType()).startsWith("text/html");
        assertThat(page.getResponse().getContentAsString())
                .contains("<h1>There is no such page</h1>")
                .contains("Nothing in the dashboard is at /app/spnd.")
                .contains("<a href=\"/app\">Go to the overview</a>.")
                .contains("href=\"/app/spend\""); // the frame's menu

        MvcResult api = mvc.perform(get("/api/v1/nothing-here").with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(api.getResponse().getStatus()).isEqualTo(404);
        assertThat(api.getResponse().getContentType()).startsWith("application/problem+json");
        assertThat(api.getResponse().getContentAsString()).contains("\"code\":\"not_found\"");
    }

    @Test
    void anUnknownFragmentIsA400Page() throws Exception {
        MvcResult result = mvc.perform(get("/app?fragment=everything").with(authentication(DashboardTests.signedIn())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        assertThat(result.getResponse().getContentAsString()).contains("fragment: must be one of figures");
    }

    private String page(String url, Object... values) throws Exception {
        return DashboardTests.render(mvc, 200, url, values);
    }

    /** Every day of the range, as the stores list them; with spend on three days, or none at all. */
    private static SpendReport days(SpendQuery q, boolean spend) {
        Map<String, Measures> spent = spend
                ? Map.of(
                        "2026-10-20", measures("100.00", 5),
                        "2026-11-01", measures("200.00", 10),
                        "2026-11-11", measures("12.34", 3))
                : Map.of();
        List<SpendRow> rows = new ArrayList<>();
        for (LocalDate day = LocalDate.ofInstant(q.from(), ZoneOffset.UTC);
                day.atStartOfDay().toInstant(ZoneOffset.UTC).isBefore(q.to());
                day = day.plusDays(1)) {
            rows.add(new SpendRow(day.toString(), spent.getOrDefault(day.toString(), Measures.ZERO)));
        }
        Measures total = spend ? measures("312.34", 18) : Measures.ZERO;
        return new SpendReport(
                WORKSPACE,
                "product",
                "day",
                q.from(),
                q.to(),
                Map.of(),
                q.limit(),
                "cost",
                "asc",
                rows.size(),
                rows,
                Measures.ZERO,
                total);
    }

    /** Issue #31: AI-tool usage without a price is said on the overview, with the fix; nothing when all is priced. */
    @Test
    void unpricedAiToolUsageOfTheMonthIsShownWithTheFix() throws Exception {
        assertThat(page("/app")).doesNotContain("overview-unpriced");

        UnpricedUsage unpriced = new UnpricedUsage(3, 42_000, 30_000, 1_500, List.of("gpt-9-turbo"));
        answerInternalUsageWith(unpriced);
        String page = page("/app");
        assertThat(page)
                .contains("id=\"overview-unpriced\"")
                .contains("3 usage rows this month (gpt-9-turbo; 42,000 input and 1,500 output tokens) count $0.00")
                .contains("To cost them, " + UnpricedUsage.FIX + ".");

        // The report's own fix, whatever it says (the standalone's names its add-price command), not a text of the
        // page's.
        String command =
                "run bin/spendline-local add-price --provider PROVIDER --model gpt-9-turbo --input USD_PER_MTOK"
                        + " --output USD_PER_MTOK --data-dir ./data";
        answerInternalUsageWith(unpriced.withFix(command));
        assertThat(page("/app"))
                .contains("To cost them, " + command + ".")
                .doesNotContain("spendline.pricing.price-book-file");
        assertThat(queries.of(SpendQuery.class))
                .filteredOn(q -> q.usage() == UsageKind.INTERNAL)
                .hasSize(3) // one read a page, the three pages above
                .allSatisfy(q -> {
                    assertThat(q.by()).isEqualTo(Dimension.INTERNAL_MODEL);
                    assertThat(q.from()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
                });
    }

    /** Internal usage answers with {@code unpriced} as its unpriced part; product usage as before. */
    private void answerInternalUsageWith(UnpricedUsage unpriced) {
        queries.on(
                QueryType.SPEND_BY,
                q -> q.grain() == TimeGrain.DAY
                        ? days(q, true)
                        : q.usage() == UsageKind.INTERNAL ? top(q).withUnpriced(unpriced) : top(q));
    }

    private static SpendReport top(SpendQuery q) {
        List<SpendRow> rows =
                switch (q.by()) {
                    case FEATURE -> List.of(
                            new SpendRow("search", measures("150.00", 9)), new SpendRow("chat", measures("62.34", 4)));
                    case TENANT -> List.of(new SpendRow("acme", measures("212.34", 13)));
                    default -> List.of(new SpendRow("gpt-4o", measures("212.34", 13)));
                };
        return new SpendReport(
                WORKSPACE,
                "product",
                q.by().wireName(),
                q.from(),
                q.to(),
                Map.of(),
                q.limit(),
                rows.size(),
                rows,
                Measures.ZERO,
                measures("212.34", 13));
    }

    private static TopWasteReport waste(TopWasteQuery q) {
        return new TopWasteReport(
                WORKSPACE,
                q.from(),
                q.to(),
                null,
                q.limit(),
                new BigDecimal("23.45"),
                7,
                new BigDecimal("212.34"),
                new BigDecimal("11.0"),
                List.of(
                        new WasteRow(WasteKind.FAILED_CALL, null, new BigDecimal("20.00"), 5),
                        new WasteRow(WasteKind.RETRY, null, new BigDecimal("3.45"), 2)),
                List.of());
    }

    private static Alert alert() {
        return new Alert(
                Alert.SCHEMA_VERSION,
                WORKSPACE,
                "alr_1",
                AlertType.BUDGET_THRESHOLD,
                AlertSeverity.WARNING,
                AlertStatus.values()[0],
                AlertChange.values()[0],
                BudgetScope.FEATURE,
                "search",
                NOW,
                NOW,
                null,
                "Budget Search monthly is at 92.0 % of $500.00.",
                null);
    }

    private static Measures measures(String cost, long calls) {
        return new Measures(new BigDecimal(cost), calls, calls * 1000, calls * 100, 0, 0, 0, 0, null);
    }
}
