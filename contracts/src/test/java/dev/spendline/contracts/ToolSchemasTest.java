package dev.spendline.contracts;

import static dev.spendline.contracts.PublishedSchemasTest.componentNames;
import static dev.spendline.contracts.PublishedSchemasTest.propertyNames;
import static java.util.stream.Collectors.toCollection;
import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.spendline.contracts.alert.ActiveAlertsReport;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.budget.BudgetState;
import dev.spendline.contracts.budget.BudgetStatusReport;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.margin.CustomerMargin;
import dev.spendline.contracts.margin.CustomerMarginReport;
import dev.spendline.contracts.margin.FeatureMarginReport;
import dev.spendline.contracts.margin.MarginQuery;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendOrder;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.contracts.savings.RecommendationKind;
import dev.spendline.contracts.savings.SavingsQuery;
import dev.spendline.contracts.savings.SavingsReport;
import dev.spendline.contracts.waste.TopWasteQuery;
import dev.spendline.contracts.waste.TopWasteReport;
import dev.spendline.contracts.waste.WasteKind;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.Converter;

/**
 * The read tools' JSON Schemas in docs/schemas/tools describe exactly what the tools take and what
 * their endpoints answer: every component of the answer records with its JSON type and enum,
 * and real answers, written by {@link Json#MAPPER}, validate. The parameter names are checked
 * against the controllers in query-api ({@code ReadToolParametersTest}).
 */
class ToolSchemasTest {

    /**
     * A read tool: its name (the MCP tool name and the schema files' prefix), the record its
     * endpoint answers, and realistic answers to validate.
     */
    record ReadTool(String name, Class<? extends Record> answer, Supplier<List<Record>> answers) {

        JsonNode input() {
            return schema(name + ".input.schema.json");
        }

