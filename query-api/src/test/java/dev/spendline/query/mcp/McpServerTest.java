package dev.spendline.query.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.ask.Reports;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.action.ActionConfiguration;
import dev.spendline.query.alerts.AlertConfiguration;
import dev.spendline.query.budgets.BudgetConfiguration;
import dev.spendline.query.problems.ProblemsConfiguration;
import dev.spendline.query.reports.ReportsConfiguration;
import dev.spendline.query.security.SecurityConfiguration;
import dev.spendline.query.settings.SettingsWriter;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.JsonNode;

/**
 * {@code /api/mcp} over real HTTP with the SDK's own Java client, behind the real security chains
 * and API keys over an H2 control plane; the read tools answer with real answer records ({@link
 * Reports}), the write tools are the real ones over a Kafka-free settings writer.
 */
@SpringBootTest(
        classes = McpServerTest.Config.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.main.banner-mode=off", "spendline.base-url=https://spendline.example.com"})
class McpServerTest {

    private static final List<String> READ_TOOLS =
            List.of(ReadTool.values()).stream().map(ReadTool::toolName).toList();

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    ApiKeyRepository keys;

    @Autowired
    SwitchableQueries queries;

    private final List<McpSyncClient> clients = new ArrayList<>();

    @BeforeEach
    void dataIsThere() {
        queries.unavailable = false;
    }

    @AfterEach
    void closeClients() {
        clients.forEach(McpSyncClient::closeGracefully);
    }

    private String key(Plan plan) {
        String workspace = workspaces.create("MCP " + UUID.randomUUID(), plan).id();
        return keys.issue(workspace, "mcp").secret();
    }

    private McpClients mcp() {
        return new McpClients(URI.create("http://127.0.0.1:" + port));
    }

    private McpSyncClient client(String key) {
        McpSyncClient client = mcp().connect(key);
        clients.add(client);
        return client;
    }

    @Test
    void everyPlanListsEveryReadToolAndOnlyTeamTheWriteTools() {
        assertThat(names(client(key(Plan.FREE)).listTools().tools())).containsExactlyElementsOf(READ_TOOLS);
        List<String> team = new ArrayList<>(READ_TOOLS);
        team.addAll(List.of("prepare_write_action", "confirm_write_action"));
        assertThat(names(client(key(Plan.TEAM)).listTools().tools())).containsExactlyInAnyOrderElementsOf(team);
    }

    @Test
    void readToolsCarryTheirPublishedSchemasDescriptionsAndReadOnlyAnnotations() {
        Map<String, Tool> tools =
                client(key(Plan.FREE)).listTools().tools().stream().collect(Collectors.toMap(Tool::name, t -> t));
        for (ReadTool readTool : ReadTool.values()) {
            Tool tool = tools.get(readTool.toolName());
            assertThat(tool.description()).isEqualTo(readTool.description());
            assertThat(json(tool.inputSchema())).isEqualTo(Json.MAPPER.readTree(readTool.inputSchema()));
            assertThat(json(tool.outputSchema())).isEqualTo(Json.MAPPER.readTree(readTool.outputSchema()));
            assertThat(tool.annotations().readOnlyHint()).isTrue();
            assertThat(tool.annotations().destructiveHint()).isFalse();
            assertThat(tool.annotations().idempotentHint()).isTrue();
            assertThat(tool.annotations().openWorldHint()).isFalse();
        }
    }

    @Test
    void writeToolsTellTheClientToHaveTheUserTypeThePhrase() {
        Map<String, Tool> tools =
                client(key(Plan.TEAM)).listTools().tools().stream().collect(Collectors.toMap(Tool::name, t -> t));
        Tool prepare = tools.get("prepare_write_action");
        assertThat(prepare.description())
                .contains("show the summary to the user")
                .contains("never type or fill in the phrase on the user's behalf");
        assertThat(json(prepare.inputSchema()).at("/properties/action/enum"))
                .extracting(JsonNode::asString)
                .containsExactly("create_budget", "snooze_alert", "create_experiment_guardrail");
        assertThat(prepare.annotations().readOnlyHint()).isFalse();
        Tool confirm = tools.get("confirm_write_action");
        assertThat(confirm.description()).contains("ONLY after you showed the prepared summary to the user");
        assertThat(json(confirm.inputSchema()).get("required"))
                .extracting(JsonNode::asString)
                .containsExactly("confirmationToken", "confirmationPhrase");
    }

    /** Each tool with arguments as a model would send them (numbers as numbers), and the same as REST parameters. */
    private static Map<String, Map<String, Object>> calls() {
        Map<String, Map<String, Object>> calls = new LinkedHashMap<>();
        calls.put("spend_by", Map.of("by", "feature", "from", "2026-11-01", "to", "2026-11-21", "limit", 2));
        calls.put("margin_by_customer", Map.of("from", "2026-10", "to", "2026-11"));
        calls.put("margin_by_feature", Map.of("tenant", "acme"));
        calls.put("top_waste", Map.of("kind", "FAILED_CALL", "limit", 5));
        calls.put("savings_recommendations", Map.of());
        calls.put("budget_status", Map.of("scope", "FEATURE", "value", "search"));
        calls.put("active_alerts", Map.of());
        calls.put("compare", Map.of("by", "feature", "from", "2026-11-01", "to", "2026-11-21"));
        return calls;
    }

    @Test
    void everyReadToolAnswersItsRestReportExactlyWithTheSameJsonAsText() throws Exception {
        String key = key(Plan.FREE);
        McpSyncClient client = client(key);
        assertThat(calls().keySet()).containsExactlyInAnyOrderElementsOf(READ_TOOLS);
        for (Map.Entry<String, Map<String, Object>> call : calls().entrySet()) {
            ReadTool tool = ReadTool.named(call.getKey());
            CallToolResult result = client.callTool(new McpSchema.CallToolRequest(call.getKey(), call.getValue()));

            assertThat(result.isError()).as(call.getKey()).isFalse();
            HttpResponse<String> rest = get(tool.path() + query(call.getValue()), key);
            assertThat(rest.statusCode()).as(rest.body()).isEqualTo(200);
            JsonNode structured = json(result.structuredContent());
            assertThat(structured).as(call.getKey()).isEqualTo(Json.MAPPER.readTree(rest.body()));
            assertThat(result.content()).singleElement().isInstanceOf(McpSchema.TextContent.class);
            String text = ((McpSchema.TextContent) result.content().get(0)).text();
            assertThat(Json.MAPPER.readTree(text)).isEqualTo(structured);
        }
    }

    @Test
    void badArgumentsAreAToolErrorWithTheRestReportsCodeAndProblems() throws Exception {
        String key = key(Plan.FREE);
        CallToolResult result = client(key)
                .callTool(new McpSchema.CallToolRequest(
                        "top_waste", Map.of("kind", "IDLE_AGENT", "feature", "", "color", "red")));

        assertThat(result.isError()).isTrue();
        JsonNode error = problem(result);
        JsonNode rest = Json.MAPPER.readTree(get("/api/v1/reports/waste?kind=IDLE_AGENT&feature=&color=red", key)
                .body());
        assertThat(error.get("code").asString()).isEqualTo("invalid_parameters");
        assertThat(error.get("title")).isEqualTo(rest.get("title"));
        assertThat(error.get("detail")).isEqualTo(rest.get("detail"));
        assertThat(error.get("errors")).isEqualTo(rest.get("errors")).hasSize(3);
        // No structured content: it would not fit the tool's output schema, which strict clients check.
        assertThat(result.structuredContent()).isNull();

        CallToolResult list = client(key)
                .callTool(new McpSchema.CallToolRequest("spend_by", Map.of("by", List.of("feature", "model"))));
        assertThat(list.isError()).isTrue();
        assertThat(problem(list).at("/errors/0/pointer").asString()).isEqualTo("by");
    }

    @Test
    void exclusionsAreAListInAToolCallAndTheRepeatedParameterOfRest() throws Exception {
        String key = key(Plan.FREE);
        Map<String, Object> arguments = Map.of(
                "by",
                "feature",
                "from",
                "2026-11-01",
                "to",
                "2026-11-21",
                "exclude",
                List.of("feature:search", "tenant:acme"));
        CallToolResult result = client(key).callTool(new McpSchema.CallToolRequest("spend_by", arguments));

        assertThat(result.isError()).as(String.valueOf(result.content())).isFalse();
        JsonNode structured = json(result.structuredContent());
        assertThat(structured.get("excluded").get("feature").get(0).asString()).isEqualTo("search");
        assertThat(structured.get("excluded").get("tenant").get(0).asString()).isEqualTo("acme");
        assertThat(structured.get("rows").findValuesAsString("value")).doesNotContain("search");
        HttpResponse<String> rest = get("/api/v1/reports/spend" + query(arguments), key);
        assertThat(Json.MAPPER.readTree(rest.body())).isEqualTo(structured);

        // Anything but a list of strings is refused by name, as a malformed element is.
        CallToolResult nested = client(key)
                .callTool(new McpSchema.CallToolRequest(
                        "spend_by", Map.of("by", "feature", "exclude", List.of(Map.of("feature", "search")))));
        assertThat(nested.isError()).isTrue();
        assertThat(problem(nested).at("/errors/0/pointer").asString()).isEqualTo("exclude");
        CallToolResult malformed = client(key)
                .callTool(new McpSchema.CallToolRequest(
                        "spend_by", Map.of("by", "feature", "exclude", List.of("search"))));
        assertThat(problem(malformed).at("/errors/0/message").asString())
                .isEqualTo("must be dimension:value (e.g. feature:onboarding), not 'search'");
    }

    @Test
    void anUnknownToolIsAJsonRpcInvalidParamsError() {
        McpSyncClient client = client(key(Plan.TEAM));
        assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("drop_workspace", Map.of())))
                .isInstanceOfSatisfying(
                        McpError.class,
                        e -> assertThat(e.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS));
    }

    @Test
    void unreachableDataIsAJsonRpcErrorNotAToolResult() {
        McpSyncClient client = client(key(Plan.FREE));
        queries.unavailable = true;
        assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("active_alerts", Map.of())))
                .isInstanceOfSatisfying(McpError.class, e -> {
                    assertThat(e.getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INTERNAL_ERROR);
                    assertThat(e.getJsonRpcError().message()).startsWith("Temporarily unavailable");
                    assertThat(json(e.getJsonRpcError().data()).get("code").asString())
                            .isEqualTo("unavailable");
                });
    }

    @Test
    void aFreeWorkspaceCallingAWriteToolAnywayIsRefusedWithPlanRequired() {
        McpSyncClient client = client(key(Plan.FREE));
        for (String tool : List.of("prepare_write_action", "confirm_write_action")) {
            CallToolResult result = client.callTool(new McpSchema.CallToolRequest(
                    tool,
                    Map.of("action", "create_budget", "name", "Support bot", "limitUsd", 500, "scope", "WORKSPACE")));
            assertThat(result.isError()).as(tool).isTrue();
            assertThat(problem(result).get("code").asString()).isEqualTo("plan_required");
        }
    }

    @Test
    void aTeamWorkspacePreparesAndConfirmsABudgetOnlyWithTheKeyThatPreparedIt() {
        String workspace = workspaces.create("MCP team", Plan.TEAM).id();
        McpSyncClient first = client(keys.issue(workspace, "first").secret());
        McpSyncClient second = client(keys.issue(workspace, "second").secret());

        CallToolResult prepared = first.callTool(new McpSchema.CallToolRequest(
                "prepare_write_action",
                Map.of(
                        "action",
                        "create_budget",
                        "name",
                        "Support bot",
                        "limitUsd",
                        500.25,
                        "scope",
                        "FEATURE",
                        "scopeValue",
                        "support-bot")));
        assertThat(prepared.isError()).as(String.valueOf(prepared.content())).isFalse();
        JsonNode answer = json(prepared.structuredContent());
        assertThat(answer.get("summary").asString())
                .isEqualTo("Create a MONTHLY budget 'Support bot' of $500.25 on feature support-bot");
        assertThat(answer.at("/arguments/limitUsd").decimalValue()).isEqualByComparingTo("500.25");
        assertThat(answer.at("/confirmWith/tool").asString()).isEqualTo("confirm_write_action");
        String token = answer.get("confirmationToken").asString();
        String phrase = answer.get("confirmationPhrase").asString();
        assertThat(((McpSchema.TextContent) prepared.content().get(0)).text())
                .startsWith("Prepared; nothing has changed yet.\nSummary to show the user: Create a MONTHLY budget")
                .contains("The user must type exactly: " + phrase);

        CallToolResult wrongPhrase = first.callTool(confirm(token, phrase + "0"));
        assertThat(problem(wrongPhrase).get("code").asString()).isEqualTo("wrong_phrase");
        CallToolResult otherKey = second.callTool(confirm(token, phrase));
        assertThat(otherKey.isError()).isTrue();
        assertThat(problem(otherKey).get("code").asString()).isEqualTo("other_credential");

        CallToolResult confirmed = first.callTool(confirm(token, phrase));
        assertThat(confirmed.isError()).as(String.valueOf(confirmed.content())).isFalse();
        JsonNode done = json(confirmed.structuredContent());
        assertThat(done.get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(done.get("replayed").asBoolean()).isFalse();
        assertThat(done.at("/result/name").asString()).isEqualTo("Support bot");
        assertThat(done.at("/result/workspaceId").asString()).isEqualTo(workspace);
        assertThat(json(first.callTool(confirm(token, phrase)).structuredContent())
                        .get("replayed")
                        .asBoolean())
                .isTrue();
    }

    @Test
    void invalidWriteArgumentsAreRefusedWithTheActionEndpointsCodes() {
        McpSyncClient client = client(key(Plan.TEAM));
        CallToolResult unknown =
                client.callTool(new McpSchema.CallToolRequest("prepare_write_action", Map.of("action", "delete_all")));
        assertThat(problem(unknown).get("code").asString()).isEqualTo("unknown_action");
        CallToolResult invalid = client.callTool(new McpSchema.CallToolRequest(
                "prepare_write_action", Map.of("action", "create_budget", "limitUsd", "lots")));
        assertThat(invalid.isError()).isTrue();
        assertThat(problem(invalid).get("code").asString()).isEqualTo("invalid_action");
        CallToolResult noPhrase = client.callTool(
                new McpSchema.CallToolRequest("confirm_write_action", Map.of("confirmationToken", "sct_x")));
        assertThat(problem(noPhrase).get("code").asString()).isEqualTo("invalid_confirmation");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-11-25", "2025-06-18", "2025-03-26"})
    void initializeAgreesOnEachSupportedProtocolVersion(String version) {
        McpSyncClient client = mcp().connect(key(Plan.FREE), List.of(version));
        clients.add(client);
        assertThat(client.getCurrentInitializationResult().protocolVersion()).isEqualTo(version);
        assertThat(client.getServerInfo().name()).isEqualTo("spendline");
        assertThat(client.listTools().tools()).hasSize(READ_TOOLS.size());
    }

    @Test
    void aClientAskingForAnotherVersionIsOfferedTheNewest() throws Exception {
        HttpResponse<String> answer = post(initialize("2024-01-01"), key(Plan.FREE), null);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(Json.MAPPER
                        .readTree(answer.body())
                        .at("/result/protocolVersion")
                        .asString())
                .isEqualTo("2025-11-25");
    }

    @Test
    void getAndDeleteAre405WithAllowPost() throws Exception {
        String key = key(Plan.FREE);
        for (String method : List.of("GET", "DELETE")) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(uri("/api/mcp"))
                    .method(method, HttpRequest.BodyPublishers.noBody())
                    .header("Authorization", "Bearer " + key)
                    .header("Accept", "text/event-stream"));
            assertThat(answer.statusCode()).as(method).isEqualTo(405);
            assertThat(answer.headers().firstValue("Allow")).as(method).contains("POST");
            assertThat(Json.MAPPER.readTree(answer.body()).get("code").asString())
                    .isEqualTo("method_not_allowed");
        }
    }

    @Test
    void aBodyOverTheLimitIs413() throws Exception {
        String padding = " ".repeat(McpConfiguration.MAX_REQUEST_BYTES);
        HttpResponse<String> answer = post(initialize("2025-11-25") + padding, key(Plan.FREE), null);
        assertThat(answer.statusCode()).isEqualTo(413);
        assertThat(Json.MAPPER.readTree(answer.body()).get("code").asString()).isEqualTo("body_too_large");
    }

    @Test
    void withoutAKeyTheEndpointIs401() throws Exception {
        HttpResponse<String> answer = post(initialize("2025-11-25"), null, null);
        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).isPresent();
    }

    @Test
    void aPageFromAnotherOriginIsRefusedWith403WithOrWithoutAKey() throws Exception {
        String key = key(Plan.FREE);
        for (String origin : List.of("https://evil.example", "null", "http://localhost.evil.example:8080")) {
            for (String credential : java.util.Arrays.asList(key, null)) {
                HttpResponse<String> answer = post(initialize("2025-11-25"), credential, origin);
                assertThat(answer.statusCode()).as(origin).isEqualTo(403);
                assertThat(answer.headers().firstValue("Content-Type")).contains("application/problem+json");
                assertThat(Json.MAPPER.readTree(answer.body()).get("code").asString())
                        .isEqualTo("origin_not_allowed");
            }
        }
    }

    @Test
    void loopbackPagesTheBaseUrlAndClientsWithoutOriginPass() throws Exception {
        String key = key(Plan.FREE);
        for (String origin : java.util.Arrays.asList(
                "http://localhost:6274", "http://127.0.0.1:5173", "https://spendline.example.com", null)) {
            HttpResponse<String> answer = post(initialize("2025-11-25"), key, origin);
            assertThat(answer.statusCode()).as(String.valueOf(origin)).isEqualTo(200);
            assertThat(Json.MAPPER
                            .readTree(answer.body())
                            .at("/result/serverInfo/name")
                            .asString())
                    .isEqualTo("spendline");
        }
    }

    private static McpSchema.CallToolRequest confirm(String token, String phrase) {
        return new McpSchema.CallToolRequest(
                "confirm_write_action", Map.of("confirmationToken", token, "confirmationPhrase", phrase));
    }

    private static List<String> names(List<Tool> tools) {
        return tools.stream().map(Tool::name).toList();
    }

    /** A tool error's problem: the JSON of its one text block. */
    private static JsonNode problem(CallToolResult result) {
        assertThat(result.isError()).isTrue();
        assertThat(result.structuredContent()).isNull();
        return Json.MAPPER.readTree(((McpSchema.TextContent) result.content().get(0)).text());
    }

    private static JsonNode json(Object value) {
        return Json.MAPPER.valueToTree(value);
    }

    private static String initialize(String version) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + version
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}";
    }

    private static String query(Map<String, Object> arguments) {
        if (arguments.isEmpty()) {
            return "";
        }
        // A list is the repeated parameter (exclude=...&exclude=...).
        return "?"
                + arguments.entrySet().stream()
                        .flatMap(e -> (e.getValue() instanceof List<?> list ? list : List.of(e.getValue()))
                                .stream()
                                        .map(v -> e.getKey() + "="
                                                + URLEncoder.encode(String.valueOf(v), StandardCharsets.UTF_8)))
                        .collect(Collectors.joining("&"));
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpResponse<String> get(String path, String key) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + key));
    }

    private HttpResponse<String> post(String body, String key, String origin) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/api/mcp"))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream");
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        return send(request);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The read tools' stand-in answers, or unreachable data when a test says so. */
    static final class SwitchableQueries implements Queries {

        private final Queries answers = Reports.tools();
        volatile boolean unavailable;

        @Override
        public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
            if (unavailable) {
                throw new QueryUnavailableException("partitions are moving");
            }
            return answers.answer(type, query);
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({
        ControlPlaneConfiguration.class,
        SecurityConfiguration.class,
        ProblemsConfiguration.class,
        ReportsConfiguration.class,
        BudgetConfiguration.class,
        AlertConfiguration.class,
        ActionConfiguration.class,
        McpConfiguration.class
    })
    static class Config {

        @Bean
        DataSource controlPlane() {
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(
                    "jdbc:h2:mem:mcp_" + UUID.randomUUID().toString().replace("-", ""));
            dataSource.setUsername("sa");
            dataSource.setMinimumIdle(1);
            ControlPlaneMigrations.migrate(dataSource);
            return dataSource;
        }

        @Bean
        Clock clock() {
            return Clock.fixed(Reports.NOW, ZoneOffset.UTC);
        }

        @Bean
        SwitchableQueries queries() {
            return new SwitchableQueries();
        }

        @Bean
        SettingsWriter settingsWriter() {
            return Mockito.mock(SettingsWriter.class);
        }
    }
}
