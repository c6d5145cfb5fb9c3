package dev.spendline.query.reports;

import static java.util.stream.Collectors.toCollection;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQueries;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Plan;
import dev.spendline.controlplane.Principal;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * Each read tool's published input schema (docs/schemas/tools/*.input.schema.json, checked in
 * contracts by {@code ToolSchemasTest}) names exactly the query parameters its endpoint accepts:
 * the schema's properties are the controller's list of names, the endpoint accepts each of them,
 * and it refuses a name the schema does not have.
 */
class ReadToolParametersTest {

    private static final Principal PRINCIPAL = new Principal("ws_1", "key_1", Plan.FREE);
    /** No tool takes these: the workspace comes from the credential; the other is a typo. */
    private static final List<String> NOT_PARAMETERS = List.of("workspaceId", "tenant_id");

    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final MarginQueries margins = new MarginQueries() {
        @Override
        public CustomerMarginReport marginByCustomer(MarginQuery query) {
            return null;
        }

        @Override
        public FeatureMarginReport marginByFeature(MarginQuery query) {
            return null;
        }
    };

    @Test
    void spendByTakesTheFixedParametersAndEveryDimensionAsAFilter() {
        SpendReportController controller = new SpendReportController(query -> null, registry);
        Set<String> accepted = new TreeSet<>(SpendReportRequest.FIXED);
        for (UsageKind usage : UsageKind.values()) {
            accepted.addAll(Dimension.wireNames(usage));
        }
        // Which filters exist depends on usage: a name is unknown only when no usage knows it.
        assertSchemaNamesExactly("spend_by", accepted, params -> {
            Set<String> refused = null;
            for (UsageKind usage : UsageKind.values()) {
                MultiValueMap<String, String> withUsage = new LinkedMultiValueMap<>(params);
                withUsage.putIfAbsent("usage", List.of(usage.wireName()));
                Set<String> now = refusedAsUnknown(() -> controller.spend(PRINCIPAL, withUsage));
                if (refused == null) {
                    refused = now;
                } else {
                    refused.retainAll(now);
                }
            }
            return refused;
        });
    }

    @Test
    void marginToolsTakeFromToAndLimit() {
        MarginReportController controller = new MarginReportController(margins, registry);
        assertSchemaNamesExactly(
                "margin_by_customer",
                MarginReportController.PARAMETERS,
                params -> refusedAsUnknown(() -> controller.customers(PRINCIPAL, params)));
        assertSchemaNamesExactly(
                "margin_by_feature",
                MarginReportController.PARAMETERS,
                params -> refusedAsUnknown(() -> controller.features(PRINCIPAL, params)));
    }

    @Test
    void topWasteTakesFromToByAndLimit() {
        WasteReportController controller = new WasteReportController(query -> null, registry);
        assertSchemaNamesExactly(
                "top_waste",
                WasteReportController.PARAMETERS,
                params -> refusedAsUnknown(() -> controller.topWaste(PRINCIPAL, params)));
    }

    @Test
    void savingsRecommendationsTakeFromToAndLimit() {
        SavingsReportController controller = new SavingsReportController(query -> null, registry);
        assertSchemaNamesExactly(
                "savings_recommendations",
                SavingsReportController.PARAMETERS,
                params -> refusedAsUnknown(() -> controller.savings(PRINCIPAL, params)));
    }

    @Test
    void pointInTimeToolsTakeOnlyAsOf() {
        // AsOfParameter.parse refuses every name but the literal "asOf"; the other tools' names
        // are refused below like any unknown one.
        Set<String> accepted = Set.of("asOf");
        BudgetReportController budgets = new BudgetReportController(query -> null, registry);
        AlertReportController alerts = new AlertReportController(query -> null, registry);
        assertSchemaNamesExactly(
                "budget_status", accepted, params -> refusedAsUnknown(() -> budgets.budgetStatus(PRINCIPAL, params)));
        assertSchemaNamesExactly(
                "active_alerts", accepted, params -> refusedAsUnknown(() -> alerts.activeAlerts(PRINCIPAL, params)));
        for (String name : List.of("from", "to", "limit", "by")) {
            assertThat(refusedAsUnknown(() -> budgets.budgetStatus(PRINCIPAL, params(name))))
                    .containsExactly(name);
            assertThat(refusedAsUnknown(() -> alerts.activeAlerts(PRINCIPAL, params(name))))
                    .containsExactly(name);
        }
    }

    /**
     * The schema's properties are {@code accepted} (the controller's own list), the endpoint
     * accepts each of them, and refuses names that are not parameters.
     */
    private static void assertSchemaNamesExactly(
            String tool, Set<String> accepted, Function<MultiValueMap<String, String>, Set<String>> refusals) {
        Set<String> properties = schemaProperties(tool);
        assertThat(properties).as(tool + " input schema properties").isEqualTo(new TreeSet<>(accepted));
        for (String name : properties) {
            assertThat(refusals.apply(params(name)))
                    .as(tool + " refuses " + name)
                    .isEmpty();
        }
        for (String name : NOT_PARAMETERS) {
            assertThat(refusals.apply(params(name)))
                    .as(tool + " accepts " + name)
                    .containsExactly(name);
        }
    }

    private static Set<String> schemaProperties(String tool) {
        try {
            JsonNode schema = Json.MAPPER.readTree(
                    Files.readString(Path.of("..", "docs", "schemas", "tools", tool + ".input.schema.json")));
            return new TreeSet<>(schema.get("properties").propertyNames());
        } catch (IOException e) {
            throw new AssertionError("cannot read the input schema of " + tool, e);
        }
    }

    /** One parameter with a placeholder value: only whether its name is known matters here. */
    private static MultiValueMap<String, String> params(String name) {
        MultiValueMap<String, String> params = new LinkedMultiValueMap<>();
        params.add(name, "x");
        return params;
    }

    /** The parameter names the call refused as unknown; other complaints (bad values) are ignored. */
    private static Set<String> refusedAsUnknown(Runnable call) {
        try {
            call.run();
            return new TreeSet<>();
        } catch (InvalidParametersException e) {
            return e.errors().stream()
                    .filter(error -> error.message().startsWith("is not a"))
                    .map(FieldError::pointer)
                    .collect(toCollection(TreeSet::new));
        }
    }
}