        JsonNode output() {
            return schema(name + ".output.schema.json");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Every read tool with published schemas: a new tool is one row here and its two files. */
    static final List<ReadTool> TOOLS = List.of(
            new ReadTool("spend_by", SpendReport.class, ReadToolAnswers::spendBy),
            new ReadTool("margin_by_customer", CustomerMarginReport.class, ReadToolAnswers::marginByCustomer),
            new ReadTool("margin_by_feature", FeatureMarginReport.class, ReadToolAnswers::marginByFeature),
            new ReadTool("top_waste", TopWasteReport.class, ReadToolAnswers::topWaste),
            new ReadTool("budget_status", BudgetStatusReport.class, ReadToolAnswers::budgetStatus),
            new ReadTool("active_alerts", ActiveAlertsReport.class, ReadToolAnswers::activeAlerts),
            new ReadTool("savings_recommendations", SavingsReport.class, ReadToolAnswers::savingsRecommendations),
            new ReadTool("compare", dev.spendline.contracts.compare.CompareReport.class, ReadToolAnswers::compare));

    static final Path DIR = Path.of("..", "docs", "schemas", "tools");
    static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
    static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    static Stream<ReadTool> tools() {
        return TOOLS.stream();
    }

    static ReadTool tool(String name) {
        return TOOLS.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    static JsonNode schema(String file) {
        try {
            return Json.MAPPER.readTree(Files.readString(DIR.resolve(file)));
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }

    /** Validation errors of {@code instance}; formats (date, date-time) are asserted, not only annotated. */
    static List<Error> errors(JsonNode schema, JsonNode instance) {
        return REGISTRY.getSchema(schema)
                .validate(instance, context -> context.executionConfig(c -> c.formatAssertionsEnabled(true)));
    }

    static List<Error> metaSchemaErrors(JsonNode schema) {
        return REGISTRY.getSchema(SchemaLocation.of(DRAFT_2020_12)).validate(schema);
    }

    @Test
    void theTableCoversExactlyTheToolsOfTheJavaApi() {
        assertThat(TOOLS)
                .extracting(ReadTool::name, ReadTool::answer)
                .containsExactlyInAnyOrderElementsOf(Stream.of(dev.spendline.contracts.tools.ReadTool.values())
                        .map(t -> org.assertj.core.groups.Tuple.tuple(t.toolName(), t.answer()))
                        .toList());
        for (dev.spendline.contracts.tools.ReadTool t : dev.spendline.contracts.tools.ReadTool.values()) {
            assertThat(DIR.resolve(t.inputSchemaFile())).exists();
            assertThat(DIR.resolve(t.outputSchemaFile())).exists();
        }
    }

    @Test
    void eachToolServesItsPublishedSchemasAndDescriptionFromTheJar() throws IOException {
        for (dev.spendline.contracts.tools.ReadTool t : dev.spendline.contracts.tools.ReadTool.values()) {
            assertThat(t.inputSchema()).as(t.toolName()).isEqualTo(Files.readString(DIR.resolve(t.inputSchemaFile())));
            assertThat(t.outputSchema())
                    .as(t.toolName())
                    .isEqualTo(Files.readString(DIR.resolve(t.outputSchemaFile())));
            assertThat(t.description())
                    .as(t.toolName())
                    .isEqualTo(schema(t.inputSchemaFile()).get("description").stringValue())
                    .isNotBlank();
        }
    }

    @Test
    void theFolderHoldsAnInputAndAnOutputSchemaForEachToolAndNothingElse() throws IOException {
        Set<String> expected = TOOLS.stream()
                .flatMap(t -> Stream.of(t.name() + ".input.schema.json", t.name() + ".output.schema.json"))
                .collect(toCollection(TreeSet::new));
        Set<String> present;
        try (Stream<Path> files = Files.list(DIR)) {
            present = files.map(f -> f.getFileName().toString()).collect(toCollection(TreeSet::new));
        }
        assertThat(present).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void bothSchemasAreDescribedClosedDraft202012ObjectSchemas(ReadTool tool) {
        for (String file : List.of(tool.name() + ".input.schema.json", tool.name() + ".output.schema.json")) {
            JsonNode schema = schema(file);
            assertThat(metaSchemaErrors(schema)).as(file).isEmpty();
            assertThat(schema.get("$schema").stringValue()).isEqualTo(DRAFT_2020_12);
            assertThat(schema.get("$id").stringValue()).isEqualTo("https://spendline.dev/schemas/tools/" + file);
            assertThat(schema.get("type").stringValue()).as(file).isEqualTo("object");
            assertThat(schema.get("additionalProperties").booleanValue())
                    .as(file)
                    .isFalse();
            assertThat(schema.get("title").stringValue()).as(file).contains(tool.name());
            assertThat(schema.get("description").stringValue()).as(file).isNotBlank();
            assertEveryPropertyAndDefinitionIsDescribed(schema, file);
        }
    }

    @Test
    void theMetaSchemaCheckCatchesAMalformedSchema() {
        JsonNode broken = Json.MAPPER.readTree("{\"type\": \"object\", \"properties\": {\"a\": {\"type\": 5}}}");
        assertThat(metaSchemaErrors(broken)).isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void outputSchemaHasExactlyTheAnswerRecordsComponentsWithTheirJsonTypesAndEnums(ReadTool tool) {
        JsonNode schema = tool.output();
        Set<String> reached = new TreeSet<>();
        assertDescribesRecord(schema, schema, tool.answer(), tool.name(), reached);
        JsonNode defs = schema.get("$defs");
        assertThat(reached)
                .as("every $defs entry describes a record of the answer")
                .isEqualTo(defs == null ? Set.of() : new TreeSet<>(defs.propertyNames()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void realAnswersWrittenByTheMapperValidateAndBrokenOnesDoNot(ReadTool tool) {
        JsonNode schema = tool.output();
        List<Record> answers = tool.answers().get();
        assertThat(answers).isNotEmpty();
        int nestedChecks = 0;
        for (Record answer : answers) {
            // Exactly the bytes the mapper writes, read back as any client reads them.
            JsonNode written = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(answer));
            assertThat(errors(schema, written)).as(tool + " " + written).isEmpty();

            ObjectNode missing = (ObjectNode) written.deepCopy();
            String first = schema.get("required").get(0).stringValue();
            missing.remove(first);
            assertThat(errors(schema, missing)).as("without " + first).isNotEmpty();

            ObjectNode extra = (ObjectNode) written.deepCopy();
            extra.put("unexpected", 1);
            assertThat(errors(schema, extra)).as("with an unknown property").isNotEmpty();

            JsonNode nestedBroken = written.deepCopy();
            ObjectNode nested = firstNestedObject(nestedBroken);
            if (nested != null) {
                nested.put("unexpected", 1);
                assertThat(errors(schema, nestedBroken))
                        .as("with an unknown nested property")
                        .isNotEmpty();
                nestedChecks++;
            }
        }
        assertThat(nestedChecks).as("answers with nested objects").isPositive();
    }

    @Test
    void moneyWrittenAsTextOrAnUnknownWasteKindIsRefused() {
        JsonNode spend = Json.MAPPER.readTree(
                Json.MAPPER.writeValueAsString(ReadToolAnswers.spendBy().get(0)));
        ((ObjectNode) spend.get("totals")).put("costUsd", "16.152115");
        assertThat(errors(tool("spend_by").output(), spend)).isNotEmpty();

        JsonNode waste = Json.MAPPER.readTree(
                Json.MAPPER.writeValueAsString(ReadToolAnswers.topWaste().get(0)));
        ((ObjectNode) waste.get("kinds").get(0)).put("kind", "IDLE_AGENT");
        assertThat(errors(tool("top_waste").output(), waste)).isNotEmpty();
    }

    @Test
    void vocabulariesKeptAsStringsMatchTheJavaConstants() {
        Set<String> dimensions = new LinkedHashSet<>();
        for (UsageKind usage : UsageKind.values()) {
            dimensions.addAll(Dimension.wireNames(usage));
        }
        Set<String> usages = new LinkedHashSet<>();
        for (UsageKind usage : UsageKind.values()) {
            usages.add(usage.wireName());
        }
        JsonNode spendIn = tool("spend_by").input();
        JsonNode spendOut = tool("spend_by").output();
        Set<String> groupings = new LinkedHashSet<>(dimensions);
        for (TimeGrain grain : TimeGrain.values()) {
            groupings.add(grain.wireName());
        }
        assertThat(strings(spendIn.at("/properties/by/enum"))).isEqualTo(groupings);
        assertThat(strings(spendOut.at("/properties/by/enum"))).isEqualTo(groupings);
        assertThat(strings(spendIn.at("/properties/metric/enum"))).containsExactlyElementsOf(SpendMetric.wireNames());
        assertThat(strings(spendOut.at("/properties/metric/enum"))).containsExactlyElementsOf(SpendMetric.wireNames());
        Set<String> orders = new LinkedHashSet<>();
        for (SpendOrder order : SpendOrder.values()) {
            orders.add(order.wireName());
        }
        assertThat(strings(spendIn.at("/properties/order/enum"))).isEqualTo(orders);
        assertThat(strings(spendOut.at("/properties/order/enum"))).isEqualTo(orders);
        assertThat(strings(spendOut.at("/properties/filters/propertyNames/enum")))
                .isEqualTo(dimensions);
        assertThat(strings(spendIn.at("/properties/usage/enum"))).isEqualTo(usages);
        assertThat(strings(spendOut.at("/properties/usage/enum"))).isEqualTo(usages);
        assertThat(spendIn.at("/properties/usage/default").stringValue()).isEqualTo(UsageKind.PRODUCT.wireName());

        Set<String> wasteBy = new HashSet<>();
        TopWasteQuery.BY.forEach(d -> wasteBy.add(d.wireName()));
        assertThat(strings(tool("top_waste").input().at("/properties/by/enum"))).isEqualTo(wasteBy);
        Set<String> wasteByOut = strings(tool("top_waste").output().at("/properties/by/enum"));
        assertThat(wasteByOut).contains((String) null);
        wasteByOut.remove(null);
        assertThat(wasteByOut).isEqualTo(wasteBy);

        assertThat(strings(tool("margin_by_customer").output().at("/$defs/customerMargin/properties/flags/items/enum")))
                .isEqualTo(stringConstants(CustomerMargin.class));

        // The filters' values: the Java enums' constants, as Ask emits them.
        assertThat(strings(tool("top_waste").input().at("/properties/kind/enum")))
                .isEqualTo(names(WasteKind.class));
        assertThat(strings(tool("savings_recommendations").input().at("/properties/kind/enum")))
                .isEqualTo(names(RecommendationKind.class));
        for (String name : List.of("budget_status", "active_alerts")) {
            assertThat(strings(tool(name).input().at("/properties/scope/enum"))).isEqualTo(names(BudgetScope.class));
        }
        assertThat(strings(tool("budget_status").input().at("/properties/state/enum")))
                .isEqualTo(names(BudgetState.class));
        assertThat(strings(tool("active_alerts").input().at("/properties/type/enum")))
                .isEqualTo(names(AlertType.class));
        assertThat(strings(tool("active_alerts").input().at("/properties/severity/enum")))
                .isEqualTo(names(AlertSeverity.class));
    }

    /**
     * top_waste takes each dimension it breaks waste down by as a filter, and its schema says that
     * such a filter needs by left out or the same dimension.
     */
    @Test
    void topWasteTakesEachDimensionOfByAsAFilterOnBy() {
        JsonNode schema = tool("top_waste").input();
        Set<String> by = strings(schema.at("/properties/by/enum"));
        assertThat(new TreeSet<>(schema.get("dependentSchemas").propertyNames()))
                .isEqualTo(new TreeSet<>(by));
        for (String dimension : by) {
            JsonNode filter = schema.get("properties").get(dimension);
            assertThat(filter.get("type").stringValue()).isEqualTo("string");
            assertThat(filter.get("minLength").intValue()).isEqualTo(1);
            assertThat(schema.at("/dependentSchemas/" + dimension + "/properties/by/const")
                            .stringValue())
                    .isEqualTo(dimension);
        }
    }

    static Set<String> names(Class<? extends Enum<?>> type) {
        Set<String> names = new LinkedHashSet<>();
        for (Enum<?> constant : type.getEnumConstants()) {
            names.add(constant.name());
        }
        return names;
    }

    @Test
    void spendByTakesByAndEveryDimensionOfEitherUsageAsAFilter() {
        JsonNode schema = tool("spend_by").input();
        assertThat(strings(schema.get("required"))).containsExactly("by");
        for (UsageKind usage : UsageKind.values()) {
            for (String dimension : Dimension.wireNames(usage)) {
                JsonNode filter = schema.get("properties").get(dimension);
                assertThat(filter).as(dimension).isNotNull();
                assertThat(filter.get("type").stringValue()).isEqualTo("string");
                assertThat(filter.get("minLength").intValue()).isEqualTo(1);
            }
        }
    }

    static Stream<Arguments> limits() {
        return Stream.of(
                Arguments.of("spend_by", SpendQuery.DEFAULT_LIMIT, SpendQuery.MAX_LIMIT),
                Arguments.of("margin_by_customer", MarginQuery.DEFAULT_LIMIT, MarginQuery.MAX_LIMIT),
                Arguments.of("margin_by_feature", MarginQuery.DEFAULT_LIMIT, MarginQuery.MAX_LIMIT),
                Arguments.of("top_waste", TopWasteQuery.DEFAULT_LIMIT, TopWasteQuery.MAX_LIMIT),
                Arguments.of("savings_recommendations", SavingsQuery.DEFAULT_LIMIT, SavingsQuery.MAX_LIMIT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("limits")
    void limitDefaultAndRangeAreTheQueryRecordsOnes(String name, int defaultLimit, int maxLimit) {
        JsonNode limit = tool(name).input().at("/properties/limit");
        assertThat(limit.get("type").stringValue()).isEqualTo("integer");
        assertThat(limit.get("default").intValue()).isEqualTo(defaultLimit);
        assertThat(limit.get("minimum").intValue()).isEqualTo(1);
        assertThat(limit.get("maximum").intValue()).isEqualTo(maxLimit);
        assertThat(tool(name).output().at("/properties/limit/maximum").intValue())
                .isEqualTo(maxLimit);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tools")
    void theWorkspaceIsNeverAnArgument(ReadTool tool) {
        JsonNode schema = tool.input();
        assertThat(propertyNames(schema)).doesNotContain("workspaceId", "workspace");
        assertThat(errors(schema, Json.MAPPER.readTree("{\"workspaceId\": \"ws_other\"}")))
                .isNotEmpty();
    }

    static Stream<Arguments> validArguments() {
        return Stream.of(
                Arguments.of("spend_by", "{\"by\": \"feature\"}"),
                Arguments.of(
                        "spend_by",
                        "{\"by\": \"model\", \"feature\": \"search\", \"from\": \"2026-11-01\", \"to\": \"2026-11-30\","
                                + " \"limit\": 1000}"),
                Arguments.of(
                        "spend_by",
                        "{\"usage\": \"internal\", \"by\": \"employee\", \"from\": \"2026-11-01T09:00:00+02:00\"}"),
                Arguments.of(
                        "compare", "{\"by\": \"model\", \"exclude\": [\"feature:onboarding\", \"tenant:acme:eu\"]}"),
                Arguments.of("margin_by_customer", "{}"),
                Arguments.of("margin_by_customer", "{\"from\": \"2026-10\", \"to\": \"2026-11\", \"limit\": 1}"),
                Arguments.of("margin_by_feature", "{\"to\": \"2026-11\"}"),
                Arguments.of("top_waste", "{}"),
                Arguments.of("top_waste", "{\"by\": \"workflow\", \"from\": \"2026-11-01T00:00:00Z\", \"limit\": 5}"),
                Arguments.of("budget_status", "{}"),
                Arguments.of("budget_status", "{\"asOf\": \"2026-11-15T12:00:00Z\"}"),
                Arguments.of("active_alerts", "{\"asOf\": \"2026-11-15T12:00:00+01:00\"}"),
                Arguments.of("savings_recommendations", "{}"),
                Arguments.of(
                        "savings_recommendations",
                        "{\"from\": \"2026-10-01\", \"to\": \"2026-11-15T12:00:00Z\", \"limit\": 100}"),
                Arguments.of("margin_by_customer", "{\"tenant\": \"acme\", \"feature\": \"search\"}"),
                Arguments.of("margin_by_feature", "{\"to\": \"2026-11\", \"tenant\": \"acme\"}"),
                Arguments.of("top_waste", "{\"kind\": \"FAILED_CALL\", \"feature\": \"search\"}"),
                Arguments.of("top_waste", "{\"by\": \"model\", \"model\": \"gpt-4.1\", \"kind\": \"MODEL_OVERKILL\"}"),
                Arguments.of(
                        "savings_recommendations",
                        "{\"kind\": \"USE_CHEAPER_MODEL\", \"feature\": \"search\", \"tenant\": \"acme\","
                                + " \"workflow\": \"triage\", \"model\": \"gpt-4.1\"}"),
                Arguments.of(
                        "budget_status",
                        "{\"scope\": \"FEATURE\", \"value\": \"search\", \"name\": \"Search\", \"state\": \"WARNING\"}"),
                Arguments.of("budget_status", "{\"scope\": \"WORKSPACE\", \"state\": \"OK\"}"),
                Arguments.of(
                        "active_alerts",
                        "{\"scope\": \"TENANT\", \"value\": \"acme\", \"type\": \"BUDGET_THRESHOLD\","
                                + " \"severity\": \"CRITICAL\"}"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("validArguments")
    void acceptsArgumentsTheEndpointAccepts(String name, String arguments) {
        assertThat(errors(tool(name).input(), Json.MAPPER.readTree(arguments))).isEmpty();
    }

    static Stream<Arguments> invalidArguments() {
        return Stream.of(
                Arguments.of("spend_by", "{}"),
                Arguments.of("spend_by", "{\"by\": \"customer\"}"),
                Arguments.of("spend_by", "{\"by\": \"feature\", \"usage\": \"both\"}"),
                Arguments.of("spend_by", "{\"by\": \"feature\", \"limit\": 0}"),
                Arguments.of("spend_by", "{\"by\": \"feature\", \"limit\": 1001}"),
                Arguments.of("spend_by", "{\"by\": \"feature\", \"from\": \"yesterday\"}"),
                Arguments.of("spend_by", "{\"by\": \"feature\", \"feature\": \"\"}"),
                Arguments.of("compare", "{\"exclude\": \"feature:onboarding\"}"),
                Arguments.of("compare", "{\"exclude\": [\"onboarding\"]}"),
                Arguments.of("compare", "{\"exclude\": [\"colour:red\"]}"),
                Arguments.of("compare", "{\"exclude\": [\"feature:\"]}"),
                Arguments.of("margin_by_customer", "{\"from\": \"2026-13\"}"),
                Arguments.of("margin_by_customer", "{\"limit\": \"50\"}"),
                Arguments.of("margin_by_feature", "{\"month\": \"2026-11\"}"),
                Arguments.of("top_waste", "{\"by\": \"user\"}"),
                Arguments.of("top_waste", "{\"limit\": 1.5}"),
                Arguments.of("budget_status", "{\"asOf\": \"noon\"}"),
                Arguments.of("active_alerts", "{\"from\": \"2026-11-01\"}"),
                Arguments.of("savings_recommendations", "{\"limit\": 101}"),
                Arguments.of("savings_recommendations", "{\"limit\": 0}"),
                Arguments.of("savings_recommendations", "{\"by\": \"feature\"}"),
                Arguments.of("savings_recommendations", "{\"to\": \"last month\"}"),
                Arguments.of("margin_by_customer", "{\"tenant\": \"\"}"),
                Arguments.of("margin_by_feature", "{\"feature\": 5}"),
                Arguments.of("top_waste", "{\"kind\": \"IDLE_AGENT\"}"),
                Arguments.of("top_waste", "{\"by\": \"model\", \"feature\": \"search\"}"),
                Arguments.of("top_waste", "{\"feature\": \"\"}"),
                Arguments.of("top_waste", "{\"user\": \"u1\"}"),
                Arguments.of("savings_recommendations", "{\"kind\": \"SAVE_MONEY\"}"),
                Arguments.of("savings_recommendations", "{\"model\": \"\"}"),
                Arguments.of("savings_recommendations", "{\"agent\": \"a1\"}"),
                Arguments.of("budget_status", "{\"value\": \"search\"}"),
                Arguments.of("budget_status", "{\"state\": \"RED\"}"),
                Arguments.of("budget_status", "{\"name\": \"\"}"),
                Arguments.of("active_alerts", "{\"value\": \"search\", \"type\": \"SPEND_ANOMALY\"}"),
                Arguments.of("active_alerts", "{\"type\": \"BUDGET\"}"),
                Arguments.of("active_alerts", "{\"severity\": \"LOW\"}"),
                Arguments.of("active_alerts", "{\"state\": \"OK\"}"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("invalidArguments")
    void refusesArgumentsTheEndpointRefuses(String name, String arguments) {
        assertThat(errors(tool(name).input(), Json.MAPPER.readTree(arguments))).isNotEmpty();
    }

    /**
     * {@code object} describes record {@code type}: exactly its components, all required (the
     * mapper writes nulls too) except those written only when set ({@code @JsonInclude(NON_NULL)}, e.g.
     * the second grouping's fields of {@code spend_by}), no others, each with the JSON type its Java type is written as;
     * {@code $ref}s are followed into {@code $defs} and the names reached collected. A record that
     * can be null is {@code anyOf} its {@code $ref} and {@code {"type": "null"}}.
     */
    static void assertDescribesRecord(
            JsonNode root, JsonNode object, Class<? extends Record> type, String path, Set<String> reached) {
        Set<String> components = componentNames(type);
        assertThat(propertyNames(object)).as(path + " properties").isEqualTo(components);
        Set<String> required = new java.util.TreeSet<>(components);
        for (RecordComponent c : type.getRecordComponents()) {
            com.fasterxml.jackson.annotation.JsonInclude include =
                    c.getAccessor().getAnnotation(com.fasterxml.jackson.annotation.JsonInclude.class);
            if (include != null && include.value() == com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) {
                required.remove(c.getName());
            }
        }
        assertThat(new java.util.TreeSet<>(strings(object.get("required"))))
                .as(path + " required")
                .isEqualTo(required);
        assertThat(object.get("additionalProperties").booleanValue())
                .as(path + " additionalProperties")
                .isFalse();
        for (RecordComponent c : type.getRecordComponents()) {
            assertJsonType(
                    root,
                    object.get("properties").get(c.getName()),
                    c.getGenericType(),
                    path + "." + c.getName(),
                    reached);
        }
    }

    static void assertJsonType(JsonNode root, JsonNode property, Type javaType, String path, Set<String> reached) {
        Class<?> raw = javaType instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) javaType;
        raw = writtenAs(raw);
        if (raw.isRecord()) {
            JsonNode anyOf = property.get("anyOf");
            if (anyOf != null) {
                assertThat(anyOf.size()).as(path + " anyOf: the record or null").isEqualTo(2);
                assertThat(anyOf.get(1))
                        .as(path + " anyOf null")
                        .isEqualTo(Json.MAPPER.readTree("{\"type\": \"null\"}"));
                property = anyOf.get(0);
            }
            String ref = property.path("$ref").asString("");
            assertThat(ref).as(path + " $ref").startsWith("#/$defs/");
            String name = ref.substring("#/$defs/".length());
            JsonNode def = root.path("$defs").get(name);
            assertThat(def).as(path + " " + ref).isNotNull();
            reached.add(name);
            assertDescribesRecord(root, def, raw.asSubclass(Record.class), path, reached);
            return;
        }
        Set<String> types = jsonTypes(property);
        if (raw.isPrimitive()) {
            assertThat(types).as(path + " cannot be null").doesNotContain("null");
        }
        if (types.contains("null") && property.has("enum")) {
            assertThat(strings(property.get("enum")))
                    .as(path + " nullable enum lists null")
                    .contains((String) null);
        }
        Set<String> nonNull = new TreeSet<>(types);
        nonNull.remove("null");
        assertThat(nonNull).as(path + " type").containsExactly(jsonTypeOf(raw));
        if (raw.isEnum()) {
            Set<String> values = strings(property.get("enum"));
            values.remove(null);
            Set<String> names = new HashSet<>();
            for (Object constant : raw.getEnumConstants()) {
                names.add(((Enum<?>) constant).name());
            }
            assertThat(values).as(path + " enum").isEqualTo(names);
        } else if (raw == Instant.class) {
            assertThat(property.path("format").asString(""))
                    .as(path + " format")
                    .isEqualTo("date-time");
        } else if (List.class.isAssignableFrom(raw)) {
            Type item = ((ParameterizedType) javaType).getActualTypeArguments()[0];
            assertJsonType(root, property.get("items"), item, path + "[]", reached);
        } else if (Map.class.isAssignableFrom(raw)) {
            Type value = ((ParameterizedType) javaType).getActualTypeArguments()[1];
            assertJsonType(root, property.get("additionalProperties"), value, path + "{}", reached);
        }
    }

    /**
     * The type Jackson writes {@code raw} as: what its {@code @JsonSerialize} converter returns (a
     * sealed type written as one record of all its kinds' fields, like {@code AlertEvidence}), else
     * itself.
     */
    static Class<?> writtenAs(Class<?> raw) {
        JsonSerialize annotation = raw.getAnnotation(JsonSerialize.class);
        if (annotation == null || annotation.converter() == Converter.None.class) {
            return raw;
        }
        try {
            Converter<?, ?> converter =
                    annotation.converter().getDeclaredConstructor().newInstance();
            return converter.getOutputType(Json.MAPPER.getTypeFactory()).getRawClass();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The JSON type Jackson writes a Java type as (BigDecimal as a number, Instant as an ISO string). */
    static String jsonTypeOf(Class<?> raw) {
        if (raw == String.class || raw.isEnum() || raw == Instant.class) {
            return "string";
        }
        if (raw == BigDecimal.class || raw == double.class || raw == Double.class) {
            return "number";
        }
        if (raw == int.class || raw == Integer.class || raw == long.class || raw == Long.class) {
            return "integer";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "boolean";
        }
        if (List.class.isAssignableFrom(raw)) {
            return "array";
        }
        if (Map.class.isAssignableFrom(raw)) {
            return "object";
        }
        throw new AssertionError("no JSON type known for " + raw + "; add it here");
    }

    static Set<String> jsonTypes(JsonNode property) {
        JsonNode type = property.get("type");
        assertThat(type).as("type of " + property).isNotNull();
        return type.isArray() ? strings(type) : new TreeSet<>(Set.of(type.stringValue()));
    }

    static void assertEveryPropertyAndDefinitionIsDescribed(JsonNode node, String path) {
        if (node.isArray()) {
            int i = 0;
            for (JsonNode element : node) {
                assertEveryPropertyAndDefinitionIsDescribed(element, path + "/" + i++);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        for (String group : List.of("properties", "$defs")) {
            JsonNode members = node.get(group);
            if (members != null && members.isObject()) {
                for (String name : members.propertyNames()) {
                    assertThat(members.get(name).path("description").asString(""))
                            .as(path + "/" + group + "/" + name + " description")
                            .isNotBlank();
                }
            }
        }
        for (String name : node.propertyNames()) {
            assertEveryPropertyAndDefinitionIsDescribed(node.get(name), path + "/" + name);
        }
    }

    /** The first object below the top level (depth first), or null when there is none. */
    static ObjectNode firstNestedObject(JsonNode node) {
        List<JsonNode> children = new ArrayList<>();
        if (node.isObject()) {
            node.propertyNames().forEach(n -> children.add(node.get(n)));
        } else if (node.isArray()) {
            node.forEach(children::add);
        }
        for (JsonNode child : children) {
            if (child.isObject()) {
                return (ObjectNode) child;
            }
            ObjectNode below = firstNestedObject(child);
            if (below != null) {
                return below;
            }
        }
        return null;
    }

    /** The values of a JSON array as strings (null stays null), in order. */
    static Set<String> strings(JsonNode array) {
        assertThat(array.isArray()).as(array + " is an array").isTrue();
        Set<String> values = new LinkedHashSet<>();
        array.forEach(v -> values.add(v.isNull() ? null : v.asString()));
        return values;
    }

    /** The public static String constants of a class, e.g. the flags of {@link CustomerMargin}. */
    static Set<String> stringConstants(Class<?> type) {
        Set<String> values = new LinkedHashSet<>();
        for (Field field : type.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                try {
                    values.add((String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        assertThat(values).as("constants of " + type).isNotEmpty();
        return values;
    }
}
