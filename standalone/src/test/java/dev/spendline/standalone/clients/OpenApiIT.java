package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.openapi.OpenApiDocument;
import dev.spendline.standalone.Standalone;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServletHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI document of a real standalone (one per class): served without a credential as the
 * builder makes it, every route the running application serves documented (or deliberately left out,
 * {@link #NOT_IN_THE_DOCUMENT}) and every documented route served, and the document lint-clean by the
 * pinned {@code @redocly/cli} (standalone/src/test/node, installed by {@code .ci/run}'s {@code npm ci})
 * with src/test/resources/openapi/redocly.yaml.
 */
class OpenApiIT {

    /**
     * Routes the application serves that the document leaves out on purpose (docs/api.md, "The OpenAPI
     * document"): pages for a person in a browser, callbacks that only their third party calls, and
     * what is not on the public port. A route listed here must not be in the document.
     */
    private static final List<String> NOT_IN_THE_DOCUMENT = List.of(
            // The dashboard and settings pages and their forms (HTML, session + CSRF).
            "/",
            "/app",
            "/app/",
            "/app/**",
            // Sign-in, sign-up, set-up and invitation pages (HTML forms).
            "/signin",
            "/signin/**",
            "/signup",
            "/setup/{token}",
            "/invite/{token}",
            "/invite/{token}/accept",
            // The OAuth server's pages: consent, where the user picks the workspace, and the device
            // code page (a person types the code there, RFC 8628's verification_uri).
            "/oauth2/consent",
            "/activate",
            "/oauth2/device_verification",
            // OpenID Connect's userinfo and RP-initiated logout, which Spring's OIDC support serves and
            // advertises: no client is issued the openid scope (MCP clients get mcp, the collector
            // usage:write), so userinfo answers none of them, and logout is a browser redirect.
            "/userinfo",
            "/connect/logout",
            // Slack's callbacks: signed by Slack, called by Slack only (docs/slack.md).
            "/slack/events",
            "/slack/commands",
            // Spring's error dispatch (never reachable as a request: the deny-all chain answers 404).
            "/error",
            // The internal port's local commands (loopback, signed; docs/operations.md).
            "/internal/**");

    /**
     * Routes whose one handler serves several declared paths: the reports' handler answers exactly
     * the read tools' paths ({@link ReadTool#atPath}) and 404 for anything else under it.
     */
    private static final Map<String, List<String>> ONE_HANDLER_FOR_DECLARED_PATHS = Map.of(
            "/api/v1/reports/**",
            Arrays.stream(ReadTool.values()).map(ReadTool::path).toList());

    /**
     * The authorization server's endpoints as its metadata (RFC 8414, OpenID Connect discovery)
     * names them, with the method each is called with by its RFC. The server's filters serve them,
     * so no handler mapping lists them: the metadata of the running server is their list.
     */
    private static final Map<String, Set<String>> METADATA_ENDPOINTS = Map.of(
            "authorization_endpoint", Set.of("GET"),
            "token_endpoint", Set.of("POST"),
            "jwks_uri", Set.of("GET"),
            "revocation_endpoint", Set.of("POST"),
            "introspection_endpoint", Set.of("POST"),
            "registration_endpoint", Set.of("POST"),
            "device_authorization_endpoint", Set.of("POST"),
            "userinfo_endpoint", Set.of("GET", "POST"),
            "end_session_endpoint", Set.of("GET", "POST"),
            "pushed_authorization_request_endpoint", Set.of("POST"));

    private static final PathPatternParser PATTERNS = PathPatternParser.defaultInstance;
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Pattern RESOURCE_METADATA = Pattern.compile("resource_metadata=\"([^\"]+)\"");

    private static Standalone standalone;
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static HttpResponse<byte[]> served;
    private static JsonNode document;

    @BeforeAll
    static void start() throws Exception {
        int port = dev.spendline.kafka.embedded.FreePorts.loopback();
        standalone = Standalone.start(Files.createTempDirectory("openapi-it"), port, 0, 1, Map.of());
        served = HTTP.send(
                HttpRequest.newBuilder(URI.create(standalone.baseUrl() + OpenApiDocument.PATH))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        document = Json.MAPPER.readTree(served.body());
    }

    @AfterAll
    static void stop() {
        if (standalone != null) {
            standalone.close();
        }
    }

    @Test
    void isServedWithoutACredentialAsTheBuilderMakesIt() throws Exception {
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        // As written: the served bytes read back equal the builder's document written and read back.
        assertThat(document).isEqualTo(Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(OpenApiDocument.build())));

        HttpResponse<String> post = send("POST", OpenApiDocument.PATH, null);
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET");
        assertThat(post.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    }

    @Test
    void everyRouteIsDocumentedAndEveryDocumentedRouteIsServed() throws Exception {
        Set<String> served = servedRoutes();
        Set<String> documented = documentedRoutes();

        Set<String> undocumented = new TreeSet<>();
        for (String route : served) {
            if (!documented.contains(route) && !leftOut(path(route))) {
                undocumented.add(route);
            }
        }
        Set<String> notServed = new TreeSet<>();
        Set<String> wronglyDocumented = new TreeSet<>();
        for (String route : documented) {
            if (!served.contains(route)) {
                notServed.add(route);
            }
            if (leftOut(path(route))) {
                wronglyDocumented.add(route);
            }
        }
        assertThat(undocumented).as("served but not in the document").isEmpty();
        assertThat(notServed).as("in the document but not served").isEmpty();
        assertThat(wronglyDocumented)
                .as("documented though meant to be left out")
                .isEmpty();
        // The enumeration saw every kind of way in: controllers, the ingest router, the MCP servlet, the
        // OAuth server's filters, the resource metadata.
        assertThat(served)
                .contains(
                        "GET /api/v1/reports/spend",
                        "POST /api/v1/events",
                        "POST /api/mcp",
                        "POST /oauth2/token",
                        "GET /.well-known/oauth-protected-resource/api/mcp",
                        "GET /app/spend");
    }

    /**
     * Real answers of the running application, success and refusal, each with a status the document
     * declares for its operation and a body valid against the schema declared for it (JSON Schema
     * 2020-12, formats asserted): what a generated client would be told is what it gets.
     */
    @Test
    void realAnswersHaveADeclaredStatusAndMatchTheirDeclaredSchema() throws Exception {
        var context = standalone.context();
        String workspace = context.getBean(WorkspaceRepository.class)
                .create("openapi " + UUID.randomUUID(), Plan.TEAM)
                .id();
        String key = context.getBean(ApiKeyRepository.class)
                .issue(workspace, "openapi")
                .secret();

        conforms(
                "POST",
                "/api/v1/events",
                key,
                """
                {"provider": "openai", "model": "gpt-4o", "promptTokens": 1200, "outputTokens": 300,
                 "costUsd": 0.0042, "feature": "search", "tenantId": "acme"}""",
                202);
        conforms("POST", "/api/v1/events", key, "{\"events\": []}", 400);
        conforms("POST", "/api/v1/internal-usage", key, "[]", 400);
        conforms("POST", "/api/v1/events", null, "{}", 401);
        // OTLP/JSON: the answer and a refusal (a google.rpc.Status) in the request's encoding.
        conforms("POST", "/v1/traces", key, "{\"resourceSpans\": []}", 200);
        conforms("POST", "/v1/traces", null, "{}", 401);

        for (ReadTool tool : ReadTool.values()) {
            conforms(
                    "GET", tool.path() + (tool == ReadTool.SPEND_BY ? "?by=feature" : ""), tool.path(), key, null, 200);
        }
        conforms("GET", "/api/v1/reports/spend", key, null, 400);
        conforms("GET", "/api/v1/reports/spend?by=feature", null, null, 401);

        conforms("POST", "/api/v1/ask", key, "{\"question\": \"What did we spend by feature this month?\"}", 200);
        conforms("POST", "/api/v1/ask", key, "{\"question\": \"\"}", 400);

        JsonNode budget = conforms(
                "POST",
                "/api/v1/budgets",
                key,
                """
                {"name": "search", "scope": "FEATURE", "scopeValue": "search", "period": "MONTHLY",
                 "limitUsd": 100}""",
                201);
        String budgetPath = "/api/v1/budgets/" + budget.get("id").stringValue();
        conforms("GET", "/api/v1/budgets", key, null, 200);
        // The definition reaches the topology's store a moment after Kafka acknowledged it.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (send("GET", budgetPath, key).statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        conforms("GET", budgetPath, "/api/v1/budgets/{id}", key, null, 200);
        conforms("DELETE", budgetPath, "/api/v1/budgets/{id}", key, null, 204);
        conforms("GET", "/api/v1/budgets/nope", "/api/v1/budgets/{id}", key, null, 404);

        JsonNode prepared = conforms(
                "POST",
                "/api/v1/ask/actions/prepare",
                key,
                """
                {"action": "create_budget", "name": "chat", "scope": "FEATURE", "scopeValue": "chat",
                 "period": "MONTHLY", "limitUsd": 50}""",
                200);
        String token = prepared.get("confirmationToken").stringValue();
        conforms(
                "POST",
                "/api/v1/ask/actions/confirm",
                key,
                "{\"confirmationToken\": \"" + token + "\", \"confirmationPhrase\": \"not it\"}",
                422);
        conforms(
                "POST",
                "/api/v1/ask/actions/confirm",
                key,
                "{\"confirmationToken\": \"" + token + "\", \"confirmationPhrase\": \""
                        + prepared.get("confirmationPhrase").stringValue() + "\"}",
                200);
        conforms("POST", "/api/v1/ask/actions/prepare", key, "{\"action\": \"nothing\"}", 400);

        conforms(
                "POST",
                "/api/v1/alerts/nope/snooze",
                "/api/v1/alerts/{id}/snooze",
                key,
                "{\"hours\": 1, \"reason\": \"known spike\"}",
                404);

        String month = YearMonth.now(ZoneOffset.UTC).toString();
        conforms(
                "PUT",
                "/api/v1/settings/revenue/acme/" + month,
                "/api/v1/settings/revenue/{tenantId}/{month}",
                key,
                "{\"amountUsd\": 1250.00}",
                200);
        conforms(
                "PUT",
                "/api/v1/settings/revenue/" + month + "?tenantId=team%2Feu",
                "/api/v1/settings/revenue/{month}",
                key,
                "{\"amountUsd\": 10}",
                200);
        conforms(
                "DELETE",
                "/api/v1/settings/revenue/acme/" + month,
                "/api/v1/settings/revenue/{tenantId}/{month}",
                key,
                null,
                204);

        conforms("GET", "/api/v1/settings/otlp-mapping", key, null, 200);
        conforms(
                "PUT",
                "/api/v1/settings/otlp-mapping",
                key,
                "{\"tenantId\": [\"app.customer\", \"spendline.tenant_id\"], \"feature\": null}",
                200);
        conforms("PUT", "/api/v1/settings/otlp-mapping", key, "{\"tenant\": []}", 400);
        conforms("DELETE", "/api/v1/settings/otlp-mapping", key, null, 204);

        conforms("GET", "/api/v1/experiments", key, null, 200);
        conforms("GET", "/api/v1/experiments/nope", "/api/v1/experiments/{experimentId}", key, null, 404);

        JsonNode webhook = conforms("POST", "/api/v1/webhooks", key, "{\"url\": \"http://127.0.0.1:9/hook\"}", 201);
        String webhookPath = "/api/v1/webhooks/" + webhook.at("/webhook/id").stringValue();
        conforms("GET", "/api/v1/webhooks", key, null, 200);
        conforms("GET", webhookPath, "/api/v1/webhooks/{id}", key, null, 200);
        conforms("POST", webhookPath + "/rotate-secret", "/api/v1/webhooks/{id}/rotate-secret", key, null, 200);
        conforms("POST", webhookPath + "/test", "/api/v1/webhooks/{id}/test", key, null, 200);
        conforms("GET", webhookPath + "/attempts", "/api/v1/webhooks/{id}/attempts", key, null, 200);
        conforms("POST", webhookPath + "/enable", "/api/v1/webhooks/{id}/enable", key, null, 200);
        conforms("DELETE", webhookPath, "/api/v1/webhooks/{id}", key, null, 204);
        conforms("POST", "/api/v1/webhooks", key, "{\"url\": \"ftp://example\"}", 400);

        conforms(
                "POST",
                "/api/mcp",
                key,
                """
                {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
                 "capabilities": {}, "clientInfo": {"name": "openapi-it", "version": "1"}}}""",
                200);
        conforms("POST", "/api/mcp", null, "{}", 401);

        conforms("GET", "/.well-known/oauth-authorization-server", null, null, 200);
        conforms("GET", "/.well-known/oauth-protected-resource/api/mcp", null, null, 200);
        conforms("POST", "/oauth2/token", null, "grant_type=authorization_code&client_id=nobody&code=x", 401);
        conforms(
                "POST",
                "/oauth2/token",
                null,
                "grant_type=authorization_code&client_id=spendline-collector&code=not-a-code&code_verifier="
                        + "x".repeat(43) + "&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback",
                400);
    }

    @Test
    void passesRedoclyLintWithTheRecommendedRulesAsErrors() throws Exception {
        NodeClients.requireOrSkip(
                List.of(NodeClients.node().orElse(Path.of("node (not on PATH)")), NodeClients.REDOCLY),
                System.getenv(NodeClients.REQUIRE_VARIABLE));
        NodeClients.Home home = NodeClients.newHome("redocly");
        Files.write(home.work().resolve("openapi.json"), served.body());
        for (String file : List.of("redocly.yaml", ".redocly.lint-ignore.yaml")) {
            try (InputStream in = OpenApiIT.class.getResourceAsStream("/openapi/" + file)) {
                Files.write(home.work().resolve(file), in.readAllBytes());
            }
        }
        NodeClients.Result lint = home.run(
                List.of(
                        NodeClients.node().orElseThrow().toString(),
                        NodeClients.REDOCLY.toString(),
                        "lint",
                        "openapi.json",
                        "--format=stylish"),
                Map.of("REDOCLY_TELEMETRY", "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE", "true"),
                Duration.ofMinutes(2));
        lint.assertSucceeded();
        assertThat(lint.stdout() + lint.stderr()).contains("valid");
    }

    private static JsonNode conforms(String method, String path, String key, String body, int expected)
            throws Exception {
        int query = path.indexOf('?');
        return conforms(method, path, query < 0 ? path : path.substring(0, query), key, body, expected);
    }

    /**
     * Sends the request and checks its answer against the document's operation {@code method
     * template}: the expected status, declared there, and the body valid against the schema declared
     * for its content type (or no body where none is declared). Answers the body.
     */
    private static JsonNode conforms(String method, String path, String template, String key, String body, int expected)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(standalone.baseUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json, text/event-stream")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header(
                    "Content-Type",
                    body.startsWith("{") || body.startsWith("[")
                            ? "application/json"
                            : "application/x-www-form-urlencoded");
        }
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpResponse<String> answer = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        String what = method + " " + path + " -> " + answer.statusCode() + " " + answer.body();
        assertThat(answer.statusCode()).as(what).isEqualTo(expected);

        JsonNode operation = document.path("paths").path(template).path(method.toLowerCase());
        assertThat(operation.isObject())
                .as("the document has " + method + " " + template)
                .isTrue();
        JsonNode declared = operation.path("responses").path(String.valueOf(expected));
        assertThat(declared.isObject())
                .as(what + ": a status the document declares")
                .isTrue();
        if (declared.has("$ref")) {
            declared = document.at(declared.get("$ref").stringValue().substring(1));
        }
        if (!declared.has("content")) {
            assertThat(answer.body()).as(what + ": no body declared").isEmpty();
            return null;
        }
        String type = answer.headers()
                .firstValue("Content-Type")
                .orElse("")
                .split(";")[0]
                .trim();
        JsonNode schema = declared.path("content").path(type).path("schema");
        assertThat(schema.isObject())
                .as(what + ": content type " + type + " declared")
                .isTrue();
        JsonNode json = Json.MAPPER.readTree(answer.body());
        // The declared schema with the document's components beside it, so its references resolve.
        ObjectNode withComponents = Json.MAPPER.createObjectNode();
        withComponents.putArray("allOf").add(schema);
        withComponents.set("components", document.get("components"));
        List<Error> errors = SCHEMAS.getSchema(withComponents)
                .validate(json, context -> context.executionConfig(c -> c.formatAssertionsEnabled(true)));
        assertThat(errors).as(what + ": valid against " + schema).isEmpty();
        return json;
    }

    /** "METHOD /path" of every route the running application serves on its public port. */
    private static Set<String> servedRoutes() throws Exception {
        ApplicationContext context = standalone.context();
        Set<String> routes = new TreeSet<>();
        // Controllers (Spring MVC's @RequestMapping).
        for (RequestMappingHandlerMapping mapping :
                context.getBeansOfType(RequestMappingHandlerMapping.class).values()) {
            for (RequestMappingInfo info : mapping.getHandlerMethods().keySet()) {
                Set<String> methods = new TreeSet<>();
                info.getMethodsCondition().getMethods().forEach(m -> methods.add(m.name()));
                for (String pattern : info.getPatternValues()) {
                    for (String path : ONE_HANDLER_FOR_DECLARED_PATHS.getOrDefault(pattern, List.of(pattern))) {
                        if (methods.isEmpty()) {
                            // No method condition: every method reaches the handler (the error path, a page).
                            routes.add("* " + path);
                        }
                        methods.forEach(m -> routes.add(m + " " + path));
                    }
                }
            }
        }
        // The gateway's ingest router (WebFlux), which the standalone serves through a servlet.
        @SuppressWarnings("unchecked")
        RouterFunction<ServerResponse> ingest = context.getBean("ingestRouter", RouterFunction.class);
        ingest.accept(new IngestRoutes(routes));
        // Other servlets: their methods are what they answer 405 for another method with.
        for (ServletRegistrationBean<?> servlet :
                context.getBeansOfType(ServletRegistrationBean.class).values()) {
            if (servlet.getServlet() instanceof DispatcherServlet
                    || servlet.getServlet() instanceof ServletHttpHandlerAdapter) {
                continue;
            }
            for (String path : servlet.getUrlMappings()) {
                HttpResponse<String> get =
                        send("GET", path, standalone.firstKey().orElseThrow().secret());
                assertThat(get.statusCode()).as("GET " + path).isEqualTo(405);
                for (String method :
                        get.headers().firstValue("Allow").orElseThrow().split(",\\s*")) {
                    routes.add(method + " " + path);
                }
            }
        }
        // The OAuth authorization server's endpoints, as its metadata names them, and the metadata.
        for (String metadata :
                List.of("/.well-known/oauth-authorization-server", "/.well-known/openid-configuration")) {
            HttpResponse<String> answer = send("GET", metadata, null);
            assertThat(answer.statusCode()).as(metadata).isEqualTo(200);
            routes.add("GET " + metadata);
            JsonNode named = Json.MAPPER.readTree(answer.body());
            for (String field : named.propertyNames()) {
                if (field.endsWith("_endpoint") || field.equals("jwks_uri")) {
                    Set<String> methods = METADATA_ENDPOINTS.get(field);
                    assertThat(methods)
                            .as("the method of " + field + " (add it to METADATA_ENDPOINTS)")
                            .isNotNull();
                    String path = URI.create(named.get(field).stringValue()).getPath();
                    methods.forEach(m -> routes.add(m + " " + path));
                }
            }
        }
        // The protected resource metadata, where an unauthenticated MCP request points, and at the root.
        HttpResponse<String> unauthenticated = send("POST", "/api/mcp", null);
        Matcher where = RESOURCE_METADATA.matcher(
                unauthenticated.headers().firstValue("WWW-Authenticate").orElseThrow());
        assertThat(where.find()).isTrue();
        String resourceMetadata = URI.create(where.group(1)).getPath();
        for (String path :
                List.of(resourceMetadata, resourceMetadata.substring(0, resourceMetadata.indexOf("/api/")))) {
            assertThat(send("GET", path, null).statusCode()).as(path).isEqualTo(200);
            routes.add("GET " + path);
        }
        return routes;
    }

    /** "METHOD /path" of every operation of the document. */
    private static Set<String> documentedRoutes() {
        Set<String> routes = new TreeSet<>();
        for (String path : document.get("paths").propertyNames()) {
            for (String method : document.get("paths").get(path).propertyNames()) {
                routes.add(method.toUpperCase() + " " + path);
            }
        }
        return routes;
    }

    private static String path(String route) {
        return route.substring(route.indexOf(' ') + 1);
    }

    private static boolean leftOut(String path) {
        for (String excluded : NOT_IN_THE_DOCUMENT) {
            PathPattern pattern = PATTERNS.parse(excluded);
            if (excluded.equals(path) || pattern.matches(PathContainer.parsePath(path))) {
                return true;
            }
        }
        return false;
    }

    private static HttpResponse<String> send(String method, String path, String key)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(standalone.baseUrl() + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Reads each route of a router function: the methods and paths its predicate names. A route
     * without a method (the ingest paths' 405 for any other method) adds nothing.
     */
    private static final class IngestRoutes implements RouterFunctions.Visitor, RequestPredicates.Visitor {

        private final Set<String> routes;
        private final List<String> methods = new ArrayList<>();
        private final List<String> paths = new ArrayList<>();

        IngestRoutes(Set<String> routes) {
            this.routes = routes;
        }

        @Override
        public void route(RequestPredicate predicate, HandlerFunction<?> handlerFunction) {
            methods.clear();
            paths.clear();
            predicate.accept(this);
            for (String method : methods) {
                for (String path : paths) {
                    routes.add(method + " " + path);
                }
            }
        }

        @Override
        public void method(Set<HttpMethod> httpMethods) {
            httpMethods.forEach(m -> methods.add(m.name()));
        }

        @Override
        public void path(String pattern) {
            paths.add(pattern);
        }

        @Override
        public void startNested(RequestPredicate predicate) {}

        @Override
        public void endNested(RequestPredicate predicate) {}

        @Override
        public void resources(
                java.util.function.Function<
                                ServerRequest, reactor.core.publisher.Mono<org.springframework.core.io.Resource>>
                        lookupFunction) {}

        @Override
        public void attributes(Map<String, Object> attributes) {}

        @Override
        public void unknown(RouterFunction<?> routerFunction) {
            throw new AssertionError("A route the test cannot read: " + routerFunction);
        }

        @Override
        public void pathExtension(String extension) {}

        @Override
        public void header(String name, String value) {}

        @Override
        public void version(String version) {}

        @Override
        public void queryParam(String name, String value) {}

        @Override
        public void startAnd() {}

        @Override
        public void and() {}

        @Override
        public void endAnd() {}

        @Override
        public void startOr() {}

        @Override
        public void or() {}

        @Override
        public void endOr() {}

        @Override
        public void startNegate() {}

        @Override
        public void endNegate() {}

        @Override
        public void unknown(RequestPredicate predicate) {
            throw new AssertionError("A route predicate the test cannot read: " + predicate);
        }
    }
}
