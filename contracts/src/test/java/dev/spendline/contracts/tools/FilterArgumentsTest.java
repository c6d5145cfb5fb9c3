package dev.spendline.contracts.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.alert.ActiveAlertsQuery;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatusQuery;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.WasteKind;
import java.time.Clock;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The filters of margin_by_customer / margin_by_feature, top_waste, savings_recommendations,
 * budget_status and active_alerts (issue #15), as their argument readers read them: REST, Ask and
 * MCP share these readers, so each rule is checked once here.
 */
class FilterArgumentsTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:17:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    /** The last 30 days, today included: 24 Oct 00:00 to 23 Nov 00:00 (LastDays). */
    private static final Instant LAST_30_FROM = Instant.parse("2026-10-24T00:00:00Z");

    private static final Instant LAST_30_TO = Instant.parse("2026-11-23T00:00:00Z");
    private static final YearMonth NOV = YearMonth.of(2026, 11);

    private final List<FieldError> errors = new ArrayList<>();

    /** Reads {@code pairs} (name, value, name, value, ...; a name may repeat) with the tool's reader. */
    private Object read(ArgumentReader<?> reader, String... pairs) {
        errors.clear();
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            params.computeIfAbsent(pairs[i], name -> new ArrayList<>()).add(pairs[i + 1]);
        }
        try {
            return reader.read("ws_1", ToolArguments.ofParameters(params), CLOCK);
        } catch (InvalidArgumentsException e) {
            errors.addAll(e.errors());
            return null;
        }
    }

    private List<String> pointers() {
        return errors.stream().map(FieldError::pointer).toList();
    }

    private String messageOf(String pointer) {
        return errors.stream()
                .filter(e -> e.pointer().equals(pointer))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no problem with " + pointer + " in " + errors))
                .message();
    }

    // ---- margin_by_customer / margin_by_feature --------------------------------------------------

    @Test
    void marginReadsTheTenantAndFeatureFiltersAsGiven() {
        assertThat(read(ToolArgumentReaders::margin, "to", "2026-11", "tenant", "Acme", "feature", "search"))
                .isEqualTo(new MarginQuery("ws_1", NOV, NOV, MarginQuery.DEFAULT_LIMIT, "Acme", "search"));
        assertThat(read(ToolArgumentReaders::margin, "to", "2026-11"))
                .isEqualTo(new MarginQuery("ws_1", NOV, NOV, MarginQuery.DEFAULT_LIMIT, null, null));
    }

    @Test
    void marginRefusesEmptyRepeatedAndUnknownFiltersAllAtOnce() {
        assertThat(read(
                        ToolArgumentReaders::margin,
                        "tenant",
                        "",
                        "feature",
                        "a",
                        "feature",
                        "b",
                        "model",
                        "gpt-4.1",
                        "limit",
                        "0"))
                .isNull();
        assertThat(pointers()).containsExactlyInAnyOrder("tenant", "feature", "model");
        assertThat(messageOf("tenant")).isEqualTo("must not be empty");
        assertThat(messageOf("feature")).isEqualTo("must be given once");
        assertThat(messageOf("model")).startsWith("is not a parameter; use ").contains("tenant", "feature");
        // Once the names are right, the query's own problems point at their parameter.
        assertThat(read(ToolArgumentReaders::margin, "tenant", "acme", "limit", "0"))
                .isNull();
        assertThat(errors).containsExactly(new FieldError("limit", "limit must be between 1 and 1000"));
    }

    // ---- top_waste -------------------------------------------------------------------------------

    @Test
    void wasteReadsAKindInAnyCase() {
        TopWasteQuery q = (TopWasteQuery) read(ToolArgumentReaders::waste, "kind", "failed_call");
        assertThat(q.kind()).isEqualTo(WasteKind.FAILED_CALL);
        assertThat(q.by()).isNull();
        assertThat(q.value()).isNull();
        assertThat(((TopWasteQuery) read(ToolArgumentReaders::waste, "kind", "Model_Overkill")).kind())
                .isEqualTo(WasteKind.MODEL_OVERKILL);
    }

    @Test
    void aWasteDimensionFilterIsAValueOfByAndTakesByWhenItIsLeftOut() {
        TopWasteQuery alone = (TopWasteQuery) read(ToolArgumentReaders::waste, "feature", "search", "limit", "5");
        assertThat(alone)
                .isEqualTo(new TopWasteQuery("ws_1", LAST_30_FROM, LAST_30_TO, Dimension.FEATURE, 5, null, "search"));
        TopWasteQuery withBy = (TopWasteQuery) read(ToolArgumentReaders::waste, "by", "model", "model", "gpt-4.1");
        assertThat(withBy.by()).isEqualTo(Dimension.MODEL);
        assertThat(withBy.value()).isEqualTo("gpt-4.1");
        TopWasteQuery both = (TopWasteQuery) read(ToolArgumentReaders::waste, "kind", "RETRY", "workflow", "triage");
        assertThat(both.kind()).isEqualTo(WasteKind.RETRY);
        assertThat(both.by()).isEqualTo(Dimension.WORKFLOW);
        assertThat(both.value()).isEqualTo("triage");
    }

    @Test
    void aWasteFilterOnAnotherDimensionThanByIsRefused() {
        assertThat(read(ToolArgumentReaders::waste, "by", "feature", "model", "gpt-4.1"))
                .isNull();
        assertThat(pointers()).containsExactly("model");
        assertThat(messageOf("model"))
                .isEqualTo(
                        "needs by left out or by=model, not by=feature: waste is rolled up by kind and one dimension,"
                                + " so the filter must be on by");
    }

    @Test
    void twoWasteDimensionFiltersAreRefused() {
        assertThat(read(ToolArgumentReaders::waste, "tenant", "acme", "feature", "search"))
                .isNull();
        // The dimensions are read in the documented order: feature first, so tenant is the second.
        assertThat(pointers()).containsExactly("tenant");
        assertThat(messageOf("tenant")).startsWith("cannot be combined with the feature filter");
    }

    @Test
    void wasteRefusesUnknownKindsEmptyFiltersRepeatsAndNonDimensionsAllAtOnce() {
        assertThat(read(
                        ToolArgumentReaders::waste,
                        "kind",
                        "idle_agent",
                        "agent",
                        "",
                        "by",
                        "feature",
                        "by",
                        "model",
                        "user",
                        "u1"))
                .isNull();
        assertThat(pointers()).containsExactlyInAnyOrder("kind", "agent", "by", "user");
        assertThat(messageOf("kind"))
                .isEqualTo(
                        "must be one of FAILED_CALL, RETRY, DUPLICATE_STEP, RUNAWAY_RUN, CACHE_MISS, MODEL_OVERKILL");
        assertThat(messageOf("agent")).isEqualTo("must not be empty");
        assertThat(messageOf("by")).isEqualTo("must be given once");
        assertThat(messageOf("user")).startsWith("is not a parameter");
    }

    // ---- savings_recommendations -----------------------------------------------------------------

    @Test
    void savingsReadsItsFilters() {
        SavingsQuery q = (SavingsQuery) read(
                ToolArgumentReaders::savings,
                "kind",
                "use_cheaper_model",
                "feature",
                "search",
                "tenant",
                "acme",
                "workflow",
                "triage",
                "model",
                "gpt-4.1");
        assertThat(q)
                .isEqualTo(new SavingsQuery(
                        "ws_1",
                        LAST_30_FROM,
                        LAST_30_TO,
                        SavingsQuery.DEFAULT_LIMIT,
                        RecommendationKind.USE_CHEAPER_MODEL,
                        "search",
                        "acme",
                        "triage",
                        "gpt-4.1"));
    }

    @Test
    void savingsRefusesUnknownKindsEmptyAndRepeatedFiltersAllAtOnce() {
        assertThat(read(
                        ToolArgumentReaders::savings,
                        "kind",
                        "SAVE_MONEY",
                        "model",
                        "",
                        "tenant",
                        "a",
                        "tenant",
                        "b",
                        "agent",
                        "a1",
                        "limit",
                        "101"))
                .isNull();
        assertThat(pointers()).containsExactlyInAnyOrder("kind", "model", "tenant", "agent");
        assertThat(messageOf("kind")).contains("FIX_FAILING_CALLS", "PROTECT_MARGIN");
        assertThat(read(ToolArgumentReaders::savings, "feature", "search", "limit", "101"))
                .isNull();
        assertThat(errors).containsExactly(new FieldError("limit", "limit must be between 1 and 100"));
    }

    // ---- budget_status ---------------------------------------------------------------------------

    @Test
    void budgetStatusReadsItsFiltersWithAsOf() {
        assertThat(read(
                        ToolArgumentReaders::budgetStatus,
                        "asOf",
                        "2026-11-15T12:00:00Z",
                        "scope",
                        "feature",
                        "value",
                        "search",
                        "name",
                        "Search",
                        "state",
                        "warning"))
                .isEqualTo(new BudgetStatusQuery(
                        "ws_1",
                        Instant.parse("2026-11-15T12:00:00Z"),
                        BudgetScope.FEATURE,
                        "search",
                        "Search",
                        BudgetState.WARNING));
        assertThat(read(ToolArgumentReaders::budgetStatus)).isEqualTo(BudgetStatusQuery.all("ws_1", NOW));
        assertThat(((BudgetStatusQuery) read(ToolArgumentReaders::budgetStatus, "scope", "WORKSPACE")).scope())
                .isEqualTo(BudgetScope.WORKSPACE);
    }

    @Test
    void aBudgetValueNeedsAScopeThatHasValues() {
        assertThat(read(ToolArgumentReaders::budgetStatus, "value", "search")).isNull();
        assertThat(errors)
                .containsExactly(new FieldError(
                        "value", "needs scope, the scope it is a value of (e.g. scope=FEATURE&value=search)"));
        assertThat(read(ToolArgumentReaders::budgetStatus, "scope", "WORKSPACE", "value", "search"))
                .isNull();
        assertThat(errors)
                .containsExactly(new FieldError("value", "must be left out for scope WORKSPACE, which has no value"));
    }

    @Test
    void budgetStatusRefusesUnknownScopesStatesAndTheRestAllAtOnce() {
        assertThat(read(
                        ToolArgumentReaders::budgetStatus,
                        "scope",
                        "planet",
                        "value",
                        "earth",
                        "state",
                        "RED",
                        "name",
                        "",
                        "asOf",
                        "noon",
                        "severity",
                        "CRITICAL"))
                .isNull();
        // value is not refused: its scope was given, only not understood.
        assertThat(pointers()).containsExactlyInAnyOrder("scope", "state", "name", "asOf", "severity");
        assertThat(messageOf("scope")).isEqualTo("must be one of WORKSPACE, FEATURE, TENANT, MODEL, PROVIDER, AGENT");
        assertThat(messageOf("state")).isEqualTo("must be one of OK, WARNING, EXCEEDED");
        assertThat(messageOf("severity")).isEqualTo("is not a parameter; use asOf, name, scope, state, value");
        assertThat(read(ToolArgumentReaders::budgetStatus, "state", "OK", "state", "OK"))
                .isNull();
        assertThat(errors).containsExactly(new FieldError("state", "must be given once"));
    }

    // ---- active_alerts ---------------------------------------------------------------------------

    @Test
    void activeAlertsReadsItsFiltersWithAsOf() {
        assertThat(read(
                        ToolArgumentReaders::activeAlerts,
                        "scope",
                        "Tenant",
                        "value",
                        "acme",
                        "type",
                        "budget_threshold",
                        "severity",
                        "critical"))
                .isEqualTo(new ActiveAlertsQuery(
                        "ws_1", NOW, BudgetScope.TENANT, "acme", AlertType.BUDGET_THRESHOLD, AlertSeverity.CRITICAL));
        assertThat(read(ToolArgumentReaders::activeAlerts, "asOf", "2026-11-15T12:00:00Z"))
                .isEqualTo(ActiveAlertsQuery.all("ws_1", Instant.parse("2026-11-15T12:00:00Z")));
    }

    /** Periods and forecasts are computed around asOf: far outside the calendar it overflowed (a 500). */
    @Test
    void anAsOfOutsideTheCalendarIsRefusedNamingTheField() {
        for (String far :
                List.of("+1000000000-12-31T23:59:59Z", "-1000000000-01-01T00:00:00Z", "+10000-01-01T00:00:00Z")) {
            assertThat(read(ToolArgumentReaders::budgetStatus, "asOf", far))
                    .as(far)
                    .isNull();
            assertThat(messageOf("asOf")).contains("between");
            assertThat(read(ToolArgumentReaders::activeAlerts, "asOf", far))
                    .as(far)
                    .isNull();
            assertThat(pointers()).containsExactly("asOf");
        }
        assertThat(read(ToolArgumentReaders::budgetStatus, "asOf", "9999-12-31T23:59:59Z"))
                .isNotNull();
    }

    @Test
    void activeAlertsRefusesUnknownTypesSeveritiesAValueWithoutScopeAndTheRestAllAtOnce() {
        assertThat(read(
                        ToolArgumentReaders::activeAlerts,
                        "type",
                        "BUDGET",
                        "severity",
                        "LOW",
                        "value",
                        "search",
                        "state",
                        "OK",
                        "type",
                        "SPEND_ANOMALY"))
                .isNull();
        assertThat(pointers()).containsExactlyInAnyOrder("type", "type", "severity", "value", "state");
        assertThat(errors)
                .contains(
                        new FieldError("type", "must be given once"),
                        new FieldError(
                                "type",
                                "must be one of BUDGET_THRESHOLD, BUDGET_FORECAST, SPEND_ANOMALY, ERROR_RATE_SPIKE,"
                                        + " EXPERIMENT_GUARDRAIL"),
                        new FieldError("severity", "must be one of INFO, WARNING, CRITICAL"));
        assertThat(messageOf("value")).startsWith("needs scope");
    }
}
