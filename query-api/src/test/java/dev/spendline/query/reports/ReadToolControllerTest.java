package dev.spendline.query.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.query.problems.ProblemHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import tools.jackson.databind.JsonNode;

/**
 * The REST reports carry the read tools' filters (issue #15) from the query string to the query
 * record, and answer bad filters with 400 {@code invalid_parameters} listing every problem, without
 * running a query. The controller is generic over {@code ReadTool}; the readers' rules are tested
 * in contracts, this checks that the HTTP surface hands them the parameters as given.
 */
@WebMvcTest(controllers = ReadToolController.class)
class ReadToolControllerTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");
    /** The default range: 24 Oct – 22 Nov, today included. */
    private static final LastDays LAST_30_DAYS = LastDays.ending(LocalDate.parse("2026-11-22"), 30);

    private static final String WS = "ws_reports";

    @Autowired
    MockMvc mvc;

    @Autowired
    RecordingQueries queries;

    @BeforeEach
    void forget() {
        queries.asked.clear();
    }

    @Test
    void marginReportsCarryTheTenantAndFeatureFilters() throws Exception {
        ok("/api/v1/reports/margin/customers?from=2026-10&to=2026-11&tenant=acme&feature=search");
        assertThat(queries.last())
                .isEqualTo(new MarginQuery(
                        WS,
                        YearMonth.of(2026, 10),
                        YearMonth.of(2026, 11),
                        MarginQuery.DEFAULT_LIMIT,
                        "acme",
                        "search"));
        ok("/api/v1/reports/margin/features?tenant=acme");
        assertThat(queries.lastType()).isEqualTo(QueryType.MARGIN_BY_FEATURE);
        assertThat(((MarginQuery) queries.last()).tenant()).isEqualTo("acme");
    }

    @Test
    void topWasteCarriesTheKindAndADimensionFilterWhichTakesBy() throws Exception {
        ok("/api/v1/reports/waste?feature=search&kind=failed_call&limit=5");
        assertThat(queries.last())
                .isEqualTo(new TopWasteQuery(
                        WS,
                        LAST_30_DAYS.from(),
                        LAST_30_DAYS.to(),
                        Dimension.FEATURE,
                        5,
                        WasteKind.FAILED_CALL,
                        "search"));
        ok("/api/v1/reports/waste?by=model&model=gpt-4.1");
        assertThat(((TopWasteQuery) queries.last()).value()).isEqualTo("gpt-4.1");
    }

    @Test
    void savingsCarriesItsFilters() throws Exception {
        ok("/api/v1/reports/savings?kind=USE_CHEAPER_MODEL&feature=search&tenant=acme&workflow=triage&model=gpt-4.1");
        assertThat(queries.last())
                .isEqualTo(new SavingsQuery(
                        WS,
                        LAST_30_DAYS.from(),
                        LAST_30_DAYS.to(),
                        SavingsQuery.DEFAULT_LIMIT,
                        RecommendationKind.USE_CHEAPER_MODEL,
                        "search",
                        "acme",
                        "triage",
                        "gpt-4.1"));
    }

    @Test
    void budgetStatusAndActiveAlertsCarryTheirFilters() throws Exception {
        ok("/api/v1/reports/budget-status?scope=FEATURE&value=search&name={name}&state=exceeded", "Search monthly");
        assertThat(queries.last())
                .isEqualTo(new BudgetStatusQuery(
                        WS, NOW, BudgetScope.FEATURE, "search", "Search monthly", BudgetState.EXCEEDED));
        ok("/api/v1/reports/active-alerts?asOf=2026-11-15T12:00:00Z&scope=tenant&value=acme&type=BUDGET_FORECAST"
                + "&severity=WARNING");
        assertThat(queries.last())
                .isEqualTo(new ActiveAlertsQuery(
                        WS,
                        Instant.parse("2026-11-15T12:00:00Z"),
                        BudgetScope.TENANT,
                        "acme",
                        AlertType.BUDGET_FORECAST,
                        AlertSeverity.WARNING));
    }

    @Test
    void unknownFilterValuesAreEveryOneA400() throws Exception {
        JsonNode waste = invalid("/api/v1/reports/waste?kind=IDLE_AGENT&feature=");
        assertThat(problems(waste))
                .containsExactlyInAnyOrder(
                        "kind: must be one of FAILED_CALL, RETRY, DUPLICATE_STEP, RUNAWAY_RUN, CACHE_MISS, MODEL_OVERKILL",
                        "feature: must not be empty");
        assertThat(problems(invalid("/api/v1/reports/budget-status?scope=PLANET&state=RED")))
                .containsExactlyInAnyOrder(
                        "scope: must be one of WORKSPACE, FEATURE, TENANT, MODEL, PROVIDER, AGENT",
                        "state: must be one of OK, WARNING, EXCEEDED");
        assertThat(problems(invalid("/api/v1/reports/active-alerts?type=BUDGET&severity=LOW&scope=FEATURE")))
                .containsExactlyInAnyOrder(
                        "type: must be one of BUDGET_THRESHOLD, BUDGET_FORECAST, SPEND_ANOMALY, ERROR_RATE_SPIKE,"
                                + " EXPERIMENT_GUARDRAIL",
                        "severity: must be one of INFO, WARNING, CRITICAL");
        assertThat(problems(invalid("/api/v1/reports/savings?kind=SAVE_MONEY")))
                .singleElement()
                .asString()
                .startsWith("kind: must be one of FIX_FAILING_CALLS, ");
    }

    @Test
    void spendTakesADimensionPerAPeriod() throws Exception {
        ok("/api/v1/reports/spend?by=model&per=week&exclude=feature:onboarding");
        SpendQuery asked = (SpendQuery) queries.last();
        assertThat(asked.by()).isEqualTo(Dimension.MODEL);
        assertThat(asked.per()).isEqualTo(TimeGrain.WEEK);
        assertThat(asked.exclusions()).isEqualTo(Map.of(Dimension.FEATURE, java.util.Set.of("onboarding")));
    }

    @Test
    void perWithoutADimensionOrWithAnUnknownPeriodIsA400() throws Exception {
        assertThat(problems(invalid("/api/v1/reports/spend?by=day&per=week")))
                .containsExactly("per: needs by to be a dimension (e.g. by=model&per=week), not the period day");
        assertThat(problems(invalid("/api/v1/reports/spend?by=model&per=quarter")))
                .containsExactly("per: must be a period: hour, day, week or month, not 'quarter'");
        assertThat(problems(invalid("/api/v1/reports/spend?by=model&per=feature")))
                .containsExactly("per: must be a period: hour, day, week or month, not 'feature'");
        assertThat(problems(invalid("/api/v1/reports/spend?by=model&per=day&per=week")))
                .containsExactly("per: must be given once");
    }

    @Test
    void aValueWithoutItsScopeIsA400() throws Exception {
        assertThat(problems(invalid("/api/v1/reports/active-alerts?value=search")))
                .containsExactly("value: needs scope, the scope it is a value of (e.g. scope=FEATURE&value=search)");
        assertThat(problems(invalid("/api/v1/reports/budget-status?scope=WORKSPACE&value=search")))
                .containsExactly("value: must be left out for scope WORKSPACE, which has no value");
    }

    @Test
    void aWasteFilterOnAnotherDimensionThanByOrASecondOneIsA400() throws Exception {
        assertThat(problems(invalid("/api/v1/reports/waste?by=feature&model=gpt-4.1")))
                .singleElement()
                .asString()
                .startsWith("model: needs by left out or by=model, not by=feature");
        assertThat(problems(invalid("/api/v1/reports/waste?feature=search&model=gpt-4.1")))
                .singleElement()
                .asString()
                .startsWith("model: cannot be combined with the feature filter");
    }

    @Test
    void repeatedAndUnknownParametersAreA400() throws Exception {
        assertThat(
                        problems(
                                invalid(
                                        "/api/v1/reports/savings?kind=PROTECT_MARGIN&kind=REDUCE_RETRIES&tenant=a&tenant=b&by=feature")))
                .containsExactlyInAnyOrder(
                        "kind: must be given once",
                        "tenant: must be given once",
                        "by: is not a parameter; use feature, from, kind, limit, model, tenant, to, workflow");
        assertThat(problems(invalid("/api/v1/reports/margin/features?feature=a&feature=b&kind=RETRY")))
                .containsExactlyInAnyOrder(
                        "feature: must be given once",
                        "kind: is not a parameter; use feature, from, limit, tenant, to");
    }

    /** A 200 for {@code url} (a template: {@code {name}} takes the next value, encoded). */
    private void ok(String url, Object... values) throws Exception {
        MvcResult result = mvc.perform(get(url, values).with(authentication(workspaceKey())))
                .andReturn();
        assertThat(result.getResponse().getStatus()).as(url).isEqualTo(200);
        assertThat(result.getResponse().getContentAsString()).contains("answered");
    }

    /** A 400 invalid_parameters problem, after which no query ran. */
    private JsonNode invalid(String url) throws Exception {
        MvcResult result =
                mvc.perform(get(url).with(authentication(workspaceKey()))).andReturn();
        assertThat(result.getResponse().getStatus()).as(url).isEqualTo(400);
        assertThat(result.getResponse().getContentType()).isEqualTo("application/problem+json");
        JsonNode body = Json.MAPPER.readTree(result.getResponse().getContentAsString());
        assertThat(body.get("code").asString()).isEqualTo("invalid_parameters");
        assertThat(body.get("detail").asString())
                .isEqualTo(body.get("errors").size() + " problem(s) with the parameters");
        assertThat(queries.asked).as("queries run for " + url).isEmpty();
        return body;
    }

    /** Each problem as {@code "pointer: message"}. */
    private static List<String> problems(JsonNode body) {
        List<String> problems = new ArrayList<>();
        body.get("errors")
                .forEach(e -> problems.add(
                        e.get("pointer").asString() + ": " + e.get("message").asString()));
        return problems;
    }

    private static TestingAuthenticationToken workspaceKey() {
        return new TestingAuthenticationToken(Principal.apiKey(WS, "key_1", Plan.TEAM), null, "ROLE_API");
    }

    /** Answers every query with a marker and remembers what it was asked. */
    static final class RecordingQueries implements Queries {

        record Asked(QueryType<?, ?> type, WorkspaceQuery query) {}

        final List<Asked> asked = new ArrayList<>();

        @Override
        @SuppressWarnings("unchecked")
        public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
            asked.add(new Asked(type, query));
            return (A) Map.of("answered", type.name());
        }

        WorkspaceQuery last() {
            return asked.get(asked.size() - 1).query();
        }

        QueryType<?, ?> lastType() {
            return asked.get(asked.size() - 1).type();
        }
    }

    /** The controller and the error handler; Spring Security's defaults stand in for the API-key chain. */
    @SpringBootConfiguration
    @EnableWebSecurity
    @Import({ReadToolController.class, ProblemHandler.class})
    static class Config {

        @Bean
        RecordingQueries queries() {
            return new RecordingQueries();
        }

        @Bean
        Clock clock() {
            return Clock.fixed(NOW, ZoneOffset.UTC);
        }

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }
    }
}
