package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.Standalone;
import dev.spendline.standalone.browser.Browser;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * MCP with OAuth end to end, with clients no one here wrote: the official TypeScript MCP SDK
 * ({@code src/test/node/mcp-oauth-client.mjs}) as the MCP client and a real headless Chromium as
 * the user's browser, against the real standalone. The client gets 401, finds the protected
 * resource metadata and the authorization server's, registers itself, sends the user to the
 * browser; the user (signed in) picks a workspace by name and allows it; the code comes back on the
 * client's loopback redirect; the client exchanges it with PKCE, lists the tools, calls every read
 * tool, refreshes its token and calls again. The figures are checked against the REST reports of
 * the chosen workspace, read with that workspace's API key.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class McpOAuthBrowserIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String EMAIL = "agent-owner@example.com";
    private static final String PASSWORD = "a long enough password";
    private static final Path CLIENT_SCRIPT = NodeClients.NODE_PROJECT.resolve("mcp-oauth-client.mjs");

    private static Standalone spendline;
    private static Browser browser;
    private static String base;
    private static String freeKey;
    private static Workspace team;
    private static String teamKey;
    /** How often an authorization went through the sign-in page. */
    private static int signInPages;

    @BeforeAll
    static void start() throws Exception {
        Browser.requireOrSkip();
        NodeClients.requireOrSkip();
        spendline = Standalone.start(
                Files.createTempDirectory("spendline-mcp-oauth-it"), FreePorts.loopback(), 0, 2, Map.of());
        base = spendline.baseUrl();
        freeKey = spendline.firstKey().orElseThrow().secret();
        Instant at = Instant.now().minus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        send(freeKey, event("free-1", "acme", "search", "12.34", at));
        send(freeKey, event("free-2", "globex", "chat", "7.36", at));

        browser = Browser.start();
        // The owner of the first-start workspace (FREE), through its setup link.
        browser.open(spendline.setupLink().orElseThrow()).waitForText("Set up Spendline");
        browser.fill("E-mail", EMAIL)
                .fill("Your name", "Olga")
                .fill("Password (at least 10 characters)", PASSWORD)
                .click("Create account");
        browser.waitForText("Default workspace");

        // The first-start workspace is on Team in the standalone; this test needs one on FREE.
        var ctx = spendline.context();
        WorkspaceRepository workspaces = ctx.getBean(WorkspaceRepository.class);
        workspaces.findAll().stream()
                .filter(w -> w.name().equals("Default workspace"))
                .forEach(w -> workspaces.updatePlan(w.id(), Plan.FREE));
        // A second workspace of hers, on the Team plan, with data of its own.
        team = workspaces.create("Team workspace", Plan.TEAM);
        String userId = ctx.getBean(UserRepository.class)
                .findByEmail(EMAIL)
                .orElseThrow()
                .id();
        ctx.getBean(MembershipRepository.class).add(team.id(), userId, Role.OWNER);
        teamKey = ctx.getBean(ApiKeyRepository.class).issue(team.id(), "rest").secret();
        send(teamKey, event("team-1", "initech", "search", "99.99", at));
        awaitCost(freeKey, "19.70");
        awaitCost(teamKey, "99.99");
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    @Order(1)
    void aFreeWorkspaceGrantReadsEveryToolWithItsFiguresAndNoWriteTools() throws Exception {
        Map<String, Map<String, Object>> reads = readCalls();
        List<Map<String, Object>> calls = new ArrayList<>();
        reads.forEach((tool, arguments) -> calls.add(Map.of("name", tool, "arguments", arguments)));
        Map<String, Object> plan = Map.of(
                "serverUrl",
                base + "/api/mcp",
                "calls",
                calls,
                "writes",
                List.of(Map.of("name", "prepare_write_action", "arguments", budget("MCP monthly"))),
                "afterRefresh",
                List.of(Map.of("name", "spend_by", "arguments", reads.get("spend_by"))));

        // Signed out: the authorization request goes through the sign-in page and comes back.
        browser.driver().manage().deleteAllCookies();
        List<JsonNode> steps = runClient(plan, "Default workspace", "consent-free");
        assertThat(signInPages)
                .as("the authorization went through the sign-in page")
                .isEqualTo(1);

        assertThat(names(step(steps, "tools").get("names")))
                .containsExactlyInAnyOrderElementsOf(SpendlineMcp.READ_TOOLS);
        List<JsonNode> results = all(steps, "call");
        // Every read tool, then the refused write, then spend_by again after the refresh.
        assertThat(results).hasSize(reads.size() + 2);
        int i = 0;
        for (Map.Entry<String, Map<String, Object>> read : reads.entrySet()) {
            JsonNode result = results.get(i++);
            assertThat(result.get("name").asString()).isEqualTo(read.getKey());
            assertThat(result.get("isError").asBoolean()).as(result.toString()).isFalse();
            assertSameJson(result.get("structuredContent"), rest(read.getKey(), read.getValue(), freeKey));
        }
        JsonNode refused = results.get(i++);
        assertThat(refused.get("isError").asBoolean()).as(refused.toString()).isTrue();
        assertThat(JSON.readTree(refused.get("text").asString()).get("code").asString())
                .isEqualTo("plan_required");

        JsonNode refreshed = step(steps, "refreshed");
        assertThat(refreshed.get("changed").asBoolean())
                .as(refreshed.toString())
                .isTrue();
        JsonNode afterRefresh = results.get(i);
        assertThat(afterRefresh.get("isError").asBoolean()).isFalse();
        // The grant reads the workspace chosen on the consent page, not the other one of the same user.
        assertThat(afterRefresh
                        .get("structuredContent")
                        .get("totals")
                        .get("costUsd")
                        .decimalValue())
                .isEqualByComparingTo("19.70");
    }

    @Test
    @Order(2)
    void aTeamWorkspaceGrantPreparesAndConfirmsABudgetThatNoOtherCredentialCanConfirm() throws Exception {
        Map<String, Object> spendArgs = readCalls().get("spend_by");
        Map<String, Object> confirmLast = Map.of(
                "name",
                "confirm_write_action",
                "arguments",
                Map.of("confirmationToken", "$token", "confirmationPhrase", "$phrase"));
        Map<String, Object> plan = Map.of(
                "serverUrl",
                base + "/api/mcp",
                "calls",
                List.of(Map.of("name", "spend_by", "arguments", spendArgs)),
                // One budget left prepared for the other credentials to try, then the one confirmed.
                "writes",
                List.of(
                        Map.of("name", "prepare_write_action", "arguments", budget("Elsewhere")),
                        Map.of("name", "prepare_write_action", "arguments", budget("MCP monthly"))),
                // Confirmed after the refresh: the grant, not the access token, is what it is bound to.
                "afterRefresh",
                List.of(
                        confirmLast,
                        // The confirm writes the budget; the read sees it once the topology has it.
                        Map.of("name", "budget_status", "arguments", Map.of(), "untilIncludes", "MCP monthly")));

        List<JsonNode> steps = runClient(plan, "Team workspace", "consent-team");

        assertThat(names(step(steps, "tools").get("names")))
                .containsAll(SpendlineMcp.READ_TOOLS)
                .contains("prepare_write_action", "confirm_write_action");
        List<JsonNode> results = all(steps, "call");
        assertThat(results.get(0)
                        .get("structuredContent")
                        .get("totals")
                        .get("costUsd")
                        .decimalValue())
                .isEqualByComparingTo("99.99");
        JsonNode elsewhere = results.get(1).get("structuredContent");
        JsonNode prepared = results.get(2);
        assertThat(prepared.get("isError").asBoolean()).as(prepared.toString()).isFalse();
        // The text a client shows carries the summary and the exact phrase to type.
        assertThat(prepared.get("text").asString())
                .contains(prepared.get("structuredContent")
                        .get("confirmationPhrase")
                        .asString());
        JsonNode confirmed = results.get(3);
        assertThat(confirmed.get("isError").asBoolean())
                .as(confirmed.toString())
                .isFalse();
        JsonNode budgets = results.get(4).get("structuredContent");
        assertThat(budgets.toString()).contains("MCP monthly").doesNotContain("Elsewhere");
        assertSameJson(budgets, rest("budget_status", Map.of(), teamKey));

        // The same workspace's API key cannot confirm what the grant prepared ...
        JsonNode byKey = confirmWithApiKey(elsewhere, teamKey);
        assertThat(byKey.path("result").path("isError").asBoolean())
                .as(byKey.toString())
                .isTrue();
        assertThat(JSON.readTree(byKey.path("result")
                                .path("content")
                                .get(0)
                                .get("text")
                                .asString())
                        .get("code")
                        .asString())
                .isEqualTo("other_credential");
        // ... nor can another grant of the same user for the same workspace.
        List<JsonNode> second = runClient(
                Map.of(
                        "serverUrl",
                        base + "/api/mcp",
                        "writes",
                        List.of(Map.of(
                                "name",
                                "confirm_write_action",
                                "arguments",
                                Map.of(
                                        "confirmationToken",
                                        elsewhere.get("confirmationToken").asString(),
                                        "confirmationPhrase",
                                        elsewhere.get("confirmationPhrase").asString())))),
                "Team workspace",
                "consent-team-second-grant");
        JsonNode byOtherGrant = all(second, "call").get(0);
        assertThat(byOtherGrant.get("isError").asBoolean())
                .as(byOtherGrant.toString())
                .isTrue();
        assertThat(JSON.readTree(byOtherGrant.get("text").asString())
                        .get("code")
                        .asString())
                .isEqualTo("other_credential");
        assertThat(rest("budget_status", Map.of(), teamKey).toString()).doesNotContain("Elsewhere");
    }

    @Test
    @Order(3)
    void settingsListTheWorkspacesGrantAndItsOwnerRevokesIt() {
        // The session's workspace is the first-start one: the FREE grant of the first test is its only one.
        browser.open(base + "/app/settings/grants").waitForText("Connected clients");
        assertThat(browser.text("main"))
                .contains("Spendline test client (TypeScript SDK)")
                .contains(EMAIL);
        browser.check("settings-grants");
        browser.click("Revoke Spendline test client (TypeScript SDK)");
        browser.waitForText("No client has been allowed to use this workspace.");
        // Where a device's user types its code (the device grant): the same look, accessible.
        browser.open(base + "/activate").waitForText("Connect a device").check("device-activate");
    }

    /**
     * docs/mcp.md's TypeScript example, the file itself ({@code oauth-example.mts}, which
     * {@code OAuthExampleDocTest} holds equal to the doc's code), run as a reader would run it: it
     * prints the page to open, the user signs in there, and it lists the tools and calls spend_by.
     */
    @Test
    @Order(4)
    void theDocsTypeScriptExampleSignsInAndCallsATool() throws Exception {
        NodeClients.Home home = NodeClients.newHome("mcp-oauth-example");
        ProcessBuilder builder = new ProcessBuilder(
                        NodeClients.node().orElseThrow().toString(),
                        NodeClients.TSX.toString(),
                        NodeClients.OAUTH_EXAMPLE.toString())
                .directory(NodeClients.NODE_PROJECT.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(home.dir().resolve("example.err").toFile());
        builder.environment().clear();
        builder.environment().putAll(home.baseEnvironment());
        builder.environment().put("SPENDLINE_MCP_URL", base + "/api/mcp");
        Process example = builder.start();
        List<String> lines = new ArrayList<>();
        String prompt = "Open this page to sign in: ";
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(example.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                lines.add(line);
                if (line.startsWith(prompt)) {
                    authorizeInBrowser(
                            line.substring(prompt.length()),
                            "Default workspace",
                            "consent-example",
                            "My Spendline client");
                }
            }
        } finally {
            if (!example.waitFor(60, TimeUnit.SECONDS)) {
                example.destroyForcibly();
            }
        }
        String stderr = Files.readString(home.dir().resolve("example.err"));
        assertThat(example.exitValue()).as(lines + "\n" + stderr).isZero();
        assertThat(lines).anySatisfy(line -> assertThat(line).startsWith(prompt));
        assertThat(lines)
                .anySatisfy(line -> assertThat(line).startsWith("Tools: ").contains("spend_by"));
        // The tool's text is its answer: the FREE workspace's spend, by feature.
        String answer = String.join("\n", lines);
        assertThat(answer).contains("\"by\":\"feature\"").contains("search").contains("chat");
    }

    /** {@code confirm_write_action} over MCP with an API key, as a JSON-RPC call of its own. */
    private static JsonNode confirmWithApiKey(JsonNode prepared, String key) throws Exception {
        String call = JSON.writeValueAsString(Map.of(
                "jsonrpc",
                "2.0",
                "id",
                1,
                "method",
                "tools/call",
                "params",
                Map.of(
                        "name",
                        "confirm_write_action",
                        "arguments",
                        Map.of(
                                "confirmationToken",
                                        prepared.get("confirmationToken").asString(),
                                "confirmationPhrase",
                                        prepared.get("confirmationPhrase").asString()))));
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/api/mcp"))
                        .header("authorization", "Bearer " + key)
                        .header("content-type", "application/json")
                        .header("accept", "application/json, text/event-stream")
                        .header("mcp-protocol-version", "2025-11-25")
                        .POST(HttpRequest.BodyPublishers.ofString(call))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** Runs the TypeScript client with {@code plan}, doing the browser part when it asks. */
    private static List<JsonNode> runClient(Map<String, Object> plan, String workspaceName, String screenshot)
            throws Exception {
        NodeClients.Home home = NodeClients.newHome("mcp-oauth-" + screenshot);
        ProcessBuilder builder = new ProcessBuilder(
                        NodeClients.node().orElseThrow().toString(),
                        CLIENT_SCRIPT.toString(),
                        JSON.writeValueAsString(plan))
                .directory(NodeClients.NODE_PROJECT.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(home.dir().resolve("client.err").toFile());
        builder.environment().clear();
        builder.environment().putAll(home.baseEnvironment());
        Process client = builder.start();
        List<JsonNode> steps = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                JsonNode step = JSON.readTree(line);
                steps.add(step);
                if (step.get("step").asString().equals("authorize")) {
                    authorizeInBrowser(step.get("url").asString(), workspaceName, screenshot);
                }
            }
        } finally {
            if (!client.waitFor(60, TimeUnit.SECONDS)) {
                client.destroyForcibly();
            }
        }
        String stderr = Files.readString(home.dir().resolve("client.err"));
        assertThat(client.exitValue())
                .as("the client's output: " + steps + "\n" + stderr)
                .isZero();
        assertThat(step(steps, "done")).isNotNull();
        JsonNode tokens = step(steps, "tokens");
        assertThat(tokens.get("hasRefreshToken").asBoolean())
                .as(tokens.toString())
                .isTrue();
        return steps;
    }

    /** The user's part: the consent page, the workspace chosen by name, Allow; the client gets the code. */
    private static void authorizeInBrowser(String url, String workspaceName, String screenshot) {
        authorizeInBrowser(url, workspaceName, screenshot, "Spendline test client (TypeScript SDK)");
    }

    private static void authorizeInBrowser(String url, String workspaceName, String screenshot, String clientName) {
        URI authorize = URI.create(url);
        assertThat(authorize.getScheme() + "://" + authorize.getAuthority()).isEqualTo(base);
        browser.open(url);
        if (browser.driver().getTitle().startsWith("Sign in")) {
            browser.check(screenshot + "-signin");
            browser.fill("E-mail", EMAIL).fill("Password", PASSWORD).click("Sign in");
            signInPages++;
        }
        browser.waitForText("to use Spendline?");
        assertThat(browser.currentUrl()).startsWith(base + "/oauth2/");
        assertThat(browser.text("main")).contains(clientName).contains("127.0.0.1");
        browser.check(screenshot);
        browser.driver().findElements(By.cssSelector("label")).stream()
                .filter(label -> label.getText().contains(workspaceName))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no workspace called " + workspaceName + " to choose"))
                .click();
        browser.click("Allow");
        browser.waitForText("Signed in. You can close this window.", Duration.ofSeconds(20));
    }

    /** Every read tool with arguments over this month (budget and alert tools take none). */
    private static Map<String, Map<String, Object>> readCalls() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String from = today.withDayOfMonth(1).toString();
        String month = YearMonth.from(today).toString();
        Map<String, Map<String, Object>> calls = new LinkedHashMap<>();
        calls.put("spend_by", Map.of("by", "tenant", "from", from, "to", today.toString()));
        calls.put("margin_by_customer", Map.of("from", month, "to", month));
        calls.put("margin_by_feature", Map.of("from", month, "to", month));
        calls.put("top_waste", Map.of("from", from, "to", today.toString()));
        calls.put("savings_recommendations", Map.of());
        calls.put("budget_status", Map.of());
        calls.put("active_alerts", Map.of());
        calls.put("compare", Map.of("by", "feature", "from", from, "to", today.toString()));
        return calls;
    }

    private static Map<String, Object> budget(String name) {
        return Map.of(
                "action", "create_budget", "name", name, "scope", "WORKSPACE", "period", "MONTHLY", "limitUsd", 250);
    }

    /** The REST report of a read tool with the same arguments, read with {@code key}. */
    private static JsonNode rest(String tool, Map<String, Object> arguments, String key) throws Exception {
        String path = dev.spendline.contracts.tools.ReadTool.named(tool).path();
        String query = arguments.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(String.valueOf(e.getValue()), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + path + (query.isEmpty() ? "" : "?" + query)))
                        .header("authorization", "Bearer " + key)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    /** Equal JSON, numbers by value: JavaScript prints 0.00 as 0. Times that say "now" may differ. */
    private static void assertSameJson(JsonNode mcp, JsonNode rest) {
        Comparator<JsonNode> sameNumber = (a, b) ->
                a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1;
        JsonNode left = withoutClock(mcp);
        JsonNode right = withoutClock(rest);
        assertThat(left.equals(sameNumber, right)).as(mcp + "\nequals\n" + rest).isTrue();
    }

    private static JsonNode withoutClock(JsonNode node) {
        JsonNode copy = node.deepCopy();
        if (copy.isObject()) {
            ((tools.jackson.databind.node.ObjectNode) copy).remove(List.of("generatedAt", "asOf"));
        }
        return copy;
    }

    private static JsonNode step(List<JsonNode> steps, String name) {
        return steps.stream()
                .filter(s -> s.get("step").asString().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no step " + name + " in " + steps));
    }

    private static List<JsonNode> all(List<JsonNode> steps, String name) {
        return steps.stream().filter(s -> s.get("step").asString().equals(name)).toList();
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asString()));
        return names;
    }

    private static void awaitCost(String key, String expected) throws Exception {
        Instant deadline = Instant.now().plusSeconds(30);
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        String from = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1).toString();
        JsonNode report = null;
        while (Instant.now().isBefore(deadline)) {
            report = rest("spend_by", Map.of("by", "tenant", "from", from, "to", today), key);
            if (report.get("totals").get("costUsd").decimalValue().compareTo(new java.math.BigDecimal(expected)) == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the spend never reached " + expected + ": " + report);
    }

    private static void send(String key, String event) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/events"))
                        .header("authorization", "Bearer " + key)
                        .header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(event))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private static String event(String id, String tenant, String feature, String cost, Instant at) {
        return "{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":100,\"outputTokens\":20,"
                + "\"costUsd\":" + cost + ",\"feature\":\"" + feature + "\",\"tenantId\":\"" + tenant + "\","
                + "\"ts\":\"" + at + "\",\"source\":\"mcp-oauth-it\",\"externalId\":\"" + id + "\"}";
    }
}
