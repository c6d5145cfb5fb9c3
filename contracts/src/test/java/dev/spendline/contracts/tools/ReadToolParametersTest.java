package dev.spendline.contracts.tools;

import static java.util.stream.Collectors.toCollection;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.validation.FieldError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Each read tool's published input schema (docs/schemas/tools/*.input.schema.json, checked in
 * contracts by {@code ToolSchemasTest}) names exactly the query parameters its endpoint accepts:
 * the schema's properties are the tool's list of names, its reader accepts each of them,
 * and it refuses a name the schema does not have.
 */
class ReadToolParametersTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:17:00Z"), ZoneOffset.UTC);
    /** No tool takes these: the workspace comes from the credential; the other is a typo. */
    private static final List<String> NOT_PARAMETERS = List.of("workspaceId", "tenant_id");

    @Test
    void spendByTakesTheFixedParametersAndEveryDimensionAsAFilter() {
        Set<String> accepted = new TreeSet<>(ReadTool.SPEND_BY.fixedParameters());
        for (UsageKind usage : UsageKind.values()) {
            accepted.addAll(Dimension.wireNames(usage));
        }
        // Which filters exist depends on usage: a name is unknown only when no usage knows it.
        assertSchemaNamesExactly("spend_by", accepted, params -> {
            Set<String> refused = null;
            for (UsageKind usage : UsageKind.values()) {
                Map<String, List<String>> withUsage = new LinkedHashMap<>(params);
                withUsage.putIfAbsent("usage", List.of(usage.wireName()));
                Set<String> now = refusedAsUnknown(ReadTool.SPEND_BY, withUsage);
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
    void compareTakesItsFixedParametersAndEveryDimensionAsAFilter() {
        Set<String> accepted = new TreeSet<>(ReadTool.COMPARE.fixedParameters());
        for (UsageKind usage : UsageKind.values()) {
            accepted.addAll(Dimension.wireNames(usage));
        }
        assertSchemaNamesExactly("compare", accepted, params -> {
            Set<String> refused = null;
            for (UsageKind usage : UsageKind.values()) {
                Map<String, List<String>> withUsage = new LinkedHashMap<>(params);
                withUsage.putIfAbsent("usage", List.of(usage.wireName()));
                Set<String> now = refusedAsUnknown(ReadTool.COMPARE, withUsage);
                if (refused == null) {
                    refused = now;
                } else {
                    refused.retainAll(now);
                }
            }
            return refused;
        });
        for (String metric : dev.spendline.contracts.query.SpendMetric.wireNames()) {
            assertThat(problems(ReadTool.COMPARE, Map.of("metric", List.of(metric))))
                    .as(metric)
                    .isEmpty();
        }
        for (String report : List.of("spend", "margin_by_customer", "margin_by_feature")) {
            assertThat(problems(ReadTool.COMPARE, Map.of("report", List.of(report))))
                    .as(report)
                    .isEmpty();
        }
    }

    @Test
    void marginToolsTakeFromToLimitAndTheTenantAndFeatureFilters() {
        for (ReadTool tool : List.of(ReadTool.MARGIN_BY_CUSTOMER, ReadTool.MARGIN_BY_FEATURE)) {
            assertThat(tool.parameters()).containsExactlyInAnyOrder("from", "to", "limit", "tenant", "feature");
            assertSchemaNamesExactly(tool);
        }
    }

    @Test
    void topWasteTakesFromToByLimitKindAndEachDimensionOfByAsAFilter() {
        assertThat(ReadTool.TOP_WASTE.parameters())
                .containsExactlyInAnyOrder(
                        "from",
                        "to",
                        "by",
                        "limit",
                        "kind",
                        "feature",
                        "model",
                        "provider",
                        "tenant",
                        "agent",
                        "workflow");
        assertSchemaNamesExactly(ReadTool.TOP_WASTE);
    }

    @Test
    void savingsRecommendationsTakeFromToLimitAndTheirFilters() {
        assertThat(ReadTool.SAVINGS_RECOMMENDATIONS.parameters())
                .containsExactlyInAnyOrder("from", "to", "limit", "kind", "feature", "tenant", "workflow", "model");
        assertSchemaNamesExactly(ReadTool.SAVINGS_RECOMMENDATIONS);
    }

    @Test
    void pointInTimeToolsTakeAsOfAndTheirFilters() {
        assertThat(ReadTool.BUDGET_STATUS.parameters())
                .containsExactlyInAnyOrder("asOf", "scope", "value", "name", "state");
        assertThat(ReadTool.ACTIVE_ALERTS.parameters())
                .containsExactlyInAnyOrder("asOf", "scope", "value", "type", "severity");
        assertSchemaNamesExactly(ReadTool.BUDGET_STATUS);
        assertSchemaNamesExactly(ReadTool.ACTIVE_ALERTS);
        for (String name : List.of("from", "to", "limit", "by")) {
            assertThat(refusedAsUnknown(ReadTool.BUDGET_STATUS, params(name))).containsExactly(name);
            assertThat(refusedAsUnknown(ReadTool.ACTIVE_ALERTS, params(name))).containsExactly(name);
        }
    }

    /**
     * Each value a tool's input schema lists for a parameter ({@code enum}) is read, in any letter
     * case, and any other value is refused at that parameter with a message naming every listed
     * one. spend_by is left out: which dimensions its by takes depends on usage (SpendArgumentsTest).
     */
    @Test
    void theReaderTakesExactlyTheValuesEachSchemaLists() {
        int checked = 0;
        for (ReadTool tool : ReadTool.values()) {
            if (tool == ReadTool.SPEND_BY || tool == ReadTool.COMPARE) {
                // Their by, filters and metric depend on usage: see the spend and compare tests.
                continue;
            }
            JsonNode properties = schema(tool.toolName()).get("properties");
            for (String name : properties.propertyNames()) {
                JsonNode values = properties.get(name).get("enum");
                if (values == null) {
                    continue;
                }
                for (JsonNode value : values) {
                    String text = value.asString();
                    assertThat(problems(tool, Map.of(name, List.of(text))))
                            .as(tool + " " + name + "=" + text)
                            .isEmpty();
                    String otherCase = text.equals(text.toUpperCase(Locale.ROOT))
                            ? text.toLowerCase(Locale.ROOT)
                            : text.toUpperCase(Locale.ROOT);
                    assertThat(problems(tool, Map.of(name, List.of(otherCase))))
                            .as(tool + " " + name + "=" + otherCase)
                            .isEmpty();
                    checked++;
                }
                List<FieldError> refused = problems(tool, Map.of(name, List.of("not-a-value")));
                assertThat(refused)
                        .extracting(FieldError::pointer)
                        .as(tool + " " + name)
                        .containsExactly(name);
                for (JsonNode value : values) {
                    assertThat(refused.get(0).message()).contains(value.asString());
                }
            }
        }
        // top_waste by and kind, savings kind, budget scope and state, alert scope, type and severity
        assertThat(checked).isEqualTo(6 + 6 + 7 + 6 + 3 + 6 + 5 + 3);
    }

    /**
     * The schema's properties are {@code accepted} (the controller's own list), the endpoint
     * accepts each of them, and refuses names that are not parameters.
     */
    private static void assertSchemaNamesExactly(ReadTool tool) {
        assertSchemaNamesExactly(tool.toolName(), tool.parameters(), params -> refusedAsUnknown(tool, params));
    }

    private static void assertSchemaNamesExactly(
            String tool, Set<String> accepted, Function<Map<String, List<String>>, Set<String>> refusals) {
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
        return new TreeSet<>(schema(tool).get("properties").propertyNames());
    }

    private static JsonNode schema(String tool) {
        try {
            return Json.MAPPER.readTree(
                    Files.readString(Path.of("..", "docs", "schemas", "tools", tool + ".input.schema.json")));
        } catch (IOException e) {
            throw new AssertionError("cannot read the input schema of " + tool, e);
        }
    }

    /** Every problem the tool's reader finds in {@code params}; empty when it reads them. */
    private static List<FieldError> problems(ReadTool tool, Map<String, List<String>> params) {
        try {
            tool.read("ws_1", ToolArguments.ofParameters(params), CLOCK);
            return List.of();
        } catch (InvalidArgumentsException e) {
            return e.errors();
        }
    }

    /** One parameter with a placeholder value: only whether its name is known matters here. */
    private static Map<String, List<String>> params(String name) {
        return Map.of(name, List.of("x"));
    }

    /** The parameter names the call refused as unknown; other complaints (bad values) are ignored. */
    private static Set<String> refusedAsUnknown(ReadTool tool, Map<String, List<String>> params) {
        try {
            tool.read("ws_1", ToolArguments.ofParameters(params), CLOCK);
            return new TreeSet<>();
        } catch (InvalidArgumentsException e) {
            return e.errors().stream()
                    .filter(error -> error.message().startsWith("is not a"))
                    .map(FieldError::pointer)
                    .collect(toCollection(TreeSet::new));
        }
    }
}
