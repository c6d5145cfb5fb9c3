package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * The public port's limits and refusals on a real standalone over real HTTP (issue #28): one body
 * limit on every surface, answered 413 before the body is buffered, with the process keeping its
 * heap; no answer carries a stack trace, an exception name or SQL; the requests that used to end in
 * a 500 are the client's 4xx.
 */
class PublicPortLimitsIT {

    private static final long TWO_HUNDRED_MB = 200L * 1024 * 1024;

    private static final java.util.Set<String> INGEST = java.util.Set.of("/api/v1/events", "/api/v1/internal-usage");

    /** What no answer may contain: stack frames, exception names, SQL, versions. */
    static final Pattern INTERNALS = Pattern.compile(
            "at java\\.|at dev\\.|at org\\.|\\.java:\\d|Exception|Error:|stackTrace|INSERT |SELECT |SQLState|"
                    + "org\\.h2|PSQLException|Tomcat/|Jetty|JDK|jdk-?\\d");

    private static Standalone spendline;
    private static SpendlineHttp http;
    private static RawHttp raw;
    private static String teamKey;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-limits-it");
        int port = FreePorts.loopback();
        spendline = Standalone.start(dataDir, port, 0, 2, Map.of());
        http = new SpendlineHttp(spendline.baseUrl());
        raw = new RawHttp(port);
        var context = spendline.context();
        String workspace = context.getBean(WorkspaceRepository.class)
                .create("limits " + UUID.randomUUID(), Plan.TEAM)
                .id();
        teamKey = context.getBean(ApiKeyRepository.class).issue(workspace, "it").secret();
    }

    @AfterAll
    static void stop() {
        spendline.close();
    }

    /** A surface: method, path, content type, and whether it needs the API key. */
    private record Surface(String method, String path, String contentType, boolean keyed, String code) {}

    private static final List<Surface> SURFACES = List.of(
            new Surface("POST", "/oauth2/register", "application/json", false, "body_too_large"),
            new Surface("POST", "/oauth2/token", "application/x-www-form-urlencoded", false, "body_too_large"),
            new Surface("POST", "/oauth2/authorize", "application/x-www-form-urlencoded", false, "body_too_large"),
            new Surface("POST", "/signin", "application/x-www-form-urlencoded", false, "body_too_large"),
            new Surface("POST", "/signup", "application/x-www-form-urlencoded", false, "body_too_large"),
            new Surface("POST", "/api/v1/ask", "application/json", true, "body_too_large"),
            new Surface("POST", "/api/v1/ask/actions/prepare", "application/json", true, "body_too_large"),
            new Surface("POST", "/api/v1/budgets", "application/json", true, "body_too_large"),
            new Surface("PUT", "/api/v1/settings/revenue/acme/2026-10", "application/json", true, "body_too_large"),
            new Surface("PUT", "/api/v1/settings/otlp-mapping", "application/json", true, "body_too_large"),
            new Surface(
                    "POST",
                    "/app/settings/revenue/upload",
                    "multipart/form-data; boundary=xyz",
                    false,
                    "body_too_large"),
            new Surface("POST", "/api/mcp", "application/json", true, "body_too_large"),
            new Surface("POST", "/slack/events", "application/json", false, "body_too_large"),
            new Surface("POST", "/app/settings/revenue", "application/x-www-form-urlencoded", false, "body_too_large"),
            new Surface("POST", "/api/v1/events", "application/json", true, "body_too_large"),
            new Surface("POST", "/api/v1/internal-usage", "application/json", true, "body_too_large"));

    @Test
    void twoHundredMegabyteBodiesSentInParallelToEverySurfaceAre413AndTheHeapStays() throws Exception {
        int clientsBefore = registeredClients();
        ExecutorService senders = Executors.newFixedThreadPool(10);
        try {
            List<Future<String>> outcomes = new ArrayList<>();
            for (Surface surface : SURFACES) {
                for (boolean chunked : new boolean[] {false, true}) {
                    outcomes.add(senders.submit(() -> {
                        RawHttp.Answer answer = raw.send(
                                surface.method(),
                                surface.path(),
                                headers(surface),
                                "{\"question\":\"".getBytes(StandardCharsets.UTF_8),
                                TWO_HUNDRED_MB,
                                chunked);
                        String what = surface.method() + " " + surface.path() + (chunked ? " chunked" : " with length");
                        assertThat(answer.status())
                                .as(what + ": " + answer.body())
                                .isEqualTo(413);
                        assertThat(answer.headers().get("content-type"))
                                .as(what)
                                .startsWith("application/problem+json");
                        JsonNode problem = Json.MAPPER.readTree(answer.body());
                        assertThat(problem.get("code").asString()).as(what).isEqualTo(surface.code());
                        assertThat(answer.body()).as(what).doesNotContainPattern(INTERNALS);
                        if (!(chunked && INGEST.contains(surface.path()))) {
                            assertThat(answer.bytesSent())
                                    .as(what + ": the server answered long before the body ended")
                                    .isLessThan(TWO_HUNDRED_MB);
                        }
                        // Known limit: on the standalone, a chunked ingest body over the drain limit is
                        // answered 413 but then read to its end and discarded by Spring's servlet bridge
                        // of the WebFlux handler (it drains a cancelled body); memory stays flat, the
                        // heap check below holds, but the bytes still cross the wire.
                        return what;
                    }));
                }
            }
            for (Future<String> outcome : outcomes) {
                outcome.get();
            }
        } finally {
            senders.shutdownNow();
        }
        assertThat(http.get("/livez", null).status()).isEqualTo(200);
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        long used = runtime.totalMemory() - runtime.freeMemory();
        assertThat(used).as("heap used after, of max %d", runtime.maxMemory()).isLessThan(runtime.maxMemory() / 2);
        assertThat(registeredClients()).as("nothing registered").isEqualTo(clientsBefore);
    }

    private static Map<String, String> headers(Surface surface) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", surface.contentType());
        headers.put("Accept", "application/json, text/event-stream");
        if (surface.keyed()) {
            headers.put("Authorization", "Bearer " + teamKey);
        }
        return headers;
    }

    private static int registeredClients() {
        return spendline
                .context()
                .getBean(JdbcTemplate.class)
                .queryForObject("select count(*) from oauth2_registered_client", Integer.class);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"/livez?%00=1", "/readyz?%00=1", "/api/v1/reports/spend?by=feature&%00=1", "/app/overview?%00=1"
            })
    void aNulInTheQueryStringIs400NotA500(String path) throws Exception {
        HttpResponse<String> answer =
                send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + teamKey));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        assertThat(Json.MAPPER.readTree(answer.body()).get("code").asString()).isEqualTo("request_rejected");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/reports/budget-status", "/api/v1/reports/active-alerts"})
    void aFarFutureAsOfIs400NamingTheField(String report) {
        SpendlineHttp.Response answer = http.get(report + "?asOf=%2B1000000000-12-31T23:59:59Z", teamKey);
        SpendlineHttp.assertProblem(answer, 400, "invalid_parameters", "asOf");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/signin", "/oauth2/token", "/signup"})
    void formsOverTheLimitAre413WithOrWithoutALength(String path) throws Exception {
        for (boolean chunked : new boolean[] {false, true}) {
            RawHttp.Answer answer = raw.send(
                    "POST",
                    path,
                    Map.of("Content-Type", "application/x-www-form-urlencoded"),
                    "username=a&password=".getBytes(StandardCharsets.UTF_8),
                    3L * 1024 * 1024,
                    chunked);
            assertThat(answer.status())
                    .as(path + " chunked " + chunked + ": " + answer.body())
                    .isEqualTo(413);
            assertThat(answer.body()).contains("body_too_large").doesNotContainPattern(INTERNALS);
        }
    }

    /** Just over the file limit but within the request's: the container's multipart limit, as 413. */
    @Test
    void aRevenueUploadOverOneMebibyteIs413() throws Exception {
        String boundary = "xyz";
        StringBuilder file = new StringBuilder("tenantId,month,amountUsd\n");
        while (file.length() <= 1024 * 1024 + 100) {
            file.append("acme,2026-10,1.00\n");
        }
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\n" + file + "\r\n--" + boundary + "--\r\n";
        HttpResponse<String> answer = send(HttpRequest.newBuilder(uri("/app/settings/revenue/upload"))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(413);
        assertThat(answer.body()).contains("body_too_large").doesNotContainPattern(INTERNALS);
    }

    @Test
    void aTenantIdWithASlashIsSetAndDeletedThroughTheQueryParameterForm() {
        SpendlineHttp.Response set =
                http.put("/api/v1/settings/revenue/2026-10?tenantId=team%2Feu", teamKey, "{\"amountUsd\": 12.50}");
        assertThat(set.status()).as(set.raw().body()).isEqualTo(200);
        assertThat(set.body().get("tenantId").asString()).isEqualTo("team/eu");
        assertThat(set.body().get("amountUsd").decimalValue()).isEqualByComparingTo("12.50");
        assertThat(http.delete("/api/v1/settings/revenue/2026-10?tenantId=team%2Feu", teamKey)
                        .status())
                .isEqualTo(204);
        SpendlineHttp.assertProblem(
                http.put("/api/v1/settings/revenue/2026-10", teamKey, "{\"amountUsd\": 1}"),
                400,
                "invalid_revenue",
                "tenantId");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "not json|-32700",
                "{}|-32600",
                "[]|-32600",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]|-32600",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}|-32600",
                "null|-32600",
                "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}|-32600",
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}|-32600",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":null}|-32602",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"spend_by\",\"arguments\":\"x\"}}|-32602",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}|-32602",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"no/such\"}|-32601"
            })
    void mcpAnswersMalformedMessagesWithJsonRpcErrorsAndNoInternals(String caseAndCode) throws Exception {
        String[] parts = caseAndCode.split("\\|");
        HttpResponse<String> answer = mcp(parts[0], "application/json, text/event-stream");
        assertThat(answer.statusCode()).as(answer.body()).isLessThan(500);
        JsonNode body = Json.MAPPER.readTree(answer.body());
        assertThat(body.get("jsonrpc").asString()).isEqualTo("2.0");
        assertThat(body.get("error").get("code").asInt()).as(answer.body()).isEqualTo(Integer.parseInt(parts[1]));
        assertThat(answer.body()).doesNotContainPattern(INTERNALS).hasSizeLessThan(1000);
    }

    @Test
    void mcpWithoutTheAcceptHeaderIsAPlainJsonRpcError() throws Exception {
        HttpResponse<String> answer = mcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "*/*");
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).doesNotContainPattern(INTERNALS).hasSizeLessThan(1000);
        assertThat(Json.MAPPER.readTree(answer.body()).get("error").has("code")).isTrue();
    }

    @Test
    void aRegistrationWithRedirectUrisBeyondTheColumnIsAFieldErrorAndStoresNothing() throws Exception {
        int before = registeredClients();
        String longUri = "http://127.0.0.1/" + "a".repeat(4100);
        for (String uris : List.of(
                "[\"" + longUri + "\"]",
                "[" + String.join(",", java.util.Collections.nCopies(11, "\"http://127.0.0.1/cb\"")) + "]",
                "[\"http://127.0.0.1/a,b\"]")) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(uri("/oauth2/register"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"client_name\":\"x\",\"redirect_uris\":" + uris + "}")));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
            JsonNode error = Json.MAPPER.readTree(answer.body());
            assertThat(error.get("error").asString()).isEqualTo("invalid_redirect_uri");
            assertThat(answer.body())
                    .doesNotContainPattern(INTERNALS)
                    .doesNotContain("varchar")
                    .hasSizeLessThan(400);
        }
        HttpResponse<String> wrongTypes = send(HttpRequest.newBuilder(uri("/oauth2/register"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"redirect_uris\":{\"a\":[1,2]},\"grant_types\":7}")));
        assertThat(wrongTypes.statusCode()).as(wrongTypes.body()).isEqualTo(400);
        assertThat(wrongTypes.body()).doesNotContainPattern(INTERNALS).doesNotContain("java.");
        assertThat(registeredClients()).isEqualTo(before);
    }

    /**
     * The longest e-mail address sign-up takes is also a session's principal name (a column of 100
     * characters, spring_session) and an OAuth grant's (200): a longer one may not fail in the
     * database after the account exists.
     */
    @Test
    void aSignUpWithAVeryLongEmailIsAFormErrorOrWorksNeverA500() throws Exception {
        HttpClient browser = HttpClient.newBuilder()
                .cookieHandler(new java.net.CookieManager())
                .build();
        HttpResponse<String> page =
                browser.send(HttpRequest.newBuilder(uri("/signup")).build(), HttpResponse.BodyHandlers.ofString());
        java.util.regex.Matcher token =
                Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(page.body());
        assertThat(token.find()).as(page.body()).isTrue();
        String email = "a".repeat(60) + "@" + "b".repeat(80) + ".example.com";
        String form = "email=" + java.net.URLEncoder.encode(email, StandardCharsets.UTF_8)
                + "&name=Long&password=correct-horse-battery&_csrf=" + token.group(1);
        HttpResponse<String> answer = browser.send(
                HttpRequest.newBuilder(uri("/signup"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isLessThan(500);
        if (answer.statusCode() == 302) {
            HttpResponse<String> app =
                    browser.send(HttpRequest.newBuilder(uri("/app")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(app.statusCode()).as("signed in: " + app.body()).isLessThan(500);
        }
    }

    private static HttpResponse<String> mcp(String body, String accept) throws Exception {
        return send(HttpRequest.newBuilder(uri("/api/mcp"))
                .header("Authorization", "Bearer " + teamKey)
                .header("Content-Type", "application/json")
                .header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static URI uri(String path) {
        return URI.create(spendline.baseUrl() + path);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
