package dev.spendline.query.dashboard;

import static dev.spendline.query.dashboard.DashboardSlice.NOW;
import static dev.spendline.query.dashboard.DashboardSlice.TEAM_WS;
import static dev.spendline.query.dashboard.DashboardSlice.signedIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.alert.SnoozedAlert;
import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatus;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.experiment.VariantStats;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMargin;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.margin.MarginTotals;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.savings.Recommendation;
import dev.spendline.contracts.savings.RecommendationEvidence;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.savings.SuggestedAction;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.contracts.waste.WasteRow;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.dashboard.DashboardSlice.FixedQueries;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.util.HtmlUtils;

/**
 * The report views of margin, waste, savings, budgets, alerts and experiments: each page shows the
 * report's exact figures as {@link Formats} writes them (as Ask's answers do), hands the tool the
 * parameters of the URL, answers bad parameters with a 400 page naming each problem, and exports
 * its table as CSV with exact figures.
 */
@WebMvcTest
@ContextConfiguration(classes = DashboardSlice.class)
class ReportViewsTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    FixedQueries queries;

    @BeforeEach
    void answers() {
        queries.reset();
        queries.set(QueryType.MARGIN_BY_CUSTOMER, q -> customerMargin(q));
        queries.set(QueryType.MARGIN_BY_FEATURE, q -> featureMargin());
        queries.set(QueryType.TOP_WASTE, q -> waste());
        queries.set(QueryType.SAVINGS_RECOMMENDATIONS, q -> savings());
        queries.set(QueryType.BUDGET_STATUS, q -> budgets());
        queries.set(QueryType.ACTIVE_ALERTS, q -> alerts());
        queries.set(QueryType.EXPERIMENTS, q -> experiments());
    }

    @Test
    void customerMarginShowsTheTotalsAndEachCustomerWithLossesAndMissingRevenueInWords() throws Exception {
        String page = page("/app/margin/customers?from=2026-10&to=2026-11&limit=10");
        assertThat(queries.last())
                .isEqualTo(new MarginQuery(TEAM_WS, YearMonth.of(2026, 10), YearMonth.of(2026, 11), 10, null, null));
        assertThat(page)
                .contains("Customer margin")
                .contains("$1,200.00", "$1,534.57", "-$334.57", "-27.9 %") // totals
                .contains(">acme<", "$1,534.5678".substring(0, 6), "12,345", "Loss")
                .contains(">globex<", "$0.0042", "No revenue")
                .contains("plus $3.25 of calls without a customer")
                .contains("1 of 2 customers have AI cost but no revenue entered for these months.")
                .contains("href=\"/app/settings/revenue\"");
    }

    @Test
    void customerMarginWithoutRowsSaysWhereToAddRevenue() throws Exception {
        String page = page("/app/margin/customers?tenant=nobody");
        assertThat(((MarginQuery) queries.last()).tenant()).isEqualTo("nobody");
        assertThat(page)
                .contains("No customer had revenue or AI cost in these months")
                .contains("href=\"/app/settings/revenue\"");
    }

    @Test
    void anEmptyFilterFieldMeansNoFilterAsAFormSendsIt() throws Exception {
        page("/app/margin/customers?from=2026-11&tenant=&feature=");
        assertThat(queries.last())
                .isEqualTo(new MarginQuery(TEAM_WS, YearMonth.of(2026, 11), YearMonth.of(2026, 11), 50, null, null));
    }

    @Test
    void featureMarginShowsEachFeatureAndTheUnattributedOne() throws Exception {
        assertThat(page("/app/margin/features?from=2026-11&to=2026-11"))
                .contains("Feature margin", "$800.00", "$1,000.00", "-$200.00", "-25.0 %")
                .contains(">search<", "$650.10", ">not attributed<")
                .contains("plus $99.99 from customers without AI cost");
    }

    @Test
    void marginTablesShowTheEstimatedPartOfEachRowOnlyWhenSomethingIsEstimated() throws Exception {
        // Features: $150.10 of search's cost came from the price book (calls sent with cost 0).
        String features = page("/app/margin/features?from=2026-11&to=2026-11");
        assertThat(features)
                .contains("of which $150.10 estimated from list prices", "Of which estimated")
                .containsPattern("\\$650\\.10</td>\\s*<td class=\"num\">\\$150\\.10</td>")
                .containsPattern("\\$349\\.90</td>\\s*<td class=\"num\">\\$0\\.00</td>");
        String csv = mvc.perform(
                        get("/app/margin/features?from=2026-11&format=csv").with(team()))
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(csv)
                .isEqualTo(
                        "feature,allocated_revenue_usd,ai_cost_usd,margin_usd,margin_percent,calls,estimated_cost_usd\r\n"
                                + "search,500.00,650.10,-150.10,-30.0,900,150.1\r\n"
                                + "\"\",300.00,349.90,-49.90,-16.6,100,0.00\r\n");
        // Customers: every call came with its cost, so no column to read zeros from.
        assertThat(page("/app/margin/customers?from=2026-10&to=2026-11"))
                .contains("$1,534.57")
                .doesNotContain("Of which estimated", "estimated from list prices");
    }

    @Test
    void badParametersAreA400PageNamingEachProblemAndNothingIsRead() throws Exception {
        String margin = invalid("/app/margin/customers?from=November&kind=RETRY");
        assertThat(margin)
                .contains("This view cannot be shown with these parameters")
                .contains("from: must be a calendar month like 2026-11")
                .contains("kind: is not a parameter; use feature, from, limit, tenant, to");
        assertThat(invalid("/app/waste?kind=IDLE_AGENT"))
                .contains("kind: must be one of FAILED_CALL, RETRY, DUPLICATE_STEP, RUNAWAY_RUN, CACHE_MISS,"
                        + " MODEL_OVERKILL");
        assertThat(invalid("/app/budgets?scope=WORKSPACE&value=search"))
                .contains("value: must be left out for scope WORKSPACE, which has no value");
        assertThat(invalid("/app/alerts?severity=LOW")).contains("severity: must be one of INFO, WARNING, CRITICAL");
        assertThat(invalid("/app/savings?limit=1000")).contains("limit: limit must be between 1 and 100");
        assertThat(invalid("/app/experiments?experiment=x"))
                .contains("experiment: is not a parameter; this view takes only format=csv");
        assertThat(invalid("/app/margin/features?format=xlsx"))
                .contains("format: must be csv (the table as a download) or left out");
    }

    @Test
    void marginCsvHasTheExactFiguresOfTheSameQuery() throws Exception {
        MvcResult result = mvc.perform(
                        get("/app/margin/customers?from=2026-10&format=csv").with(team()))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        assertThat(result.getResponse().getContentType()).isEqualTo("text/csv;charset=UTF-8");
        assertThat(result.getResponse().getHeader("Content-Disposition"))
                .isEqualTo("attachment; filename=\"margin-by-customer-2026-10-2026-11.csv\"");
        assertThat(((MarginQuery) queries.last()).from()).isEqualTo(YearMonth.of(2026, 10));
        assertThat(result.getResponse().getContentAsString())
                .isEqualTo("tenant,revenue_usd,ai_cost_usd,margin_usd,margin_percent,calls,flags,estimated_cost_usd\r\n"
                        + "acme,1200.00,1534.5678,-334.5678,-27.9,12345,NEGATIVE_MARGIN,0.00\r\n"
                        + "globex,0,0.0042,-0.0042,,3,NO_REVENUE,0.00\r\n");
    }

    @Test
    void wasteShowsKindsAndTheDimensionWithTheirCallsAndCarriesTheFilter() throws Exception {
        String page = page("/app/waste?feature=search&kind=FAILED_CALL&limit=5");
        assertThat(queries.last())
                .isEqualTo(new TopWasteQuery(
                        TEAM_WS,
                        Instant.parse("2026-10-24T00:00:00Z"),
                        Instant.parse("2026-11-23T00:00:00Z"),
                        Dimension.FEATURE,
                        5,
                        WasteKind.FAILED_CALL,
                        "search"));
        assertThat(page)
                .contains("$87.65", "1,204 wasteful calls", "7.3 %", "of $1,200.69 spend")
                .contains("<th scope=\"row\">Failed call</th>", "Failed calls: paid for, no result", "$80.00", "1,000")
                .doesNotContain(">FAILED_CALL<")
                .contains("By kind and feature", ">search<", "$87.6543".substring(0, 6));
        String csv = mvc.perform(get("/app/waste?by=feature&format=csv").with(team()))
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(csv)
                .isEqualTo("kind,feature,waste_usd,calls\r\n"
                        + "FAILED_CALL,search,80.00,1000\r\n"
                        + "RETRY,search,7.6543,204\r\n");
    }

    @Test
    void theCsvLinkOfAFilteredViewKeepsAPlusInTheFilter() throws Exception {
        MvcResult result = mvc.perform(get("/app/waste?feature={feature}&kind=FAILED_CALL", "a+b & c")
                        .with(team()))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        String page = result.getResponse().getContentAsString();

        assertThat(((TopWasteQuery) queries.last()).value()).isEqualTo("a+b & c");
        assertThat(page).contains("href=\"/app/waste?feature=a%2Bb%20%26%20c&amp;kind=FAILED_CALL&amp;format=csv\"");
    }

    @Test
    void savingsShowEachRecommendationWithItsSavingAndEvidence() throws Exception {
        assertThat(page("/app/savings?kind=USE_CHEAPER_MODEL"))
                .contains("$412.30") // the total and the recommendation
                .contains("Use a cheaper model for search")
                // Kinds in words, as the overview writes them; the comma after the calls, not before.
                .contains("$1,650.00 of model overkill in 9,876 calls,</span>")
                .contains(">Use cheaper model</span>")
                .doesNotContain(">MODEL_OVERKILL<")
                .doesNotContain(">USE_CHEAPER_MODEL<")
                .contains("of $4,321.09 spend, 2026-10-23 to 2026-11-22")
                .contains("; models: gpt-4.1")
                .contains(HtmlUtils.htmlEscape("gpt-4.1-mini at its observed cost per token"))
                .contains("Route search to gpt-4.1-mini");
        assertThat(mvc.perform(get("/app/savings?format=csv").with(team()))
                        .andReturn()
                        .getResponse()
                        .getContentAsString())
                .contains("rec_1,USE_CHEAPER_MODEL,Use a cheaper model for search,412.30,feature,search,"
                        + "MODEL_OVERKILL,9876,1650.00,4321.09,,gpt-4.1,");
    }

    @Test
    void budgetsShowLimitSpentUsedForecastAndState() throws Exception {
        assertThat(page("/app/budgets?state=warning"))
                .contains(">Support bot<", "feature support-bot", "MONTHLY")
                .contains("$500.00", "$412.34", "82.5 %", "$577.28", "WARNING")
                .contains("action=\"/app/budgets/prepare\"");
        assertThat(mvc.perform(get("/app/budgets?format=csv").with(team()))
                        .andReturn()
                        .getResponse()
                        .getContentAsString())
                .endsWith("bud_1,Support bot,FEATURE,support-bot,MONTHLY,2026-11-01T00:00:00Z,2026-12-01T00:00:00Z,"
                        + "500,412.34,82.5,577.28,WARNING\r\n");
    }

    /** Ask refuses to create budgets: the empty state points to what does, the form below and the CLI. */
    @Test
    void withoutBudgetsThePagePointsToItsFormAndTheCliNotToAsk() throws Exception {
        queries.set(QueryType.BUDGET_STATUS, q -> new BudgetStatusReport(TEAM_WS, NOW, 0, 0, 0, List.of()));
        assertThat(page("/app/budgets"))
                .contains("No budgets match")
                .contains("<a href=\"#create-budget\">Create a budget</a>")
                .contains("<h2 id=\"create-budget\">Create a budget</h2>")
                .contains("spendline action prepare-budget --name \"Monthly AI\" --limit-usd 500 --scope WORKSPACE")
                .doesNotContain("or ask");
    }

    /** Ask's link to a budget asked for: the page with the create form filled in, nothing prepared. */
    @Test
    void theCreateFormIsFilledInFromTheQueryOfBudgetsNew() throws Exception {
        // A URI as Ask links it (encoded), not a template MockMvc would encode again.
        String page = page(java.net
                .URI
                .create("/app/budgets/new?name=search%20monthly&limitUsd=500&scope=FEATURE"
                        + "&scopeValue=search&period=WEEKLY")
                .toString());
        assertThat(page)
                .contains("id=\"budget-name\" name=\"name\" type=\"text\" maxlength=\"100\" required"
                        + " value=\"search monthly\"")
                .contains("name=\"limitUsd\" type=\"text\" inputmode=\"decimal\" required value=\"500\"")
                .contains("<option value=\"WEEKLY\" selected=\"selected\">WEEKLY</option>")
                .contains("<option value=\"FEATURE\" selected=\"selected\">FEATURE</option>")
                .contains("name=\"scopeValue\" type=\"text\" value=\"search\"")
                .contains(">Support bot<")
                .doesNotContain("confirmationPhrase");
        // Without parameters it is the blank form: the whole workspace, monthly.
        assertThat(page("/app/budgets/new"))
                .contains("<option value=\"WORKSPACE\" selected=\"selected\">WORKSPACE</option>")
                .contains("<option value=\"MONTHLY\" selected=\"selected\">MONTHLY</option>");
    }

    @Test
    void aFreeWorkspaceSeesThatCreatingBudgetsNeedsTeamInsteadOfTheForm() throws Exception {
        String page = mvc.perform(get("/app/budgets").with(authentication(signedIn("usr_free", Plan.FREE))))
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(page)
                .contains("Creating budgets needs the Team plan. This workspace is on the FREE plan;")
                .doesNotContain("action=\"/app/budgets/prepare\"");
    }

    @Test
    void alertsShowActiveAndSnoozedWithTheirEvidence() throws Exception {
        assertThat(page("/app/alerts?scope=FEATURE&value=support-bot"))
                .contains("Budget Support bot reached 80 %")
                .contains("Support bot: $412.34 of $500.00 (82.5 %)", ", forecast $577.28")
                .contains("action=\"/app/alerts/snooze\"", "value=\"alr_1\"")
                .contains("Spend this hour is 5 times the usual")
                .contains("$42.00 in the hour, usual $8.40, threshold $25.20")
                .contains("2026-11-23 10:00 UTC", "known launch traffic");
    }

    @Test
    void experimentsShowEachVariantsCostPerSuccess() throws Exception {
        assertThat(page("/app/experiments"))
                .contains(">prompt-v2<", ">control<", ">v2<")
                .contains("1,000", "990", "$4.20", "$0.0042", "$0.0065")
                .contains("Prepare a guardrail on prompt-v2");
        assertThat(mvc.perform(get("/app/experiments?format=csv").with(team()))
                        .andReturn()
                        .getResponse()
                        .getContentAsString())
                .contains("prompt-v2,control,1000,990,4.20,0.004242424,");
    }

    private String page(String url) throws Exception {
        MvcResult result =
                mvc.perform(get(java.net.URI.create(url)).with(team())).andReturn();
        assertThat(result.getResponse().getStatus()).as(url).isEqualTo(200);
        assertThat(result.getResponse().getContentType()).startsWith("text/html");
        return result.getResponse().getContentAsString();
    }

    private String invalid(String url) throws Exception {
        queries.asked.clear();
        MvcResult result = mvc.perform(get(url).with(team())).andReturn();
        assertThat(result.getResponse().getStatus()).as(url).isEqualTo(400);
        assertThat(result.getResponse().getContentType()).startsWith("text/html");
        assertThat(queries.asked).as("queries run for " + url).isEmpty();
        return HtmlUtils.htmlUnescape(result.getResponse().getContentAsString());
    }

    private static org.springframework.test.web.servlet.request.RequestPostProcessor team() {
        return authentication(signedIn("usr_ann", Plan.TEAM));
    }

    private static BigDecimal usd(String amount) {
        return new BigDecimal(amount);
    }

    private static CustomerMarginReport customerMargin(MarginQuery q) {
        if ("nobody".equals(q.tenant())) {
            return new CustomerMarginReport(
                    TEAM_WS,
                    "2026-11",
                    "2026-11",
                    50,
                    0,
                    0,
                    0,
                    List.of(),
                    new MarginTotals(usd("0"), usd("0"), usd("0"), null),
                    usd("0"));
        }
        return new CustomerMarginReport(
                TEAM_WS,
                q.from().toString(),
                q.to().toString(),
                q.limit(),
                2,
                1,
                2,
                List.of(
                        new CustomerMargin(
                                "acme",
                                usd("1200.00"),
                                usd("1534.5678"),
                                usd("-334.5678"),
                                usd("-27.9"),
                                12_345,
                                List.of(CustomerMargin.NEGATIVE_MARGIN)),
                        new CustomerMargin(
                                "globex",
                                usd("0"),
                                usd("0.0042"),
                                usd("-0.0042"),
                                null,
                                3,
                                List.of(CustomerMargin.NO_REVENUE))),
                new MarginTotals(usd("1200.00"), usd("1534.572"), usd("-334.572"), usd("-27.9")),
                usd("3.25"));
    }

    private static FeatureMarginReport featureMargin() {
        return new FeatureMarginReport(
                TEAM_WS,
                "2026-11",
                "2026-11",
                50,
                2,
                List.of(
                        new FeatureMargin(
                                "search",
                                usd("500.00"),
                                usd("650.10"),
                                usd("-150.10"),
                                usd("-30.0"),
                                900,
                                usd("150.1")),
                        new FeatureMargin(null, usd("300.00"), usd("349.90"), usd("-49.90"), usd("-16.6"), 100)),
                new MarginTotals(usd("800.00"), usd("1000.00"), usd("-200.00"), usd("-25.0"), usd("150.1")),
                usd("99.99"));
    }

    private static TopWasteReport waste() {
        return new TopWasteReport(
                TEAM_WS,
                NOW.minus(Duration.ofDays(30)),
                NOW,
                "feature",
                5,
                usd("87.6543"),
                1_204,
                usd("1200.69"),
                usd("7.3"),
                List.of(
                        new WasteRow(WasteKind.FAILED_CALL, null, usd("80.00"), 1_000),
                        new WasteRow(WasteKind.RETRY, null, usd("7.6543"), 204)),
                List.of(
                        new WasteRow(WasteKind.FAILED_CALL, "search", usd("80.00"), 1_000),
                        new WasteRow(WasteKind.RETRY, "search", usd("7.6543"), 204)));
    }

    private static SavingsReport savings() {
        Recommendation cheaper = new Recommendation(
                "rec_1",
                RecommendationKind.USE_CHEAPER_MODEL,
                "Use a cheaper model for search",
                new RecommendationEvidence(
                        NOW.minus(Duration.ofDays(30)),
                        NOW,
                        "feature",
                        "search",
                        WasteKind.MODEL_OVERKILL,
                        9_876,
                        usd("1650.00"),
                        usd("4321.09"),
                        null,
                        List.of("gpt-4.1")),
                usd("412.30"),
                "The overkill of 30 days at gpt-4.1-mini at its observed cost per token, scaled to 30 days",
                new SuggestedAction(SuggestedAction.Type.CHANGE, "Route search to gpt-4.1-mini", null));
        return new SavingsReport(TEAM_WS, NOW.minus(Duration.ofDays(30)), NOW, 10, 1, usd("412.30"), List.of(cheaper));
    }

    static Budget supportBot() {
        return new Budget(
                Budget.SCHEMA_VERSION,
                TEAM_WS,
                "bud_1",
                "Support bot",
                BudgetScope.FEATURE,
                "support-bot",
                BudgetPeriod.MONTHLY,
                usd("500"),
                NOW.minus(Duration.ofDays(40)),
                "session_user:usr_ann");
    }

    static BudgetStatusReport budgets() {
        BudgetStatus status = new BudgetStatus(
                supportBot(),
                Instant.parse("2026-11-01T00:00:00Z"),
                Instant.parse("2026-12-01T00:00:00Z"),
                usd("412.34"),
                usd("82.5"),
                usd("577.28"),
                BudgetState.WARNING);
        return new BudgetStatusReport(TEAM_WS, NOW, 0, 1, 0, List.of(status));
    }

    static ActiveAlertsReport alerts() {
        Alert budget = new Alert(
                Alert.SCHEMA_VERSION,
                TEAM_WS,
                "alr_1",
                AlertType.BUDGET_THRESHOLD,
                AlertSeverity.WARNING,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.FEATURE,
                "support-bot",
                NOW.minus(Duration.ofHours(3)),
                NOW.minus(Duration.ofHours(1)),
                null,
                "Budget Support bot reached 80 %",
                AlertEvidence.ofBudget(
                        "bud_1",
                        "Support bot",
                        usd("500"),
                        usd("412.34"),
                        usd("82.5"),
                        usd("577.28"),
                        80,
                        Instant.parse("2026-11-01T00:00:00Z"),
                        Instant.parse("2026-12-01T00:00:00Z")));
        Instant hour = Instant.parse("2026-11-22T09:00:00Z");
        Alert anomaly = new Alert(
                Alert.SCHEMA_VERSION,
                TEAM_WS,
                "alr_2",
                AlertType.SPEND_ANOMALY,
                AlertSeverity.CRITICAL,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.WORKSPACE,
                null,
                hour,
                hour,
                null,
                "Spend this hour is 5 times the usual",
                AlertEvidence.ofSpendAnomaly(hour, usd("42.00"), usd("8.40"), usd("25.20"), 310));
        return new ActiveAlertsReport(
                TEAM_WS,
                NOW,
                List.of(budget),
                List.of(new SnoozedAlert(
                        anomaly, Instant.parse("2026-11-23T10:00:00Z"), "known launch traffic", "usr_ann")));
    }

    static ExperimentsReport experiments() {
        Instant first = NOW.minus(Duration.ofDays(2));
        return new ExperimentsReport(
                TEAM_WS,
                List.of(new ExperimentSummary(
                        "prompt-v2",
                        List.of(
                                new VariantStats("control", 1_000, 990, usd("4.20"), usd("0.004242424"), first, NOW),
                                new VariantStats("v2", 1_000, 980, usd("6.37"), usd("0.006500000"), first, NOW)),
                        null,
                        List.of())));
    }
}
